import { art69Columns, art69Entry, art69Kind, art69Row, art69Supuesto } from './sat-69';
import type { SatRow } from './sat';

describe('art69Kind', () => {
  it.each([
    ['Firmes.csv', [], 'firmes'],
    ['Exigibles.csv', [], 'exigibles'],
    ['No_localizados.csv', [], 'no-localizados'],
    ['Cancelados.csv', [], 'cancelados'],
    ['CSDsinefectos.csv', [], 'csd-sin-efectos'],
    ['Sentencias.csv', [], 'sentencias'],
    ['EntespublicosydeGobiernoomisos.csv', [], 'entes-publicos-omisos'],
    ['no localizados (1).csv', [], null],
    ['lista.csv', ['RFC', 'NOMBRE O RAZON SOCIAL', 'SUPUESTO DE CANCELACION CSD'], 'csd-sin-efectos'],
    ['lista.csv', ['RFC', 'RAZON SOCIAL', 'SUPUESTO', 'EJERCICIO', 'PERIODO'], 'entes-publicos-omisos'],
    [
      'lista.csv',
      ['RFC', 'RAZÓN SOCIAL', 'TIPO PERSONA', 'SUPUESTO', 'FECHA DE CANCELACIÓN', 'MONTO'],
      'cancelados',
    ],
    ['lista.csv', ['RFC', 'RAZON SOCIAL', 'TIPO PERSONA', 'SUPUESTO'], null],
  ])('%p with %p -> %p', (name, titles, expected) => expect(art69Kind(name, titles)).toBe(expected));
});

describe('art69Columns', () => {
  it.each([
    [
      [
        'RFC',
        'RAZON SOCIAL',
        'TIPO PERSONA',
        'SUPUESTO',
        'FECHA DE PRIMERA PUBLICACION',
        'ENTIDAD FEDERATIVA',
      ],
      { rfc: 0, name: 1, tipoPersona: 2, supuesto: 3 },
    ],
    [
      ['rfc', 'Razón Social', 'Tipo de persona', 'Supuesto'],
      { rfc: 0, name: 1, tipoPersona: 2, supuesto: 3 },
    ],
    [
      ['RFC', 'NOMBRE O RAZON SOCIAL', 'SUPUESTO DE CANCELACION CSD', 'FECHA'],
      { rfc: 0, name: 1, tipoPersona: -1, supuesto: 2 },
    ],
    [
      ['RFC', 'NOMBRE, DENOMINACIÓN O RAZÓN SOCIAL', 'EJERCICIO'],
      { rfc: 0, name: 1, tipoPersona: -1, supuesto: -1 },
    ],
  ])('%p -> %p', (titles, expected) => expect(art69Columns(titles)).toMatchObject(expected));

  it.each([[['RFC', 'NOMBRE']], [['RAZON SOCIAL', 'SUPUESTO']], [['a', 'b']]])(
    '%p is not an Art. 69 header',
    (titles) => expect(art69Columns(titles)).toBeNull(),
  );
});

describe('art69Supuesto', () => {
  it.each([
    ['FIRMES', 'firmes', 'Firmes'],
    ['NO LOCALIZADOS', 'firmes', 'No localizados'],
    ['No localizado', null, 'No localizados'],
    ['FRACCION X', 'csd-sin-efectos', 'CSD sin efectos'],
    ['', 'cancelados', 'Cancelados'],
    ['', 'entes-publicos-omisos', 'Entes públicos y de gobierno omisos'],
    ['OMISOS 2024', null, 'OMISOS 2024'],
    ['', null, null],
  ] as const)('%p in a %p file -> %p', (cell, kind, expected) =>
    expect(art69Supuesto(cell, kind)).toBe(expected),
  );
});

describe('art69Row and art69Entry', () => {
  const titles = [
    'RFC',
    'RAZÓN SOCIAL',
    'TIPO PERSONA',
    'SUPUESTO',
    'FECHAS DE PRIMERA PUBLICACION',
    'ENTIDAD FEDERATIVA',
  ];
  const columns = art69Columns(titles)!;
  const read = (file: string, kind: Parameters<typeof art69Row>[3], cells: string[]): SatRow => {
    const row = art69Row(file, cells, columns, kind);
    if ('rejected' in row) throw new Error(row.rejected);
    return row;
  };

  it('rejects a row without RFC or supuesto', () => {
    expect(art69Row('x.csv', ['', 'A', 'F', 'FIRMES', '', ''], columns, null)).toEqual({
      rejected: 'no RFC',
    });
    expect(art69Row('x.csv', ['AIMO6811069F7', 'A', 'F', '', '', ''], columns, null)).toEqual({
      rejected: 'no SUPUESTO, and the file name does not say which Art. 69 list it is',
    });
  });

  it('joins the supuestos of one RFC in the lists order, each once', () => {
    const rows = [
      read('No_localizados.csv', 'no-localizados', [
        'AIMO6811069F7',
        'AISPURO MORENO OSCAR',
        'F',
        'NO LOCALIZADOS',
        '01/03/2024',
        'CHIHUAHUA',
      ]),
      read('Firmes.csv', 'firmes', [
        'AIMO6811069F7',
        'AISPURO MORENO OSCAR',
        'F',
        'FIRMES',
        '01/01/2020',
        'CHIHUAHUA',
      ]),
      read('Firmes.csv', 'firmes', [
        'AIMO-681106-9F7',
        'AISPURO MORENO OSCAR',
        'F',
        'FIRMES',
        '16/05/2021',
        'CHIHUAHUA',
      ]),
    ];
    expect(art69Entry(rows, '2026-05-31')).toMatchObject({
      source: 'sat-69',
      key: 'AIMO6811069F7',
      kind: 'person',
      listStatus: 'Firmes; No localizados',
      birthDates: ['1968-11-06'],
      names: [{ text: 'AISPURO MORENO OSCAR', order: 'unknown', alias: false }],
      raw: {
        rows: [
          {
            file: 'No_localizados.csv',
            cells: { SUPUESTO: 'NO LOCALIZADOS', 'FECHAS DE PRIMERA PUBLICACION': '01/03/2024' },
          },
          { file: 'Firmes.csv' },
          { file: 'Firmes.csv', cells: { RFC: 'AIMO-681106-9F7' } },
        ],
      },
    });
  });
});
