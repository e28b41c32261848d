import { redactedSatEntry, type SatRow, type WatchListEntry, type WatchListSource } from '@app/domain';

/**
 * The rows of an SAT source grouped by RFC as they are read, in the order RFCs first appear; a
 * redacted row stays on its own (nobody can tell whose it is).
 */
export class SatRowGroups {
  private readonly groups = new Map<string, SatRow[]>();
  private readonly redactedLines = new Map<string, number>();

  constructor(private readonly source: WatchListSource) {}

  add(row: SatRow, line: number): void {
    if (row.redacted) {
      const key = `${row.rfc}@${row.published.file}:${line}`;
      this.groups.set(key, [row]);
      this.redactedLines.set(key, line);
      return;
    }
    const rows = this.groups.get(row.rfc);
    if (rows) rows.push(row);
    else this.groups.set(row.rfc, [row]);
  }

  /** One entry per group: `entryOf` reads the rows of one RFC (the 69-B situación, the Art. 69 supuestos). */
  entries(entryOf: (rows: SatRow[]) => WatchListEntry): WatchListEntry[] {
    const entries: WatchListEntry[] = [];
    for (const [key, rows] of this.groups) {
      const line = this.redactedLines.get(key);
      entries.push(
        line === undefined ? entryOf(rows) : redactedSatEntry(this.source, rows[0], line, rows[0].status),
      );
    }
    return entries;
  }
}
