import { compareBirthDates, parsePartialDate, type BirthDate } from './birth-dates';

describe('parsePartialDate', () => {
  it.each([
    ['1968-11-06', { year: 1968, yearOfCentury: 68, month: 11, day: 6 }],
    ['1968-11', { year: 1968, yearOfCentury: 68, month: 11, day: null }],
    ['1968', { year: 1968, yearOfCentury: 68, month: null, day: null }],
    [' 2001-01-31 ', { year: 2001, yearOfCentury: 1, month: 1, day: 31 }],
    ['1968-13-01', null],
    ['1968-01-32', null],
    ['06/11/1968', null],
    ['', null],
    [null, null],
  ])('%p -> %p', (text, date) => {
    expect(parsePartialDate(text)).toEqual(date);
  });
});

describe('compareBirthDates', () => {
  const d = (text: string) => parsePartialDate(text) as BirthDate;
  const rfc = (yy: number, month: number, day: number): BirthDate => ({
    year: null,
    yearOfCentury: yy,
    month,
    day,
  });

  it.each([
    ['the same day', [d('1968-11-06')], [d('1968-11-06')], 'same'],
    ['the same day, one side from an RFC (no century)', [d('1968-11-06')], [rfc(68, 11, 6)], 'same'],
    ['a year only on one side', [d('1968-11-06')], [d('1968')], 'same-year'],
    ['a year and month on one side', [d('1968-11-06')], [d('1968-11')], 'same-year'],
    ['the same year, another day', [d('1968-11-06')], [d('1968-11-07')], 'same-year-other-day'],
    ['the same year, another month', [d('1968-11-06')], [d('1968-10')], 'same-year-other-day'],
    ['another year', [d('1968-11-06')], [d('1969-11-06')], 'different-year'],
    ['another year of century (RFC)', [d('1968-11-06')], [rfc(69, 11, 6)], 'different-year'],
    ['the best of several (OFAC alt. DOB)', [d('1968-11-06')], [d('1970'), d('1968-11-06')], 'same'],
    ['nothing on one side', [d('1968-11-06')], [], null],
  ])('%s', (_, a, b, agreement) => {
    expect(compareBirthDates(a, b)).toBe(agreement);
    expect(compareBirthDates(b, a)).toBe(agreement);
  });
});
