import {
  ClientBacklog,
  comparePositions,
  globalPositionAfter,
  justBefore,
  LogPosition,
  takeInTurns,
  eventsToRead,
  planPass,
} from './fair-dispatch';

const at = (text: string): LogPosition => {
  const [txId, seq] = text.split('/');
  return { txId, seq };
};
/** A client's backlog written as `<client>:<deliveries of each event, comma-separated>`. */
const backlog = (text: string): ClientBacklog => {
  const [clientId, list] = text.split(':');
  return { clientId, deliveries: list ? list.split(',').map(Number) : [] };
};
const twenty = (count: number) => backlog(`busy:${Array.from({ length: count }, () => 20).join(',')}`);

describe('comparePositions (log order: transaction id, then sequence)', () => {
  it.each([
    ['same position', '5/7', '5/7', 0],
    ['an older transaction first, whatever its sequence', '5/900', '6/1', -1],
    ['same transaction: by sequence', '6/2', '6/10', -1],
    ['past 2^53: compared exactly', '9007199254740993/1', '9007199254740992/1', 1],
  ])('%s', (_name, a, b, expected) => {
    expect(comparePositions(at(a), at(b))).toBe(expected);
    expect(comparePositions(at(b), at(a))).toBe(-expected || 0);
  });

  it('justBefore is the position right before: nothing lies between', () => {
    expect(justBefore(at('12/40'))).toEqual(at('12/39'));
    expect(comparePositions(justBefore(at('12/40')), at('12/40'))).toBe(-1);
  });
});

describe('takeInTurns (a pass takes every client’s events in turns)', () => {
  it.each([
    ['nothing pending', [], { events: 500, deliveriesPerClient: 2000 }, []],
    [
      'one client takes up to its share of deliveries',
      [twenty(300)],
      { events: 500, deliveriesPerClient: 2000 },
      [100],
    ],
    [
      'a burst of one client does not crowd out another’s one event',
      [twenty(300), backlog('quiet:1')],
      { events: 500, deliveriesPerClient: 2000 },
      [100, 1],
    ],
    [
      'the event limit is shared in turns: the quiet client’s events are not last',
      [twenty(300), backlog('quiet:1,1,1')],
      { events: 4, deliveriesPerClient: 2000 },
      [2, 2],
    ],
    [
      'a client’s first event goes even when it alone passes the share (every client moves on)',
      [twenty(3)],
      { events: 500, deliveriesPerClient: 5 },
      [1],
    ],
    [
      'events nobody receives cost no share, only room in the pass',
      [backlog('a:0,0,0,0,0'), backlog('b:3,3')],
      { events: 500, deliveriesPerClient: 4 },
      [5, 1],
    ],
    [
      'a client stops at the first event past its share (its order holds)',
      [backlog('a:1,5,1')],
      { events: 500, deliveriesPerClient: 4 },
      [1],
    ],
    [
      'a client with nothing read takes nothing',
      [backlog('a:'), backlog('b:1')],
      { events: 10, deliveriesPerClient: 10 },
      [0, 1],
    ],
    [
      'the order given decides who goes first in a round',
      [backlog('old:1,1'), backlog('new:1,1')],
      { events: 3, deliveriesPerClient: 10 },
      [2, 1],
    ],
  ])('%s', (_name, backlogs, limits, expected) => {
    expect(takeInTurns(backlogs, limits)).toEqual(expected);
  });
});

describe('globalPositionAfter (below it, every event is dispatched)', () => {
  it.each([
    ['nothing left behind: to the last visible event', '10/1', [], '42/9', '42/9'],
    ['nothing left, nothing visible: stays', '10/1', [], null, '10/1'],
    ['right before the first event left behind', '10/1', ['30/5', '20/8'], '42/9', '20/7'],
    ['never backwards', '25/1', ['20/8'], '42/9', '25/1'],
    ['left behind right after it: stays', '20/7', ['20/8'], '42/9', '20/7'],
  ])('%s', (_name, current, left, visible, expected) => {
    expect(globalPositionAfter(at(current), left.map(at), visible === null ? null : at(visible))).toEqual(
      at(expected),
    );
  });
});

describe('eventsToRead (as many as a client could take, and a marker)', () => {
  it.each([
    ['20 endpoints, 2,000 deliveries a pass: 100 events and the marker', 20, 101],
    ['one endpoint: the pass’s event limit rules', 1, 501],
    ['no enabled endpoint (only tests go): as one', 0, 501],
    ['more endpoints than the share: still one event and the marker', 5000, 2],
  ])('%s', (_name, endpoints, expected) => {
    expect(eventsToRead({ events: 500, deliveriesPerClient: 2000 }, endpoints)).toBe(expected);
  });
});

describe('planPass (what a pass dispatches, and how far each position moves)', () => {
  /** Events of a client written as positions `tx/seq`. */
  const read = (clientId: string, positions: string[], limit = 100) => ({
    clientId,
    events: positions.map(at),
    limit,
  });
  const limits = { events: 500, deliveriesPerClient: 4 };

  it('takes each client’s events in turns, up to its share, and notes the first it left', () => {
    const plan = planPass([read('busy', ['1/1', '1/2', '1/3']), read('quiet', ['2/4'])], () => 2, limits);
    expect(plan.taken).toEqual([at('1/1'), at('1/2'), at('2/4')]);
    expect(plan.clientPositions).toEqual([
      { clientId: 'busy', position: at('1/2') },
      { clientId: 'quiet', position: at('2/4') },
    ]);
    expect(plan.leftBehind).toEqual([at('1/3')]);
  });

  it('never takes a full read’s marker: what follows it was not read', () => {
    const plan = planPass([read('a', ['1/1', '1/2', '1/3'], 3)], () => 0, limits);
    expect(plan.taken).toEqual([at('1/1'), at('1/2')]);
    expect(plan.leftBehind).toEqual([at('1/3')]);
  });

  it('leaves nothing behind when every client’s read was taken whole', () => {
    const plan = planPass([read('a', ['1/1']), read('b', ['1/2', '3/1'])], () => 1, limits);
    expect(plan.taken).toHaveLength(3);
    expect(plan.leftBehind).toEqual([]);
  });
});
