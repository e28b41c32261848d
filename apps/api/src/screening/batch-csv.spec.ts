import { csvItems } from './batch-csv';

const HEADER = 'packageId,name,lastName';
const lines = (text: string) => {
  const parsed = csvItems(text);
  if ('violations' in parsed) throw new Error(JSON.stringify(parsed.violations));
  return parsed.items.map((item) => item.line);
};

describe('csvItems', () => {
  it('reads one registration per row, an empty cell being an absent field', () => {
    expect(csvItems(`${HEADER}\nPKG-ACME-BASIC,Ana,\nPKG-ACME-BASIC, Luis ,Pérez\n`)).toEqual({
      items: [
        { fields: { packageId: 'PKG-ACME-BASIC', name: 'Ana' }, line: 2 },
        { fields: { packageId: 'PKG-ACME-BASIC', name: 'Luis', lastName: 'Pérez' }, line: 3 },
      ],
    });
  });

  it.each([
    ['LF', '\n'],
    ['CR LF (Excel on Windows)', '\r\n'],
    ['CR (Excel for Mac, "CSV (Macintosh)")', '\r'],
  ])('numbers each record by the line it starts on, the header being line 1 (%s)', (_label, eol) => {
    const text = [
      HEADER,
      'PKG-ACME-BASIC,Ana,García', // 2
      '', // 3: blank lines count
      'PKG-ACME-BASIC,"Juan', // 4: a quoted line break...
      'Carlos",Hernández', // 5: ...counts too
      'PKG-ACME-BASIC,Luis,"Pérez', // 6
      '', // 7
      '"', // 8
      '   ', // 9: only spaces
      'PKG-ACME-BASIC,Eva,Soto', // 10
      '',
    ].join(eol);
    expect(lines(text)).toEqual([2, 4, 6, 10]);
  });

  it('keeps a byte-order mark out of the first column name', () => {
    expect(lines(`\uFEFF${HEADER}\nPKG-ACME-BASIC,Ana,García`)).toEqual([2]);
  });

  it.each([
    ['an unknown column', 'packageId,salary\nPKG,1\n', /^Line 1: unknown column salary/],
    [
      'a row with too many cells',
      `${HEADER}\nPKG,Ana,García\nPKG,Ana,García,x\n`,
      /^Line 3: the row has a different number of cells/,
    ],
    [
      'a row with too many cells after CR LF lines',
      `${HEADER}\r\nPKG,Ana,García\r\n\r\nPKG,Ana,García,x\r\n`,
      /^Line 4: /,
    ],
    ['no registration row', `${HEADER}\n`, /header row and at least one/],
  ])('refuses %s, naming the line', (_label, text, message) => {
    expect(csvItems(text)).toEqual({
      violations: [{ field: 'body', message: expect.stringMatching(message) }],
    });
  });
});
