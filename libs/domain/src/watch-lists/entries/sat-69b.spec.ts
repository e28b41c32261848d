import { isSat69bHeader, sat69bColumns, sat69bEntry, sat69bRow, sat69bStatus } from './sat-69b';
import { satColumnTitles } from './sat';

const HEADER = [
  'No',
  'RFC',
  'Nombre del Contribuyente',
  'Situación del contribuyente',
  'Número y fecha de oficio global de presunción SAT',
];

describe('sat69bStatus', () => {
  it.each([
    ['Presunto', 'Presunto'],
    ['PRESUNTO', 'Presunto'],
    ['Presuntos', 'Presunto'],
    ['desvirtuado', 'Desvirtuado'],
    ['Definitivo ', 'Definitivo'],
    ['DEFINITIVOS', 'Definitivo'],
    ['Sentencia Favorable', 'Sentencia Favorable'],
    ['sentencia favorable', 'Sentencia Favorable'],
    ['Sentencias Favorables', 'Sentencia Favorable'],
    ['Otro', null],
    ['', null],
  ])('%p -> %p', (input, expected) => expect(sat69bStatus(input)).toBe(expected));
});

describe('isSat69bHeader', () => {
  it.each([
    [HEADER, true],
    [['No.', 'RFC', 'Nombre del Contribuyente', 'SITUACION DEL CONTRIBUYENTE'], true],
    [['Información actualizada al 31 de diciembre de 2025; ...', '', ''], false],
    [['Listado completo de contribuyentes (Artículo 69-B del CFF)'], false],
    [['RFC', 'RAZON SOCIAL'], false],
  ])('%p -> %p', (cells, expected) => expect(isSat69bHeader(cells)).toBe(expected));
});

describe('sat69bColumns', () => {
  it('finds the columns by title', () => {
    expect(sat69bColumns(satColumnTitles(HEADER))).toMatchObject({ rfc: 1, name: 2, status: 3 });
  });
  it('is null without a name column', () => {
    expect(sat69bColumns(['No', 'RFC', 'Situación del contribuyente'])).toBeNull();
  });
});

describe('sat69bRow', () => {
  const columns = sat69bColumns(satColumnTitles(HEADER))!;
  it.each([
    [
      ['1', 'AIMO6811069F7', 'AISPURO MORENO OSCAR', 'Definitivo', ''],
      { rfc: 'AIMO6811069F7', status: 'Definitivo' },
    ],
    [
      ['2', 'XXXXXXXXXXXX', 'Información suprimida', 'Definitivo', ''],
      { rfc: 'XXXXXXXXXXXX', redacted: true },
    ],
    [['3', '', 'SIN RFC', 'Definitivo', ''], { rejected: 'no RFC' }],
    [
      ['4', 'SIF150302K8A', 'SERVICIOS', 'En revisión', ''],
      {
        rejected:
          'situación "En revisión" is not one of Presunto, Desvirtuado, Definitivo, Sentencia Favorable',
      },
    ],
    [['5', 'SIF150302K8A', 'SERVICIOS', '', ''], { rejected: 'no situación del contribuyente' }],
  ])('%p -> %p', (cells, expected) =>
    expect(sat69bRow('Listado_completo_69-B.csv', cells, columns)).toMatchObject(expected),
  );
});

describe('sat69bEntry', () => {
  const columns = sat69bColumns(satColumnTitles(HEADER))!;
  const read = (status: string) => {
    const row = sat69bRow(
      'f.csv',
      ['1', 'SIF150302K8A', 'SERVICIOS INTEGRALES FÉNIX DEL BAJÍO, S.A. DE C.V.', status, ''],
      columns,
    );
    if ('rejected' in row) throw new Error(row.rejected);
    return row;
  };
  it('reads a moral by its razón social with its situación', () => {
    expect(sat69bEntry([read('Definitivo')], '2026-05-31')).toMatchObject({
      key: 'SIF150302K8A',
      kind: 'entity',
      listStatus: 'Definitivo',
      names: [{ text: 'SERVICIOS INTEGRALES FÉNIX DEL BAJÍO, S.A. DE C.V.', order: 'entity' }],
    });
  });
  it.each([
    [['Desvirtuado', 'Definitivo'], 'Definitivo'],
    [['Sentencia Favorable', 'Presunto'], 'Presunto'],
    [['Desvirtuado', 'Sentencia Favorable'], 'Sentencia Favorable'],
  ])('a repeated RFC takes the most severe of %p: %p', (statuses, expected) =>
    expect(sat69bEntry(statuses.map(read), '2026-05-31').listStatus).toBe(expected),
  );
});
