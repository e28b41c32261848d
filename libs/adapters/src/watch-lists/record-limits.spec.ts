import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { WatchListSource } from '@app/domain';
import { readWatchListFiles } from './read-watch-list-files';
import { MAX_RECORD_CHARACTERS } from './record-limits';

const dir = mkdtempSync(join(tmpdir(), 'record-limits-'));
let n = 0;

function file(name: string, text: string): { path: string; name: string } {
  const path = join(dir, `${++n}-${name}`);
  writeFileSync(path, text);
  return { path, name };
}

const read = (source: WatchListSource, name: string, text: string) =>
  readWatchListFiles(source, [file(name, text)], { importDate: '2026-11-25' });

const refusal = (what: string | RegExp) => ({
  refusal: 'unreadable',
  reason: expect.stringMatching(
    new RegExp(
      `^${typeof what === 'string' ? what : what.source} is longer than 1,048,576 characters, which no record of the list comes near`,
    ),
  ),
});

/** One character past the bound: the smallest record each reader must refuse. */
const TOO_LONG = 'A'.repeat(MAX_RECORD_CHARACTERS + 1);

const SDN_ROW = '36,"AEROCARIBBEAN AIRLINES",-0- ,"CUBA",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"Havana, Cuba."';
const UN = (records: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<CONSOLIDATED_LIST dateGenerated="2026-02-27T00:00:00Z">\n<INDIVIDUALS>\n${records}</INDIVIDUALS>\n</CONSOLIDATED_LIST>\n`;
const UN_RECORD = (id: number, extra = '') =>
  `<INDIVIDUAL>\n<DATAID>${id}</DATAID>\n<FIRST_NAME>JUAN</FIRST_NAME>\n<SECOND_NAME>PEREZ</SECOND_NAME>${extra}\n</INDIVIDUAL>\n`;
const PEP = (id: string) =>
  JSON.stringify({ id, schema: 'Person', properties: { name: ['Juan Pérez'], firstName: ['Juan'] } });

describe(`MAX_RECORD_CHARACTERS (${MAX_RECORD_CHARACTERS}): a record past it refuses the file`, () => {
  it('CSV: a line one character too long, naming the line where it starts', async () => {
    await expect(
      read('ofac-sdn', 'sdn.csv', `${SDN_ROW}\n${SDN_ROW.replace('36', '37')}${TOO_LONG}\n`),
    ).rejects.toMatchObject({ ...refusal('the record at line 2'), file: 'sdn.csv' });
  });

  it('CSV: a quote never closed, whose cell would otherwise run to the end of the file', async () => {
    await expect(read('ofac-sdn', 'sdn.csv', `${SDN_ROW}\n37,"${TOO_LONG}`)).rejects.toMatchObject(
      refusal('the record at line 2'),
    );
  });

  it("CSV: the SAT's files go through the same reading", async () => {
    await expect(
      read('sat-69b', 'Listado_completo_69-B.csv', `Informacion actualizada\n${TOO_LONG}\n`),
    ).rejects.toMatchObject(refusal('the record at line 2'));
  });

  it('CSV: the last record one character too long, without a line break after it', async () => {
    await expect(read('ofac-sdn', 'sdn.csv', `${SDN_ROW}\n${TOO_LONG}`)).rejects.toMatchObject(
      refusal('the record at line 2'),
    );
  });

  it('CSV: a record of exactly the bound is read (a row the domain then rejects, not a refusal)', async () => {
    const result = await read('ofac-sdn', 'sdn.csv', `${SDN_ROW}\n${'B'.repeat(MAX_RECORD_CHARACTERS)}\n`);
    expect(result.rows).toBe(2);
    expect(result.rejected).toHaveLength(1);
  });

  it('JSON lines: a line one character too long, naming it', async () => {
    await expect(
      read('peps', 'peps.jsonl', `${PEP('a')}\n${PEP('b')}\n${TOO_LONG}\n${PEP('c')}\n`),
    ).rejects.toMatchObject({ ...refusal('line 3'), file: 'peps.jsonl' });
  });

  it('JSON lines: the last line too long, without a line break after it', async () => {
    await expect(read('peps', 'peps.jsonl', `${PEP('a')}\r\n${TOO_LONG}`)).rejects.toMatchObject(
      refusal('line 2'),
    );
  });

  it('JSON lines: a line of exactly the bound is read (rejected as not JSON), CRLF as before', async () => {
    const result = await read(
      'peps',
      'peps.jsonl',
      `${PEP('a')}\r\n${'x'.repeat(MAX_RECORD_CHARACTERS)}\r\n`,
    );
    expect(result.entries.map((e) => e.key)).toEqual(['a']);
    expect(result.rejected).toEqual([
      { file: 'peps.jsonl', line: 2, reason: expect.stringMatching(/^not JSON/) },
    ]);
  });

  it('XML: a text one character too long inside a record', async () => {
    await expect(
      read(
        'un-consolidated',
        'consolidated.xml',
        UN(UN_RECORD(1) + UN_RECORD(2, `<COMMENTS1>${TOO_LONG}</COMMENTS1>`)),
      ),
    ).rejects.toMatchObject({ ...refusal(/the INDIVIDUAL record at line \d+/), file: 'consolidated.xml' });
  });

  it('XML: a record past the bound made of many small elements', async () => {
    const many = '<VALUE>0123456789012345678901234567890123456789</VALUE>'.repeat(MAX_RECORD_CHARACTERS / 50);
    await expect(read('un-consolidated', 'consolidated.xml', UN(UN_RECORD(1, many)))).rejects.toMatchObject(
      refusal('the INDIVIDUAL record at line 4'),
    );
  });

  it('XML: a text too long outside any record, or a tag too long', async () => {
    await expect(
      read('un-consolidated', 'consolidated.xml', UN(`${TOO_LONG}\n${UN_RECORD(1)}`)),
    ).rejects.toMatchObject(refusal(/a text, tag or comment before line \d+/));
    await expect(
      read('un-consolidated', 'consolidated.xml', UN(`<INDIVIDUALS_NOTE a="${TOO_LONG}"/>${UN_RECORD(1)}`)),
    ).rejects.toMatchObject(refusal(/a text, tag or comment before line \d+/));
  });

  it('XML: a file under the bound is read as before', async () => {
    const result = await read('un-consolidated', 'consolidated.xml', UN(UN_RECORD(1) + UN_RECORD(2)));
    expect(result.entries.map((e) => e.key)).toEqual(['1', '2']);
  });
});
