import { englishDate, isoPartialDate, ofacBirthDates, satAsOfDate, yearsBetween } from './dates';

describe('isoPartialDate', () => {
  it.each([
    ['1968-11-06', '1968-11-06'],
    ['1968-11', '1968-11'],
    ['1968', '1968'],
    ['2026-02-27T00:00:09.554Z', '2026-02-27'],
    ['06/11/1968', '1968-11-06'],
    ['1/4/2017', '2017-04-01'],
    ['1968-02-30', null],
    ['1968-13', null],
    ['circa 1968', null],
    ['', null],
  ])('%p -> %p', (input, expected) => expect(isoPartialDate(input)).toBe(expected));
});

describe('englishDate', () => {
  it.each([
    ['06 Nov 1968', '1968-11-06'],
    ['6 November 1968', '1968-11-06'],
    ['Nov 1968', '1968-11'],
    ['1968', '1968'],
    ['31 Feb 1968', null],
    ['06 Foo 1968', null],
  ])('%p -> %p', (input, expected) => expect(englishDate(input)).toBe(expected));
});

describe('yearsBetween', () => {
  it.each([
    ['1962', '1964', ['1962', '1963', '1964']],
    ['1964', '1962', ['1962', '1963', '1964']],
    ['1940', '1970', ['1940', '1970']],
  ])('%p .. %p -> %p', (from, to, expected) => expect(yearsBetween(from, to)).toEqual(expected));
});

describe('ofacBirthDates', () => {
  it.each([
    ['06 Nov 1968', ['1968-11-06']],
    ['circa 1965', ['1965']],
    ['Nov 1968', ['1968-11']],
    ['1962 to 1964', ['1962', '1963', '1964']],
    ['circa 1962-1964', ['1962', '1963', '1964']],
    ['01 Jan 1960 to 31 Dec 1960', ['1960-01-01', '1960-12-31']],
    ['unknown', []],
  ])('%p -> %p', (input, expected) => expect(ofacBirthDates(input)).toEqual(expected));
});

describe('satAsOfDate', () => {
  it.each([
    [
      'Información actualizada al 31 de diciembre de 2025; los listados a que se hace mención, son de carácter público',
      '2025-12-31',
    ],
    ['INFORMACION ACTUALIZADA AL 5 DE MAYO DEL 2026', '2026-05-05'],
    ['Información actualizada al 1o. de septiembre de 2025', '2025-09-01'],
    ['Información actualizada al 31 de febrero de 2025', null],
    ['Listado completo de contribuyentes (Artículo 69-B del CFF)', null],
  ])('%p -> %p', (input, expected) => expect(satAsOfDate(input)).toBe(expected));
});
