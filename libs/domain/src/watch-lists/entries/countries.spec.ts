import { countryCode, nationalityOf } from './countries';

describe('countryCode', () => {
  it.each([
    ['Mexico', 'MX'],
    ['México', 'MX'],
    ['MEXICO', 'MX'],
    ['mx', 'MX'],
    ['MEX', 'MX'],
    ['DOM', 'DO'],
    ['Dominican Republic', 'DO'],
    ['República Dominicana', 'DO'],
    ['Guatemala', 'GT'],
    ['Honduras', 'HN'],
    ['Panamá', 'PA'],
    ['Jamaica', 'JM'],
    ['Colombia', 'CO'],
    ['United States', 'US'],
    ['Venezuela', 'VE'],
    ['Spain', 'ES'],
    ['Mexico.', 'MX'],
    ['Atlantis', null],
  ])('%p -> %p', (input, expected) => expect(countryCode(input)).toBe(expected));
});

describe('nationalityOf', () => {
  it('keeps a country the table does not know as published', () => {
    expect(nationalityOf('  Democratic  Republic of the Congo ')).toBe('CD');
    expect(nationalityOf('Tuvalu')).toBe('Tuvalu');
    expect(nationalityOf('  ')).toBeNull();
  });
});
