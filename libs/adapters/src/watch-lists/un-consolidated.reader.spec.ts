import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readWatchListFiles } from './read-watch-list-files';
import { fixture } from './golden-files.fixture';

const FILE = 'consolidated.xml';

describe('un-consolidated reader: the UN Security Council consolidated list (XML)', () => {
  const read = readWatchListFiles('un-consolidated', [fixture(`un-consolidated/${FILE}`)]);

  it('takes the as-of date from dateGenerated and counts INDIVIDUAL and ENTITY records', async () => {
    const { asOf, rows, redacted, skipped, files } = await read;
    expect(asOf).toBe('2026-02-27');
    expect(rows).toBe(6);
    expect([redacted, skipped]).toEqual([0, 0]);
    expect(files).toEqual([{ file: FILE, kind: 'consolidated list', rows: 6 }]);
  });

  it('rejects a record without DATAID and a repeated DATAID, at the line of the record', async () => {
    expect((await read).rejected).toEqual([
      { file: FILE, line: 137, reason: 'DATAID 6908556 is listed twice (first at line 61)' },
      { file: FILE, line: 174, reason: 'INDIVIDUAL without DATAID' },
    ]);
  });

  it('reads an individual: name parts, aliases by quality, date of birth, nationality, a CURP as document', async () => {
    const [medrano] = (await read).entries;
    expect(medrano).toMatchObject({
      source: 'un-consolidated',
      key: '6908555',
      kind: 'person',
      names: [
        {
          text: 'JESÚS ALBERTO MEDRANO OROZCO',
          order: 'parts',
          parts: ['JESÚS ALBERTO', 'MEDRANO', 'OROZCO'],
          alias: false,
        },
        { text: 'Jesús Medrano', order: 'given-first', alias: true, quality: 'strong' },
        { text: 'El Contador', order: 'given-first', alias: true, quality: 'weak' },
        { text: 'Chuy', order: 'given-first', alias: true, quality: 'weak' },
      ],
      rfcs: [],
      curps: ['MEOJ790723HSLDRS08'],
      birthDates: ['1979-07-23'],
      nationalities: ['MX'],
      gender: 'H',
      listStatus: 'Haiti',
      redacted: false,
    });
  });

  it('keeps the record as published in raw: entities decoded, repeated elements as lists', async () => {
    const [medrano] = (await read).entries;
    expect(medrano.raw).toMatchObject({
      DATAID: '6908555',
      REFERENCE_NUMBER: 'HTi.011',
      LISTED_ON: '2019-03-14',
      COMMENTS1: expect.stringMatching(
        /^Supplies arms .* through Mexico & Guatemala\.\nReported to use the alias “El Contador”\./,
      ),
      NATIONALITY: { VALUE: 'Mexico' },
      INDIVIDUAL_ALIAS: [
        { QUALITY: 'Good', ALIAS_NAME: 'Jesús Medrano' },
        { QUALITY: 'Low', ALIAS_NAME: 'El Contador; Chuy' },
      ],
      INDIVIDUAL_ADDRESS: { COUNTRY: '' },
      INDIVIDUAL_DOCUMENT: [
        { TYPE_OF_DOCUMENT: 'National Identification Number', NUMBER: 'MEOJ790723HSLDRS08' },
        { TYPE_OF_DOCUMENT: 'Passport', NUMBER: 'G12345678 ', ISSUING_COUNTRY: 'Mexico' },
      ],
      SORT_KEY: '',
    });
  });

  it('reads the other records: a year of birth, a span of years, several nationalities, an entity', async () => {
    const entries = (await read).entries.slice(1);
    expect(
      entries.map((e) => [e.key, e.kind, e.names[0].text, e.birthDates, e.nationalities, e.listStatus]),
    ).toEqual([
      ['6908556', 'person', 'RAÚL ESPINOZA LUNA', ['1966'], ['MX', 'GT'], 'Haiti'],
      ['6908557', 'person', 'GASTON IYAMUREMYE', ['1947', '1948', '1949'], ['Rwanda'], 'DRC'],
      ['6908600', 'entity', 'TRANSPORTES DEL GOLFO, S.A.', [], [], 'Haiti'],
    ]);
    expect(entries[0].names).toHaveLength(1);
    expect(entries[2].names).toEqual([
      { text: 'TRANSPORTES DEL GOLFO, S.A.', order: 'entity', alias: false },
      { text: 'TRANSGOLFO', order: 'entity', alias: true, quality: 'strong' },
      { text: 'FLETES DEL GOLFO', order: 'entity', alias: true, quality: 'strong' },
    ]);
  });

  it.each([
    ['not-well-formed', 'unreadable', /it is not well-formed XML/],
    ['other-root', 'header', /its root element is sdnList, not CONSOLIDATED_LIST/],
    ['empty-lists', 'no-data', /it has no data rows/],
  ])('refuses %s (%s)', async (dir, refusal, reason) => {
    const error = await readWatchListFiles('un-consolidated', [
      fixture(`refused/un-consolidated/${dir}/${FILE}`),
    ]).catch((e) => e);
    expect(error).toMatchObject({ refusal, file: FILE });
    expect(error.reason).toMatch(reason);
  });

  it('refuses a file of another format: a CSV, an empty file', async () => {
    for (const file of ['sat-69/Firmes.csv', 'refused/empty/empty.csv'])
      await expect(readWatchListFiles('un-consolidated', [fixture(file)])).rejects.toMatchObject({
        refusal: 'unreadable',
      });
  });

  it('keeps an element called __proto__ as data of the record', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'un-')), FILE);
    writeFileSync(
      path,
      '<CONSOLIDATED_LIST><INDIVIDUALS><INDIVIDUAL><DATAID>1</DATAID><FIRST_NAME>A</FIRST_NAME>' +
        '<__proto__>x</__proto__><__proto__>y</__proto__></INDIVIDUAL></INDIVIDUALS></CONSOLIDATED_LIST>',
    );
    const [entry] = (await readWatchListFiles('un-consolidated', [{ path }])).entries;
    expect(Object.getOwnPropertyDescriptor(entry.raw, '__proto__')?.value).toEqual(['x', 'y']);
    expect(Object.getPrototypeOf(entry.raw)).toBe(Object.prototype);
  });
});
