import {
  redactedSatEntry,
  satCells,
  satColumnTitles,
  satEntry,
  satListedName,
  satPartyKind,
  satRfc,
  type SatRow,
} from './sat';

const row = ({ file = 'Firmes.csv', ...over }: Partial<SatRow> & { file?: string } = {}): SatRow => ({
  rfc: 'AIMO6811069F7',
  redacted: false,
  name: 'AISPURO MORENO OSCAR',
  tipoPersona: 'F',
  status: 'Firmes',
  published: { file, cells: { RFC: 'AIMO6811069F7' } },
  ...over,
});

describe('satColumnTitles', () => {
  it('collapses spacing, names empty titles by position and numbers repeats', () => {
    expect(satColumnTitles(['No', 'Número y fecha\r\nde oficio', '', 'RFC', 'RFC'])).toEqual([
      'No',
      'Número y fecha de oficio',
      'column 3',
      'RFC',
      'RFC (2)',
    ]);
  });
});

describe('satCells', () => {
  it('keeps a column titled __proto__ as a column', () => {
    const cells = satCells(['RFC', '__proto__'], ['A', 'B']);
    expect(Object.keys(cells)).toEqual(['RFC', '__proto__']);
    expect(cells['__proto__']).toBe('B');
  });
  it('keys each cell by its title, extra cells by position', () => {
    expect(satCells(['RFC', 'RAZON SOCIAL'], ['A', 'B', 'C'])).toEqual({
      RFC: 'A',
      'RAZON SOCIAL': 'B',
      'column 3': 'C',
    });
  });
});

describe('satRfc', () => {
  it.each([
    [' aimo-681106-9f7 ', { rfc: 'AIMO6811069F7', redacted: false }],
    ['XXXXXXXXXXXX', { rfc: 'XXXXXXXXXXXX', redacted: true }],
    ['', { rejected: 'no RFC' }],
    [undefined, { rejected: 'no RFC' }],
    ['AIMO68110', { rejected: 'RFC "AIMO68110" is not an RFC (12 or 13 characters)' }],
  ])('%p -> %p', (input, expected) => expect(satRfc(input)).toEqual(expected));
});

describe('satPartyKind', () => {
  it.each([
    ['AIMO6811069F7', '', 'person'],
    ['SIF150302K8A', '', 'entity'],
    ['SIF150302K8A', 'F', 'person'],
    ['AIMO6811069F7', 'M', 'entity'],
    ['AIMO6811069F7', 'Persona Moral', 'entity'],
    ['SIF150302K8A', 'Persona Física', 'person'],
    ['XXXXXXXXXXXX', '', 'unknown'],
  ])('%p with TIPO PERSONA %p -> %p', (rfc, tipo, expected) =>
    expect(satPartyKind(rfc, tipo)).toBe(expected),
  );
});

describe('satListedName', () => {
  it.each([
    ['person', 'unknown'],
    ['entity', 'entity'],
    ['unknown', 'unknown'],
  ] as const)('a %p is written %p (a física in one cell, surnames first or last)', (kind, order) =>
    expect(satListedName(' BRISEÑO  CASTAÑEDA MARTHA ', kind)).toEqual({
      text: 'BRISEÑO CASTAÑEDA MARTHA',
      order,
      alias: false,
    }),
  );
});

describe('satEntry', () => {
  it('groups the rows of one RFC: first name primary, other spellings aliases, every row in raw', () => {
    const entry = satEntry(
      'sat-69',
      [
        row(),
        row({ file: 'No_localizados.csv', name: 'AISPURO  MORENO OSCAR' }),
        row({ name: 'AÍSPURO MORENO ÓSCAR', tipoPersona: '' }),
      ],
      'Firmes; No localizados',
      '2026-05-31',
    );
    expect(entry).toMatchObject({
      source: 'sat-69',
      key: 'AIMO6811069F7',
      kind: 'person',
      rfcs: ['AIMO6811069F7'],
      // The RFC's YYMMDD, in the century that makes him at least 18 on the list's date.
      birthDates: ['1968-11-06'],
      listStatus: 'Firmes; No localizados',
      redacted: false,
      names: [
        { text: 'AISPURO MORENO OSCAR', order: 'unknown', alias: false },
        { text: 'AÍSPURO MORENO ÓSCAR', order: 'unknown', alias: true },
      ],
    });
    expect((entry.raw.rows as unknown[]).length).toBe(3);
  });

  it.each([
    [
      'a física given names first, as the Art. 69 files write most',
      'LORENA ARANA AGUILAR',
      'AAAL850312QW1',
      ['1985-03-12'],
    ],
    [
      'a física born this century, at least 18 on the list date',
      'JUAN PEREZ GOMEZ',
      'PEGJ050101AB2',
      ['2005-01-01'],
    ],
    [
      'a física under 18 this century: the century before',
      'JUAN PEREZ GOMEZ',
      'PEGJ100101AB2',
      ['1910-01-01'],
    ],
    [
      'a moral: its RFC dates its founding, not a birth',
      'APLICA AGUASCALIENTES SA DE CV',
      'AAG090703QT6',
      [],
    ],
  ])('dates %s from the RFC', (_label, name, rfc, birthDates) => {
    const tipoPersona = rfc.length === 13 ? 'F' : 'M';
    expect(satEntry('sat-69', [row({ rfc, name, tipoPersona })], 'Firmes', '2026-05-31').birthDates).toEqual(
      birthDates,
    );
  });

  it('keeps a redacted row apart, keyed by where it was read, with no RFC to match', () => {
    const entry = redactedSatEntry(
      'sat-69b',
      row({ rfc: 'XXXXXXXXXXXX', redacted: true, tipoPersona: '' }),
      17,
      'Definitivo',
    );
    expect(entry).toMatchObject({
      key: 'XXXXXXXXXXXX@Firmes.csv:17',
      redacted: true,
      rfcs: [],
      kind: 'unknown',
    });
  });
});
