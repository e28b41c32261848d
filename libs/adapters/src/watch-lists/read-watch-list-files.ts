import type { WatchListSource } from '@app/domain';
import { readOfacSdn } from './ofac-sdn.reader';
import { readPeps } from './peps.reader';
import { readSat69 } from './sat-69.reader';
import { readSat69b } from './sat-69b.reader';
import { readUnConsolidated } from './un-consolidated.reader';
import { named, type NamedFile, type WatchListFile, type WatchListRead } from './watch-list-read';
import { WatchListFileRefused } from './watch-list-file-refused';

/** Sources published as one file, and how it is called. */
const SINGLE_FILE: Partial<Record<WatchListSource, string>> = {
  'sat-69b': 'Listado_completo_69-B.csv',
  'un-consolidated': 'consolidated.xml',
  peps: 'a .jsonl file',
};

/** What a reading needs besides the files. */
export interface ReadOptions {
  /**
   * YYYY-MM-DD: the day of the import, which dates what the files leave undated (the century of a
   * física's RFC birth date in a list without an as-of date). Default: today (UTC).
   */
  importDate?: string;
}

/**
 * Reads the files of one source as the publisher writes them (docs/watch-lists.md), streaming: the
 * entries, the rows that could not be read, the as-of date the files state. Throws
 * `WatchListFileRefused` when the files cannot make a version (docs/watch-lists.md). Never writes.
 */
export async function readWatchListFiles(
  source: WatchListSource,
  files: WatchListFile[],
  options: ReadOptions = {},
): Promise<WatchListRead> {
  const given = files.map(named);
  if (given.length === 0) throw new WatchListFileRefused('files', null, `no file given for ${source}`);
  const single = SINGLE_FILE[source];
  if (single && given.length > 1)
    throw new WatchListFileRefused(
      'files',
      null,
      `${source} reads one file (${single}); ${given.length} were given`,
    );
  return readers[source](given, options.importDate ?? new Date().toISOString().slice(0, 10));
}

const readers: Record<WatchListSource, (files: NamedFile[], importDate: string) => Promise<WatchListRead>> = {
  'sat-69b': ([file], importDate) => readSat69b(file, importDate),
  'sat-69': readSat69,
  'ofac-sdn': readOfacSdn,
  'un-consolidated': ([file]) => readUnConsolidated(file),
  peps: ([file]) => readPeps(file),
};
