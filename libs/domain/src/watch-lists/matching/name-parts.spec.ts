import { compareGivenNames, compareSpellings } from './name-parts';

describe('compareSpellings (one name part against another)', () => {
  it.each([
    ['GARCIA', 'GARCIA', false, 'exact', 1],
    ['DE LA GARZA', 'GARZA', false, 'particle', 0.97],
    ['DE LA CRUZ', 'DELACRUZ', false, 'particle', 0.97],
    ['DEL RIO', 'DE RIO', false, 'particle', 0.97],
    ['HERNANDEZ', 'HERNADEZ', false, 'typo', 0.92],
    ['HERNANDEZ', 'HERNANDZE', false, 'typo', 0.92],
    ['GARCIA', 'GRACIA', false, 'typo', 0.92],
    ['MARIA', 'MAIA', true, 'typo', 0.92],
    ['LOPEZ', 'LOPZ', false, 'typo', 0.92],
    ['GONZALEZ', 'GONSALES', false, 'phonetic', 0.88],
    ['RUIZ', 'RUIS', false, 'phonetic', 0.88],
    ['SOTO', 'SOTA', false, 'differs', 0],
    ['RAUL', 'SAUL', true, 'differs', 0],
    ['JUAN', 'JUANA', true, 'differs', 0],
    ['MARIO', 'MARIA', true, 'differs', 0],
    ['GABRIEL', 'GABRIELA', true, 'differs', 0],
    ['GARCIA', 'LOPEZ', false, 'differs', 0],
    ['HERNANDEZ', 'HERNANDO', false, 'differs', 0],
  ])('%p / %p (given: %p) -> %p', (a, b, given, verdict, similarity) => {
    expect(compareSpellings(a, b, given)).toEqual({ verdict, similarity });
    expect(compareSpellings(b, a, given)).toEqual({ verdict, similarity });
  });
});

describe('compareGivenNames', () => {
  it.each([
    [['JUAN', 'CARLOS'], ['JUAN', 'CARLOS'], 'exact'],
    [['CARLOS', 'JUAN'], ['JUAN', 'CARLOS'], 'exact'],
    [['MARIA', 'GUADALUPE'], ['GUADALUPE'], 'partial'],
    [['JUAN'], ['JUAN', 'CARLOS'], 'partial'],
    [['JUAN', 'CARLOS'], ['JUAN', 'PABLO'], 'differs'],
    [['JUAN'], ['JOSE'], 'differs'],
    [['MARIA', 'DE LOS ANGELES'], ['MARIA', 'ANGELES'], 'particle'],
    [['EDUARDO'], ['EDUADRO'], 'typo'],
  ])('%p / %p -> %p', (a, b, verdict) => {
    expect(compareGivenNames(a, b).verdict).toBe(verdict);
  });
});
