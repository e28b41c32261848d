import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { pepEntry, type WatchListEntry } from '@app/domain';
import { refusalOf } from './csv-records';
import { ReadTally, type NamedFile, type WatchListRead } from './watch-list-read';
import { WatchListFileRefused } from './watch-list-file-refused';

/**
 * PEPs as OpenSanctions exports them (CONTRACT 10.1): FollowTheMoney entities, one JSON object per
 * line (UTF-8). `Person`s are read; other schemas are skipped; a line that is not JSON is a
 * rejected row.
 */
export async function readPeps(file: NamedFile): Promise<WatchListRead> {
  const tally = new ReadTally();
  const entries: WatchListEntry[] = [];
  const keys = new Map<string, number>();
  let json = 0;
  let line = 0;
  try {
    const lines = createInterface({
      input: createReadStream(file.path, { encoding: 'utf8' }),
      crlfDelay: Infinity,
    });
    for await (const text of lines) {
      line++;
      const content = line === 1 ? text.replace(/^\uFEFF/, '') : text;
      if (!content.trim()) continue;
      tally.rows++;
      let value: unknown;
      try {
        value = JSON.parse(content);
        json++;
      } catch (error) {
        tally.reject(file.name, line, `not JSON (${(error as Error).message})`);
        continue;
      }
      const reading = pepEntry(value);
      if ('skipped' in reading) tally.skipped++;
      else if ('rejected' in reading) tally.reject(file.name, line, reading.rejected);
      else if (keys.has(reading.entry.key))
        tally.reject(
          file.name,
          line,
          `id ${reading.entry.key} is listed twice (first at line ${keys.get(reading.entry.key)})`,
        );
      else {
        keys.set(reading.entry.key, line);
        entries.push(reading.entry);
      }
    }
  } catch (error) {
    throw refusalOf(file, error);
  }
  if (tally.rows > 0 && json === 0)
    throw new WatchListFileRefused(
      'unreadable',
      file.name,
      'no line of it is JSON: it is not a FollowTheMoney JSON lines file',
    );
  tally.fileRead(file.name, 'FollowTheMoney entities', tally.rows);
  return tally.finish(null, entries);
}
