import { fairChunks } from './fair-chunks';

describe('fairChunks', () => {
  const key = (item: string) => item[0];

  it.each([
    [[], 2, []],
    [['a1', 'a2', 'a3'], 2, [['a1', 'a2'], ['a3']]],
    [['a1', 'a2', 'a3', 'a4', 'a5', 'b1'], 2, [['a1', 'a2'], ['b1'], ['a3', 'a4'], ['a5']]],
    [['a1', 'b1', 'a2', 'c1', 'b2'], 2, [['a1', 'a2'], ['b1', 'b2'], ['c1']]],
  ])('%j in chunks of %p -> %j', (items, size, expected) => {
    expect(fairChunks(items, size, key)).toEqual(expected);
  });
});
