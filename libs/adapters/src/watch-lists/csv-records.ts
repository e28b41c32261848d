import { createReadStream } from 'node:fs';
import { Readable, pipeline } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import iconv from 'iconv-lite';
import type { NamedFile } from './watch-list-read';
import { WatchListFileRefused } from './watch-list-file-refused';
import { MAX_RECORD_CHARACTERS, recordTooLong } from './record-limits';

/** One CSV record: its cells as published and the 1-based line of the file where it starts. */
export interface CsvRecord {
  cells: string[];
  line: number;
}

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** How a source's CSV files are read. */
export interface CsvReading {
  /**
   * Who publishes the files, when they publish them in Windows-1252 only (the SAT): a file in
   * UTF-8 was re-saved by an editor or a spreadsheet, and is refused naming its encoding.
   */
  windows1252Only?: string;
}

/**
 * True when a chunk with bytes above 0x7F is UTF-8: every such byte belongs to a well-formed UTF-8
 * sequence (one cut by the chunk's end aside). Spanish text in Windows-1252 never is (`Ó` alone is
 * 0xD3, which UTF-8 never follows with a letter), and UTF-8 text always is.
 */
export function looksUtf8(chunk: Buffer): boolean {
  let multibyte = false;
  for (let i = 0; i < chunk.length; i++) {
    const byte = chunk[i];
    if (byte < 0x80) continue;
    const length =
      byte >= 0xc2 && byte <= 0xdf
        ? 2
        : byte >= 0xe0 && byte <= 0xef
          ? 3
          : byte >= 0xf0 && byte <= 0xf4
            ? 4
            : 0;
    if (length === 0) return false;
    for (let k = 1; k < length; k++) {
      if (i + k >= chunk.length) return multibyte || k > 1;
      if ((chunk[i + k] & 0xc0) !== 0x80) return false;
    }
    multibyte = true;
    i += length - 1;
  }
  return multibyte;
}

/**
 * The file's text, decoded as it streams: Windows-1252 as the SAT and OFAC publish (a byte that
 * does not decode becomes U+FFFD, the reading never stops on it), or UTF-8 when the file starts
 * with a UTF-8 byte order mark (a list re-saved by a spreadsheet as "CSV UTF-8"), unless the
 * publisher never writes UTF-8 (`windows1252Only`): then such a file is refused, saying so.
 */
async function* decodedText(file: NamedFile, reading: CsvReading): AsyncGenerator<string> {
  let decoder: ReturnType<typeof iconv.getDecoder> | undefined;
  let checked = !reading.windows1252Only;
  for await (const chunk of createReadStream(file.path) as AsyncIterable<Buffer>) {
    const bom = decoder === undefined && chunk.subarray(0, 3).equals(UTF8_BOM);
    if (!checked && (bom || chunk.some((byte) => byte >= 0x80))) {
      checked = true;
      if (bom || looksUtf8(chunk))
        throw new WatchListFileRefused(
          'encoding',
          file.name,
          `it is encoded in UTF-8, and ${reading.windows1252Only} publishes it in Windows-1252 only: it was re-saved by an editor or a spreadsheet. Import the file as downloaded.`,
        );
    }
    decoder ??= iconv.getDecoder(bom ? 'utf8' : 'win1252');
    const text = decoder.write(chunk);
    if (text) yield text;
  }
  const rest = decoder?.end();
  if (rest) yield rest;
}

/** A record with nothing in it: filler rows (`,,,,`) and OFAC's end-of-file mark (Ctrl-Z). */
function isBlank(cells: string[]): boolean {
  return cells.every((cell) => cell.replaceAll('\x1a', '').trim() === '');
}

function lengthOf(cells: string[]): number {
  let length = 0;
  for (const cell of cells) length += cell.length;
  return length;
}

/** Line breaks inside a record's quoted cells: they push the next record's line down. */
function lineBreaksIn(cells: string[]): number {
  let breaks = 0;
  for (const cell of cells)
    if (cell.includes('\n') || cell.includes('\r')) breaks += cell.match(/\r\n|\r|\n/g)?.length ?? 0;
  return breaks;
}

/**
 * The records of a CSV file as they stream (comma, double quotes, CRLF or LF; quoted cells may
 * hold line breaks), blank records left out. Quotes out of place and rows of another length are
 * read as they stand, for the reader to judge; a file that ends inside a quoted cell (a truncated
 * download) is refused. The start line of each record is counted here (csv-parse counts a CRLF
 * inside quotes as two lines): empty lines come as records of one empty cell, so every record
 * takes one line plus the line breaks inside its cells. A record longer than
 * MAX_RECORD_CHARACTERS (a line without end, a quote never closed) refuses the file as soon as the
 * parser holds that much of it, naming the line where it starts.
 */
export async function* csvRecords(file: NamedFile, reading: CsvReading = {}): AsyncGenerator<CsvRecord> {
  const parser = parse({
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    max_record_size: MAX_RECORD_CHARACTERS,
  });
  const records = pipeline(Readable.from(decodedText(file, reading)), parser, () => undefined);
  let line = 1;
  try {
    for await (const cells of records as AsyncIterable<string[]>) {
      // csv-parse checks its bound before it takes each next character: a last record that ends
      // the file one character past the bound is only caught here.
      if (lengthOf(cells) > MAX_RECORD_CHARACTERS)
        throw recordTooLong(file.name, `the record at line ${line}`);
      const start = line;
      line += 1 + lineBreaksIn(cells);
      if (!isBlank(cells)) yield { cells, line: start };
    }
  } catch (error) {
    if (error instanceof CsvError && error.code === 'CSV_MAX_RECORD_SIZE')
      throw recordTooLong(file.name, `the record at line ${line}`);
    throw refusalOf(file, error);
  } finally {
    records.destroy();
  }
}

/** A file that cannot be opened or parsed, as a refusal that says why. */
export function refusalOf(file: NamedFile, error: unknown): unknown {
  if (error instanceof WatchListFileRefused) return error;
  if (error instanceof CsvError)
    return new WatchListFileRefused('unreadable', file.name, `it does not parse as CSV: ${error.message}`);
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOENT' || code === 'EISDIR' || code === 'EACCES')
    return new WatchListFileRefused('unreadable', file.name, `it cannot be opened (${code}: ${file.path})`);
  return error;
}
