import { StringPool } from './string-pool';

// Which copy of a string a program holds cannot be observed from JavaScript; what the pool saves
// is measured by scripts/bench/watch-list-read.js (peak RSS). These pin that it changes no value.
describe('StringPool', () => {
  it('interns every cell but the unique ones, values unchanged', () => {
    const pool = new StringPool();
    const cells = ['AIMO6811069F7', 'JALISCO', 'F'];
    expect(pool.internCells(cells, [0])).toBe(cells);
    expect(pool.internCells(['SIF150302K8A', ['JAL', 'ISCO'].join(''), 'F'], [0])).toEqual([
      'SIF150302K8A',
      'JALISCO',
      'F',
    ]);
  });

  it('stops remembering past its limit and still answers the value', () => {
    const pool = new StringPool(1);
    expect([pool.intern('a'), pool.intern('b'), pool.intern('b')]).toEqual(['a', 'b', 'b']);
  });
});
