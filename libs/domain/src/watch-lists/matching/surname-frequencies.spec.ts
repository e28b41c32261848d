import { MEXICAN_SURNAME_COUNTS, surnameCommonness } from './surname-frequencies';

describe('surnameCommonness', () => {
  it('lists a few hundred surnames, most common first, each once', () => {
    expect(MEXICAN_SURNAME_COUNTS.length).toBeGreaterThanOrEqual(250);
    expect(new Set(MEXICAN_SURNAME_COUNTS.map(([surname]) => surname)).size).toBe(
      MEXICAN_SURNAME_COUNTS.length,
    );
    const counts = MEXICAN_SURNAME_COUNTS.map(([, count]) => count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it.each([
    ['HERNANDEZ', 1, 1],
    ['GARCIA', 0.9, 0.92],
    ['MENDOZA', 0.5, 0.6],
    ['DE LA CRUZ', 0.15, 0.35],
    ['ZUBIRIA', 0, 0],
    ['Hernández', 0, 0],
  ])('%p: between %p and %p', (surname, low, high) => {
    expect(surnameCommonness(surname)).toBeGreaterThanOrEqual(low);
    expect(surnameCommonness(surname)).toBeLessThanOrEqual(high);
  });

  it('weighs García Hernández more than Zubiría Ochoa', () => {
    expect(surnameCommonness('GARCIA') + surnameCommonness('HERNANDEZ')).toBeGreaterThan(
      surnameCommonness('ZUBIRIA') + surnameCommonness('OCHOA') + 1,
    );
  });
});
