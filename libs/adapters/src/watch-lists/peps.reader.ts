import { createReadStream } from 'node:fs';
import { pepEntry, type WatchListEntry } from '@app/domain';
import { refusalOf } from './csv-records';
import { ReadTally, type NamedFile, type WatchListRead } from './watch-list-read';
import { WatchListFileRefused } from './watch-list-file-refused';
import { MAX_RECORD_CHARACTERS, recordTooLong } from './record-limits';

/**
 * The lines of a UTF-8 file (LF or CRLF) as they stream. Unlike readline, which keeps a line
 * however long it grows, a line past MAX_RECORD_CHARACTERS refuses the file once that much of it
 * is held (a chunk's worth more at most).
 */
async function* linesOf(file: NamedFile): AsyncGenerator<string> {
  let pending = '';
  let line = 1;
  const ended = (text: string) => {
    const content = text.endsWith('\r') ? text.slice(0, -1) : text;
    if (content.length > MAX_RECORD_CHARACTERS) throw recordTooLong(file.name, `line ${line}`);
    line++;
    return content;
  };
  for await (const chunk of createReadStream(file.path, { encoding: 'utf8' }) as AsyncIterable<string>) {
    let start = 0;
    for (let end = chunk.indexOf('\n'); end !== -1; end = chunk.indexOf('\n', start)) {
      const text = pending + chunk.slice(start, end);
      pending = '';
      start = end + 1;
      yield ended(text);
    }
    pending += chunk.slice(start);
    if (pending.length > MAX_RECORD_CHARACTERS + 1) throw recordTooLong(file.name, `line ${line}`);
  }
  if (pending) yield ended(pending);
}

/**
 * PEPs as OpenSanctions exports them (docs/watch-lists.md): FollowTheMoney entities, one JSON object per
 * line (UTF-8). `Person`s are read; other schemas are skipped; a line that is not JSON is a
 * rejected row; a line longer than MAX_RECORD_CHARACTERS refuses the file.
 */
export async function readPeps(file: NamedFile): Promise<WatchListRead> {
  const tally = new ReadTally();
  const entries: WatchListEntry[] = [];
  const keys = new Map<string, number>();
  let json = 0;
  let line = 0;
  try {
    for await (const text of linesOf(file)) {
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
