import { basename } from 'node:path';
import type { RejectedRow, WatchListEntry } from '@app/domain';
import { WatchListFileRefused } from './watch-list-file-refused';

/** A file to read; `name` (by default the path's file name) is how rejections and `raw` cite it. */
export interface WatchListFile {
  path: string;
  name?: string;
}

/** A file with its name settled. */
export interface NamedFile {
  path: string;
  name: string;
}

export function named(file: WatchListFile): NamedFile {
  return { path: file.path, name: file.name ?? basename(file.path) };
}

/** What one file gave: its kind (`Firmes`, `sdn`, ...) and its data rows. */
export interface FileRead {
  file: string;
  kind: string;
  rows: number;
}

/** What the files of one source say (docs/watch-lists.md's version, before it is written). */
export interface WatchListRead {
  /** `YYYY-MM-DD` as the files state it (69-B preamble, UN `dateGenerated`); null when they do not. */
  asOf: string | null;
  /** Data rows read (records of every file, rejected, redacted and skipped ones included). */
  rows: number;
  /** The listed parties after grouping by the source's key, redacted ones included (flagged). */
  entries: WatchListEntry[];
  /** Every row that could not be read, in file order (the version keeps the first 100). */
  rejected: RejectedRow[];
  /** Rows the publisher blanked out (SAT RFC `XXXXXXXXXXXX`). */
  redacted: number;
  /** Records the source does not screen: FtM schemas other than `Person`, OFAC vessels and aircraft. */
  skipped: number;
  files: FileRead[];
}

/** What a reader counts while it reads; `finish` refuses a read that found nothing to list. */
export class ReadTally {
  rows = 0;
  redacted = 0;
  skipped = 0;
  readonly rejected: RejectedRow[] = [];
  readonly files: FileRead[] = [];

  reject(file: string, line: number, reason: string): void {
    this.rejected.push({ line, file, reason });
  }

  /** Records a file's rows once read; a file without data rows is refused. */
  fileRead(file: string, kind: string, rows: number): void {
    if (rows === 0) throw new WatchListFileRefused('no-data', file, 'it has no data rows');
    this.files.push({ file, kind, rows });
  }

  finish(asOf: string | null, entries: WatchListEntry[]): WatchListRead {
    if (entries.length === 0)
      throw new WatchListFileRefused(
        'no-data',
        null,
        `none of the ${this.rows} data rows gives a listed party${this.rejected.length ? ` (first rejection: line ${this.rejected[0].line} of ${this.rejected[0].file}: ${this.rejected[0].reason})` : ''}`,
        this.rejected.slice(0, 100),
      );
    return {
      asOf,
      rows: this.rows,
      entries,
      rejected: this.rejected,
      redacted: this.redacted,
      skipped: this.skipped,
      files: this.files,
    };
  }
}
