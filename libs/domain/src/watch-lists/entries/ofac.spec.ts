import {
  ofacEntry,
  ofacFileKindOf,
  ofacListedName,
  ofacPrograms,
  ofacRecord,
  ofacSdnStanding,
  ofacValue,
  type OfacSdnRow,
} from './ofac';

const sdnCells = [
  '36125',
  'AISPURO MORENO, Oscar',
  'individual',
  'SDNTK] [ILLICIT-DRUGS-EO14059',
  '-0- ',
  '-0- ',
  '-0- ',
  '-0- ',
  '-0- ',
  '-0- ',
  '-0- ',
  "DOB 06 Nov 1968; nationality Mexico; Gender Male; R.F.C. AIMO-681106-9F7 (Mexico); a.k.a. 'EL GUERO'.",
];

function sdn(cells = sdnCells): OfacSdnRow {
  const read = ofacRecord('sdn', cells);
  if ('rejected' in read) throw new Error(read.rejected);
  return read.row;
}

describe('ofacValue', () => {
  it.each([
    ['-0- ', null],
    ['-0-', null],
    ['  ', null],
    [' Havana ', 'Havana'],
  ])('%p -> %p', (cell, expected) => expect(ofacValue(cell)).toBe(expected));
});

describe('ofacRecord', () => {
  it('keys the cells by the specification`s column names', () => {
    expect(sdn()).toMatchObject({
      ent_num: '36125',
      SDN_Type: 'individual',
      Title: null,
      Remarks: expect.stringContaining('DOB'),
    });
  });
  it.each([
    [['36125', 'x'], '2 values where sdn.csv has 12'],
    [['abc', ...sdnCells.slice(1)], 'ent_num "abc" is not a number'],
  ])('rejects %p: %p', (cells, reason) => expect(ofacRecord('sdn', cells)).toEqual({ rejected: reason }));
});

describe('ofacFileKindOf', () => {
  it.each([
    [12, 'sdn'],
    [5, 'alt'],
    [6, 'add'],
    [3, null],
  ])('%p values -> %p', (count, kind) => expect(ofacFileKindOf(Array(count).fill(''))).toBe(kind));
});

describe('ofacPrograms', () => {
  it.each([
    ['SDNTK] [ILLICIT-DRUGS-EO14059', 'SDNTK; ILLICIT-DRUGS-EO14059'],
    ['[SDNTK] [ILLICIT-DRUGS-EO14059]', 'SDNTK; ILLICIT-DRUGS-EO14059'],
    ['SDNT', 'SDNT'],
    ['[SDGT]', 'SDGT'],
    [null, ''],
  ])('%p -> %p', (program, expected) => expect(ofacPrograms(program)).toBe(expected));
});

describe('ofacListedName', () => {
  it.each([
    [
      'AISPURO MORENO, Oscar',
      'person',
      { order: 'surnames-comma-given', surnames: 'AISPURO MORENO', given: 'Oscar' },
    ],
    ['EL GUERO', 'person', { order: 'unknown' }],
    ['SERVICIOS INTEGRALES FENIX DEL BAJIO, S.A. DE C.V.', 'entity', { order: 'entity' }],
  ] as const)('%p (%p)', (name, kind, expected) =>
    expect(ofacListedName(name, kind, false)).toMatchObject({ text: name, alias: false, ...expected }),
  );
});

describe('ofacSdnStanding', () => {
  it.each([
    ['individual', { kind: 'person' }],
    ['-0- ', { kind: 'entity' }],
    ['vessel', { skipped: 'SDN_Type vessel' }],
    ['aircraft', { skipped: 'SDN_Type aircraft' }],
  ])('SDN_Type %p -> %p', (type, expected) => {
    const cells = [...sdnCells];
    cells[2] = type;
    expect(ofacSdnStanding(sdn(cells))).toEqual(expected);
  });
});

describe('ofacEntry', () => {
  it('joins the sdn row, its strong aliases, its weak ones and what the remarks say', () => {
    const alt = ofacRecord('alt', ['36125', '60001', 'aka', 'AISPURO, Oscar', '-0- ']);
    const add = ofacRecord('add', ['36125', '51001', '-0- ', 'Culiacan, Sinaloa', 'Mexico', '-0- ']);
    if ('rejected' in alt || 'rejected' in add) throw new Error('fixture');
    const entry = ofacEntry(sdn(), [alt.row], [add.row]);
    expect(entry).toMatchObject({
      source: 'ofac-sdn',
      key: '36125',
      kind: 'person',
      rfcs: ['AIMO6811069F7'],
      curps: [],
      birthDates: ['1968-11-06'],
      nationalities: ['MX'],
      gender: 'H',
      listStatus: 'SDNTK; ILLICIT-DRUGS-EO14059',
      redacted: false,
      names: [
        { text: 'AISPURO MORENO, Oscar', alias: false },
        { text: 'AISPURO, Oscar', alias: true, quality: 'strong', surnames: 'AISPURO', given: 'Oscar' },
        { text: 'EL GUERO', alias: true, quality: 'weak', order: 'unknown' },
      ],
      raw: { sdn: { ent_num: '36125' }, alt: [{ alt_type: 'aka' }], add: [{ country: 'Mexico' }] },
    });
  });
});
