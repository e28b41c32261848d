import { createReadStream } from 'node:fs';

/** One line of a JSON Lines file: its number (from 1) and its text, or null when it is not UTF-8. */
export interface NumberedLine {
  number: number;
  text: string | null;
}

const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/**
 * The lines of a JSON Lines file (https://jsonlines.org: UTF-8, one value a line, `\n` or `\r\n`),
 * streamed: a file of any size holds one chunk and one line in memory. Each line is decoded on its
 * own and strictly, so a line that is not UTF-8 is reported as such instead of being read with
 * replacement characters in it. It only reads; what a line means is the caller's.
 */
export async function* readJsonLines(path: string): AsyncGenerator<NumberedLine> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const decode = (bytes: Buffer): string | null => {
    try {
      return decoder.decode(bytes.at(-1) === CARRIAGE_RETURN ? bytes.subarray(0, -1) : bytes);
    } catch {
      return null;
    }
  };
  let number = 0;
  let pending: Buffer[] = [];
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 }) as AsyncIterable<Buffer>) {
    let start = 0;
    for (let end = chunk.indexOf(NEWLINE); end >= 0; end = chunk.indexOf(NEWLINE, start)) {
      pending.push(chunk.subarray(start, end));
      yield { number: ++number, text: decode(Buffer.concat(pending)) };
      pending = [];
      start = end + 1;
    }
    if (start < chunk.length) pending.push(chunk.subarray(start));
  }
  const last = Buffer.concat(pending);
  if (last.length > 0) yield { number: number + 1, text: decode(last) };
}
