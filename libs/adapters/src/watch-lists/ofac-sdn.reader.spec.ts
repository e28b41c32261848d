import { readWatchListFiles } from './read-watch-list-files';
import { fixture } from './golden-files.fixture';

const ofac = (name: string) => fixture(`ofac-sdn/${name}`);

describe("ofac-sdn reader: OFAC's legacy sdn.csv, alt.csv and add.csv", () => {
  const read = readWatchListFiles('ofac-sdn', [ofac('sdn.csv'), ofac('alt.csv'), ofac('add.csv')]);

  it('reads the three files (no header, -0- empty, Ctrl-Z at the end); vessels are skipped', async () => {
    const { asOf, rows, skipped, redacted, files } = await read;
    expect(asOf).toBeNull();
    expect(files).toEqual([
      { file: 'sdn.csv', kind: 'sdn', rows: 7 },
      { file: 'alt.csv', kind: 'alt', rows: 5 },
      { file: 'add.csv', kind: 'add', rows: 3 },
    ]);
    expect(rows).toBe(15);
    // The vessel, and the vessel's former name in alt.csv.
    expect(skipped).toBe(2);
    expect(redacted).toBe(0);
  });

  it('rejects a row of another length and an alias of an ent_num sdn.csv does not list', async () => {
    expect((await read).rejected).toEqual([
      { file: 'sdn.csv', line: 6, reason: '11 values where sdn.csv has 12' },
      { file: 'alt.csv', line: 5, reason: 'ent_num 99999 is not listed in sdn.csv' },
    ]);
  });

  it('reads an individual: name parts, strong and weak aliases, what the remarks say', async () => {
    const [aispuro] = (await read).entries;
    expect(aispuro).toMatchObject({
      source: 'ofac-sdn',
      key: '36125',
      kind: 'person',
      names: [
        {
          text: 'AISPURO MORENO, Oscar',
          order: 'surnames-comma-given',
          surnames: 'AISPURO MORENO',
          given: 'Oscar',
          alias: false,
        },
        { text: 'AISPURO, Oscar', order: 'surnames-comma-given', alias: true, quality: 'strong' },
        { text: 'MORENO AISPURO, Oscar', order: 'surnames-comma-given', alias: true, quality: 'strong' },
        { text: 'EL GUERO', order: 'unknown', alias: true, quality: 'weak' },
      ],
      rfcs: ['AIMO6811069F7'],
      curps: ['AIMO681106HCHRRS01'],
      birthDates: ['1968-11-06', '1970'],
      nationalities: ['MX'],
      gender: 'H',
      listStatus: 'SDNTK; ILLICIT-DRUGS-EO14059',
      redacted: false,
    });
    expect(aispuro.raw).toMatchObject({
      sdn: {
        ent_num: '36125',
        SDN_Type: 'individual',
        Title: null,
        Program: 'SDNTK] [ILLICIT-DRUGS-EO14059',
      },
      alt: [
        { alt_num: '60001', alt_type: 'aka', alt_remarks: null },
        { alt_num: '60002', alt_type: 'fka' },
      ],
      add: [
        { add_num: '51001', address: null, city_state_postal: 'Chihuahua, Chihuahua', country: 'Mexico' },
      ],
    });
  });

  it('reads the other listed parties', async () => {
    const entries = (await read).entries.slice(1);
    expect(
      entries.map((e) => [e.key, e.kind, e.rfcs, e.birthDates, e.nationalities, e.gender, e.listStatus]),
    ).toEqual([
      ['36126', 'entity', ['SIF150302K8A'], [], [], null, 'SDNTK; ILLICIT-DRUGS-EO14059'],
      ['36128', 'person', [], ['1971-02-20'], ['MX'], 'H', 'SDNTK'],
      // circa 1965 and 1962 to 1964; the RFC without homoclave is kept as its stem
      ['36129', 'person', ['OECM650101'], ['1965', '1962', '1963', '1964'], ['GT', 'MX'], null, 'SDNT'],
      ['36131', 'person', [], ['1968-11'], [], 'M', 'SDNTK; ILLICIT-DRUGS-EO14059'],
    ]);
    expect(entries[0].names).toEqual([
      { text: 'SERVICIOS INTEGRALES FENIX DEL BAJIO, S.A. DE C.V.', order: 'entity', alias: false },
      { text: 'FENIX DEL BAJIO', order: 'entity', alias: true, quality: 'strong' },
    ]);
  });

  it('tells the files by their number of values when they are not named as OFAC names them', async () => {
    const { files, entries } = await readWatchListFiles('ofac-sdn', [
      { ...ofac('alt.csv'), name: 'descarga (1).csv' },
      { ...ofac('sdn.csv'), name: 'SDN.CSV' },
    ]);
    expect(files.map((file) => [file.file, file.kind])).toEqual([
      ['SDN.CSV', 'sdn'],
      ['descarga (1).csv', 'alt'],
    ]);
    expect(entries).toHaveLength(5);
  });

  it.each([
    [
      "an sdn.csv that is not OFAC's",
      [fixture('refused/ofac-sdn/not-ofac/sdn.csv')],
      'unreadable',
      /no row reads as OFAC's sdn.csv/,
    ],
    ['alt.csv alone', [ofac('alt.csv')], 'files', /ofac-sdn needs sdn.csv/],
    ['two sdn.csv', [ofac('sdn.csv'), ofac('sdn.csv')], 'files', /it is a second sdn.csv/],
    [
      'a file of another format',
      [ofac('sdn.csv'), { ...fixture('un-consolidated/consolidated.xml'), name: 'extra.csv' }],
      'unreadable',
      /its first row has 1 value: it is none of OFAC's/,
    ],
  ])('refuses %s', async (_, files, refusal, reason) => {
    const error = await readWatchListFiles('ofac-sdn', files).catch((e) => e);
    expect(error).toMatchObject({ refusal });
    expect(error.reason).toMatch(reason);
  });
});
