import { collapseSpaces, distinct, foldLabel } from './text';

describe('foldLabel', () => {
  it.each([
    ['Situación del contribuyente', 'SITUACION DEL CONTRIBUYENTE'],
    ['NOMBRE, DENOMINACIÓN O RAZÓN SOCIAL', 'NOMBRE DENOMINACION O RAZON SOCIAL'],
    ['  razón   social ', 'RAZON SOCIAL'],
    ['No.', 'NO'],
    ['FECHA(S) DE PRIMERA PUBLICACIÓN', 'FECHA S DE PRIMERA PUBLICACION'],
  ])('%p -> %p', (input, expected) => expect(foldLabel(input)).toBe(expected));
});

describe('collapseSpaces', () => {
  it('folds the line breaks of a quoted cell into one space', () => {
    expect(collapseSpaces('CONSTRUCTORA DEL NORTE, \r\nS.A. DE C.V. ')).toBe(
      'CONSTRUCTORA DEL NORTE, S.A. DE C.V.',
    );
  });
});

describe('distinct', () => {
  it('keeps the first order', () => expect(distinct(['b', 'a', 'b'])).toEqual(['b', 'a']));
});
