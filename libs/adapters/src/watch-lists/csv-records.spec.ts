import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import iconv from 'iconv-lite';
import { csvRecords, looksUtf8, type CsvRecord } from './csv-records';

const dir = mkdtempSync(join(tmpdir(), 'csv-records-'));
let n = 0;

async function recordsOf(bytes: Buffer): Promise<CsvRecord[]> {
  const path = join(dir, `f${++n}.csv`);
  writeFileSync(path, bytes);
  const records: CsvRecord[] = [];
  for await (const record of csvRecords({ path, name: 'f.csv' })) records.push(record);
  return records;
}

const win1252 = (text: string) => iconv.encode(text, 'win1252');

describe('csvRecords', () => {
  it.each([
    ['CRLF', '\r\n'],
    ['LF', '\n'],
  ])(
    'gives each record the line where it starts (%s, quoted breaks, empty and filler lines)',
    async (_, eol) => {
      const text = ['a,b', '', '"x', 'y",2', ',', 'c,"m', '', 'n"', '', '', 'last,1'].join(eol);
      expect(await recordsOf(win1252(text))).toEqual([
        { cells: ['a', 'b'], line: 1 },
        { cells: [`x${eol}y`, '2'], line: 3 },
        { cells: ['c', `m${eol}${eol}n`], line: 6 },
        { cells: ['last', '1'], line: 11 },
      ]);
    },
  );

  it('decodes Windows-1252 and replaces the bytes it does not define', async () => {
    const bytes = Buffer.concat([
      win1252('RFC,NOMBRE\r\nÑAÑ140114GY4,PEÑA ÓPTICA'),
      Buffer.from([0x81, 0x8d]),
      win1252('ü€\r\n'),
    ]);
    expect(await recordsOf(bytes)).toEqual([
      { cells: ['RFC', 'NOMBRE'], line: 1 },
      { cells: ['ÑAÑ140114GY4', 'PEÑA ÓPTICA\uFFFD\uFFFDü€'], line: 2 },
    ]);
  });

  it('reads UTF-8 when the file starts with its byte order mark (a list re-saved by a spreadsheet)', async () => {
    const bytes = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from('RFC,NOMBRE\r\nX,PEÑA\r\n', 'utf8'),
    ]);
    expect(await recordsOf(bytes)).toEqual([
      { cells: ['RFC', 'NOMBRE'], line: 1 },
      { cells: ['X', 'PEÑA'], line: 2 },
    ]);
  });

  it.each([
    ['without a byte order mark', Buffer.from('RFC,NOMBRE\r\nX,PEÑA ÓPTICA\r\n', 'utf8')],
    [
      'with its byte order mark',
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('RFC\r\nX\r\n')]),
    ],
  ])(
    'refuses UTF-8 %s where the publisher writes Windows-1252 only, naming the encoding',
    async (_l, bytes) => {
      const path = join(dir, 'utf8.csv');
      writeFileSync(path, bytes);
      const records = csvRecords({ path, name: 'utf8.csv' }, { windows1252Only: 'the SAT' });
      await expect(records.next()).rejects.toMatchObject({
        refusal: 'encoding',
        file: 'utf8.csv',
        reason: expect.stringMatching(
          /^it is encoded in UTF-8, and the SAT publishes it in Windows-1252 only/,
        ),
      });
    },
  );

  it.each([
    ['ASCII', Buffer.from('abc,def', 'latin1'), false],
    ['Windows-1252 Spanish', win1252('PEÑA ÓPTICA, CASTAÑEDA'), false],
    ['Windows-1252 bytes it does not define', Buffer.from([0x41, 0x81, 0x8d, 0x41]), false],
    ['UTF-8 Spanish', Buffer.from('PEÑA ÓPTICA', 'utf8'), true],
    ['UTF-8 cut inside a letter at the end', Buffer.from('PEÑA Ó', 'utf8').subarray(0, -1), true],
  ])('tells UTF-8 from Windows-1252: %s', (_label, bytes, expected) => {
    expect(looksUtf8(bytes)).toBe(expected);
  });

  it('keeps quotes out of place as they stand and skips OFAC`s end-of-file mark', async () => {
    expect(await recordsOf(win1252('1,COMERCIAL "EL SOL" SA,x\r\n2,"A ""B""",y\r\n\x1a'))).toEqual([
      { cells: ['1', 'COMERCIAL "EL SOL" SA', 'x'], line: 1 },
      { cells: ['2', 'A "B"', 'y'], line: 2 },
    ]);
  });

  it('streams a file of many chunks: every record, every line, nothing held as one text', async () => {
    const rows = Array.from({ length: 30_000 }, (_, i) => `R${i},"NOMBRE ${i}\r\nÑ",F`);
    const records = await recordsOf(win1252(['RFC,NOMBRE,TIPO', ...rows].join('\r\n')));
    expect(records).toHaveLength(30_001);
    expect(records[30_000]).toEqual({ cells: ['R29999', 'NOMBRE 29999\r\nÑ', 'F'], line: 2 + 2 * 29_999 });
  });

  it('refuses a file that ends inside a quoted cell', async () => {
    await expect(recordsOf(win1252('a,b\r\n1,"cut'))).rejects.toMatchObject({
      refusal: 'unreadable',
      file: 'f.csv',
      reason: expect.stringMatching(/^it does not parse as CSV: /),
    });
  });

  it('refuses a file that cannot be opened', async () => {
    const records = csvRecords({ path: join(dir, 'missing.csv'), name: 'missing.csv' });
    await expect(records.next()).rejects.toMatchObject({
      refusal: 'unreadable',
      reason: expect.stringMatching(/^it cannot be opened \(ENOENT: /),
    });
  });
});
