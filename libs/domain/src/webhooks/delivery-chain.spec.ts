import { ChainLink, chainIsBusy, nextToRelease } from './delivery-chain';

/** A link written as `<id>:<scheduled|waiting>:<attempts made>`. */
const link = (text: string): ChainLink => {
  const [id, state, attempts] = text.split(':');
  return { id, scheduled: state === 'scheduled', attemptsMade: Number(attempts) };
};
const chain = (...links: string[]): ChainLink[] => links.map(link);

describe('nextToRelease (docs/integrators.md: a subject’s events in createdAt order)', () => {
  it.each([
    ['an empty chain releases nothing', chain(), null],
    ['the oldest waiting link goes when nothing is on its way', chain('b:waiting:0', 'c:waiting:0'), 'b'],
    ['one waiting link goes', chain('b:waiting:0'), 'b'],
    [
      'a scheduled link not yet attempted goes first: nothing more now',
      chain('a:scheduled:0', 'b:waiting:0'),
      null,
    ],
    [
      'a scheduled link later in the chain holds it too (a manual retry of an event never tried)',
      chain('b:waiting:0', 'x:scheduled:0'),
      null,
    ],
    [
      'a failed link retried on its schedule does not hold the others back',
      chain('a:scheduled:2', 'b:waiting:0', 'c:waiting:0'),
      'b',
    ],
    ['only links that wait are released', chain('a:scheduled:1'), null],
    [
      'the order given is the events’ order: the first waiting one, wherever it stands',
      chain('a:scheduled:3', 'b:scheduled:1', 'c:waiting:0', 'd:waiting:0'),
      'c',
    ],
  ])('%s', (_name, links, released) => {
    expect(nextToRelease(links)).toBe(released);
  });
});

describe('chainIsBusy (a new delivery waits behind a busy chain)', () => {
  it.each([
    ['empty', chain(), false],
    ['a link waiting for its turn', chain('a:waiting:0'), true],
    ['a link scheduled for its first attempt', chain('a:scheduled:0'), true],
    ['only links already attempted (being retried)', chain('a:scheduled:1', 'b:scheduled:4'), false],
  ])('%s: %s', (_name, links, busy) => {
    expect(chainIsBusy(links)).toBe(busy);
  });
});
