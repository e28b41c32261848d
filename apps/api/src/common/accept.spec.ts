import { prefersCsv } from './accept';

describe('prefersCsv', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['application/json', false],
    ['*/*', false],
    ['text/csv', true],
    ['TEXT/CSV', true],
    ['text/csv; charset=utf-8', true],
    ['text/csv, */*;q=0.1', true],
    ['text/csv, application/json', false],
    ['application/json, text/csv;q=0.9', false],
    ['text/csv;q=0.5, application/json;q=0.4', true],
    ['text/csv;q=0, application/json', false],
    ['text/csv;q=abc', false],
    ['application/*, text/csv', false],
    ['text/*', false],
  ])('%p -> %p', (accept, csv) => {
    expect(prefersCsv(accept)).toBe(csv);
  });
});
