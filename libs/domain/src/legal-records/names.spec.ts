import { givenNameWords, normalizeName } from './names';

describe('normalizeName', () => {
  it.each([
    ['Hernández', 'hernandez'],
    ['  HERNÁNDEZ  ', 'hernandez'],
    ['Muñoz', 'munoz'],
    ['de  la   Cruz', 'de la cruz'],
    ['Ángel', 'angel'],
    ['Sofía\tMaría', 'sofia maria'],
    ['GÜERO', 'guero'],
    ['N\u0303un\u0303ez', 'nunez'],
    ['Ö\u0323', 'o'],
  ])('%p -> %p', (input, expected) => {
    expect(normalizeName(input)).toBe(expected);
  });
});

describe('givenNameWords', () => {
  it('splits, normalizes and de-duplicates the given names', () => {
    expect(givenNameWords(' Juan  CARLOS juan ')).toEqual(['juan', 'carlos']);
    expect(givenNameWords('   ')).toEqual([]);
  });
});
