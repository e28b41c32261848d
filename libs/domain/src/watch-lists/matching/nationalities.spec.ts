import { normalizeNationalities, normalizeNationality } from './nationalities';

describe('normalizeNationality', () => {
  it.each([
    ['MX', 'MX'],
    ['MEX', 'MX'],
    ['Mexico', 'MX'],
    ['México', 'MX'],
    ['mexicana', 'MX'],
    ['DOM', 'DO'],
    ['Dominican Republic', 'DO'],
    ['República Dominicana', 'DO'],
    ['GTM', 'GT'],
    ['HND', 'HN'],
    ['JAM', 'JM'],
    ['PAN', 'PA'],
    ['Panamá', 'PA'],
    ['Atlantis', 'ATLANTIS'],
    ['', null],
    [null, null],
  ])('%p -> %p', (value, code) => {
    expect(normalizeNationality(value)).toBe(code);
  });

  it('gives each country once', () => {
    expect(normalizeNationalities(['Mexico', 'MX', null, 'Guatemala'])).toEqual(['MX', 'GT']);
  });
});
