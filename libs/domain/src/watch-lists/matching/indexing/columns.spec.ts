import { fnv1a, rowLists, StringColumnBuilder, TermFilter, Uint32Builder } from './columns';

describe('columns', () => {
  it('grows a Uint32Builder past its capacity', () => {
    const builder = new Uint32Builder(2);
    for (let i = 0; i < 10; i++) builder.push(i * 3);
    expect(Array.from(builder.build())).toEqual([0, 3, 6, 9, 12, 15, 18, 21, 24, 27]);
  });

  it('stores and reads back strings, accents included', () => {
    const builder = new StringColumnBuilder();
    const values = ['GALJ800501AB1', '', 'MUÑO800101AB1', 'x'.repeat(100_000)];
    for (const value of values) builder.push(value);
    const column = builder.build();
    expect(column.length).toBe(4);
    expect(values.map((_, at) => column.get(at))).toEqual(values);
  });

  it('groups pairs by row, keeping their order', () => {
    const lists = rowLists(3, Uint32Array.from([2, 0, 2, 0]), Uint32Array.from([7, 1, 8, 2]));
    expect(Array.from(lists.starts)).toEqual([0, 2, 2, 4]);
    expect(Array.from(lists.values)).toEqual([1, 2, 7, 8]);
  });

  it('never says a term it holds is missing', () => {
    const terms = Array.from({ length: 5_000 }, (_, i) => `TERM${i}`);
    const filter = new TermFilter(terms);
    for (const term of terms) expect(filter.mayHave(fnv1a(term))).toBe(true);
    const absent = Array.from({ length: 5_000 }, (_, i) => `OTHER${i}`).filter((t) =>
      filter.mayHave(fnv1a(t)),
    );
    expect(absent.length).toBeLessThan(250);
  });
});
