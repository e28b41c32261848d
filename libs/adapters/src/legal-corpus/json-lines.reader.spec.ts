import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NumberedLine, readJsonLines } from './json-lines.reader';

const dir = mkdtempSync(join(tmpdir(), 'json-lines-'));

async function linesOf(bytes: Buffer | string): Promise<NumberedLine[]> {
  const path = join(dir, `f${Math.random()}.jsonl`);
  writeFileSync(path, bytes);
  const lines: NumberedLine[] = [];
  for await (const line of readJsonLines(path)) lines.push(line);
  return lines;
}

describe('readJsonLines', () => {
  it.each([
    ['lines ended by \\n', '{"a":1}\n{"b":2}\n', ['{"a":1}', '{"b":2}']],
    ['a last line without \\n', '{"a":1}\n{"b":2}', ['{"a":1}', '{"b":2}']],
    ['\\r\\n line ends', '{"a":1}\r\n{"b":2}\r\n', ['{"a":1}', '{"b":2}']],
    ['an empty line in the middle, numbered', '{"a":1}\n\n{"b":2}\n', ['{"a":1}', '', '{"b":2}']],
    ['accents', '{"n":"Muñoz Núñez"}\n', ['{"n":"Muñoz Núñez"}']],
    ['an empty file', '', []],
  ])('reads %s', async (_label, content, texts) => {
    const lines = await linesOf(content);
    expect(lines).toEqual(texts.map((text, i) => ({ number: i + 1, text })));
  });

  it('reports a line that is not UTF-8 (Latin-1 "ñ") and reads the others', async () => {
    const lines = await linesOf(
      Buffer.concat([Buffer.from('{"a":1}\n{"n":"Mu'), Buffer.from([0xf1]), Buffer.from('oz"}\n{"b":2}\n')]),
    );
    expect(lines).toEqual([
      { number: 1, text: '{"a":1}' },
      { number: 2, text: null },
      { number: 3, text: '{"b":2}' },
    ]);
  });

  it('joins a line that spans read chunks (1 MiB each), a multi-byte character across the cut', async () => {
    const long = `{"s":"${'a'.repeat((1 << 20) - 7)}é${'b'.repeat(100)}"}`;
    const lines = await linesOf(`${long}\n{"x":1}\n`);
    expect(lines.map((l) => l.text)).toEqual([long, '{"x":1}']);
  });
});
