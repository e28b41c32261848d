/**
 * Values that repeat over the rows of a file kept once: a state, a date, a supuesto, a 69-B oficio
 * shared by hundreds of taxpayers. `raw` keeps every cell of every row, so without this a
 * 300,000-row Art. 69 file would hold a million copies of a hundred thousand strings.
 */
export class StringPool {
  private readonly strings = new Map<string, string>();

  /** Past `limit` distinct values it stops remembering (a column of unique values gains nothing). */
  constructor(private readonly limit = 200_000) {}

  intern(value: string): string {
    const known = this.strings.get(value);
    if (known !== undefined) return known;
    if (this.strings.size < this.limit) this.strings.set(value, value);
    return value;
  }

  /** The record's cells interned in place, except those at `unique` (the RFC, the name). */
  internCells(cells: string[], unique: readonly number[]): string[] {
    for (let i = 0; i < cells.length; i++) if (!unique.includes(i)) cells[i] = this.intern(cells[i]);
    return cells;
  }
}
