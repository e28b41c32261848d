import { inTurns } from './in-turns';

describe('inTurns (keys take turns, each key’s items in order)', () => {
  const key = (item: string) => item[0];
  it.each([
    ['nothing', [], []],
    ['one key: as given', ['a1', 'a2', 'a3'], ['a1', 'a2', 'a3']],
    [
      'a burst of one key does not go before another’s one item',
      ['b1', 'b2', 'b3', 'b4', 'q1'],
      ['b1', 'q1', 'b2', 'b3', 'b4'],
    ],
    ['keys in the order they first appear', ['x1', 'y1', 'x2', 'z1', 'y2'], ['x1', 'y1', 'z1', 'x2', 'y2']],
  ])('%s', (_name, items, expected) => {
    expect(inTurns(items, key)).toEqual(expected);
  });
});
