import { readWatchListFiles } from './read-watch-list-files';
import { fixture } from './golden-files.fixture';

const FILES = [
  'Firmes.csv',
  'No_localizados.csv',
  'Exigibles.csv',
  'Cancelados.csv',
  'CSDsinefectos.csv',
  'Sentencias.csv',
  'EntespublicosydeGobiernoomisos.csv',
];

describe('sat-69 reader: the seven Art. 69 files as the SAT publishes them', () => {
  const read = readWatchListFiles(
    'sat-69',
    FILES.map((name) => fixture(`sat-69/${name}`)),
  );

  it('tells each list by its file, counts its rows; the files state no as-of date', async () => {
    const { asOf, rows, redacted, files } = await read;
    expect(asOf).toBeNull();
    expect(redacted).toBe(0);
    expect(files).toEqual([
      { file: 'Firmes.csv', kind: 'Firmes', rows: 7 },
      { file: 'No_localizados.csv', kind: 'No localizados', rows: 2 },
      { file: 'Exigibles.csv', kind: 'Exigibles', rows: 1 },
      { file: 'Cancelados.csv', kind: 'Cancelados', rows: 1 },
      { file: 'CSDsinefectos.csv', kind: 'CSD sin efectos', rows: 2 },
      { file: 'Sentencias.csv', kind: 'Sentencias', rows: 1 },
      { file: 'EntespublicosydeGobiernoomisos.csv', kind: 'Entes públicos y de gobierno omisos', rows: 2 },
    ]);
    expect(rows).toBe(16);
  });

  it('rejects a row a stray quote shifted and a value that is not an RFC', async () => {
    expect((await read).rejected).toEqual([
      {
        file: 'Firmes.csv',
        line: 6,
        reason: '7 values where the header has 6 (a quote or a comma out of place?)',
      },
      { file: 'Firmes.csv', line: 9, reason: 'RFC "GAIJ8309" is not an RFC (12 or 13 characters)' },
    ]);
  });

  it('groups each RFC across rows and files, its supuestos joined in the lists order', async () => {
    expect((await read).entries.map((e) => [e.key, e.kind, e.listStatus, e.names[0].text])).toEqual([
      ['AIMO6811069F7', 'person', 'Firmes; No localizados', 'AISPURO MORENO OSCAR'],
      ['AAG090703QT6', 'entity', 'Firmes', 'APLICA AGUASCALIENTES, S.A. DE C.V.'],
      ['BICM720815R41', 'person', 'Firmes', 'BRISEÑO CASTAÑEDA MARTHA ELENA'],
      ['TGO0203041B9', 'entity', 'Firmes', 'TRANSPORTES DEL GOLFO Y ASOCIADOS, S.A. DE C.V.'],
      [
        'SIF150302K8A',
        'entity',
        'No localizados; CSD sin efectos',
        'SERVICIOS INTEGRALES FÉNIX DEL BAJÍO, S.A. DE C.V.',
      ],
      ['RUSG880612MU2', 'person', 'Exigibles', 'RUVALCABA SALDAÑA GABRIELA NOEMÍ'],
      ['GAIJ830930BN5', 'person', 'Cancelados', 'GALLEGOS IBARRA JOSE GUADALUPE'],
      [
        'DDI1105246N8',
        'entity',
        'CSD sin efectos',
        'DIESS DESARROLLO, INGENIERÍA\uFFFD Y ESTRATEGIA DE SISTEMAS, S.A. DE C.V.',
      ],
      ['OEPR6511039I4', 'person', 'Sentencias', 'OROZCO PEÑA RAÚL'],
      ['MSP850101T41', 'entity', 'Entes públicos y de gobierno omisos', 'MUNICIPIO DE SAN PEDRO TLAQUEPAQUE'],
    ]);
  });

  it('keeps the spellings of each file as aliases and every row, with its file, in raw', async () => {
    const { entries } = await read;
    const aispuro = entries.find((e) => e.key === 'AIMO6811069F7')!;
    expect(aispuro.names).toEqual([
      { text: 'AISPURO MORENO OSCAR', order: 'unknown', alias: false },
      { text: 'AISPURO MORENO ÓSCAR', order: 'unknown', alias: true },
    ]);
    expect(aispuro.rfcs).toEqual(['AIMO6811069F7']);
    expect(aispuro.raw).toEqual({
      rows: [
        {
          file: 'Firmes.csv',
          cells: {
            RFC: 'AIMO6811069F7',
            'RAZON SOCIAL': 'AISPURO MORENO OSCAR',
            'TIPO PERSONA': 'F',
            SUPUESTO: 'FIRMES',
            'FECHA DE PRIMERA PUBLICACION': '01/01/2020',
            'ENTIDAD FEDERATIVA': 'CHIHUAHUA',
          },
        },
        expect.objectContaining({ file: 'Firmes.csv' }),
        {
          file: 'No_localizados.csv',
          cells: {
            RFC: 'AIMO6811069F7',
            'RAZÓN SOCIAL': 'AISPURO MORENO ÓSCAR',
            'TIPO PERSONA': 'F',
            SUPUESTO: 'NO LOCALIZADOS',
            'FECHAS DE PRIMERA PUBLICACION': '01/03/2024',
            'ENTIDAD FEDERATIVA': 'CHIHUAHUA',
          },
        },
      ],
    });
    const cancelado = entries.find((e) => e.key === 'GAIJ830930BN5')!;
    expect((cancelado.raw as { rows: Array<{ cells: Record<string, string> }> }).rows[0].cells).toMatchObject(
      {
        MONTO: '125,430.00',
        'FECHA DE CANCELACION': '04/05/2015',
      },
    );
  });

  it("reads a renamed file by its rows' SUPUESTO", async () => {
    const { entries, files } = await readWatchListFiles('sat-69', [
      { ...fixture('sat-69/No_localizados.csv'), name: 'descarga (3).csv' },
    ]);
    expect(files).toEqual([{ file: 'descarga (3).csv', kind: 'Art. 69 (by SUPUESTO)', rows: 2 }]);
    expect(entries.map((e) => e.listStatus)).toEqual(['No localizados', 'No localizados']);
  });

  it.each([
    ['title-first/Firmes.csv', 'header', /its first line is not an Art. 69 header/],
    ['unknown-list/lista.csv', 'header', /nor a SUPUESTO column says which Art. 69 list it is/],
    ['header-only/Exigibles.csv', 'no-data', /it has no data rows/],
    ['../empty/empty.csv', 'no-data', /it is empty/],
  ])('refuses %s (%s)', async (file, refusal, reason) => {
    const error = await readWatchListFiles('sat-69', [
      fixture('sat-69/Firmes.csv'),
      fixture(`refused/sat-69/${file}`),
    ]).catch((e) => e);
    expect(error).toMatchObject({ refusal, file: file.split('/').pop() });
    expect(error.reason).toMatch(reason);
  });
});
