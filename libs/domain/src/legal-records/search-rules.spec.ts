import { ForbiddenError, ValidationFailedError } from '../errors';
import {
  clientIdViolations,
  pagingOf,
  recordQueryShapeViolations,
  searchQueryShapeViolations,
  parseCsvFilter,
  resolveClientId,
  validateDetailQuery,
  validatePaging,
  validateSearchQuery,
} from './search-rules';

const fields = (violations: Array<{ field: string }>) => violations.map((v) => v.field);

describe('validateSearchQuery (docs/behaviour.md name rules)', () => {
  it.each([
    ['name + lastName', { name: 'Juan', lastName: 'Hernández' }],
    ['name + secondLastName', { name: 'Juan', secondLastName: 'López' }],
    ['all three', { name: 'Juan', lastName: 'Hernández', secondLastName: 'López' }],
  ])('accepts %s', (_label, body) => {
    expect(validateSearchQuery(body)).toEqual([]);
  });

  it.each([
    ['name alone', { name: 'Juan' }, ['lastName']],
    ['no name', { lastName: 'Hernández' }, ['name']],
    ['an empty surname', { name: 'Juan', lastName: '' }, ['lastName']],
    [
      'blank surnames only',
      { name: 'Juan', lastName: ' ', secondLastName: '' },
      ['lastName', 'secondLastName'],
    ],
    ['an empty name', { name: '', lastName: 'Hernández' }, ['name']],
    ['a name that is not a string', { name: 7, lastName: 'Hernández' }, ['name']],
    ['a name over 100 characters', { name: 'x'.repeat(101), lastName: 'Hernández' }, ['name']],
    ['a name of combining marks only', { name: '\u0301\u0303', lastName: 'Hernández' }, ['name']],
    ['a null surname', { name: 'Juan', lastName: null }, ['lastName']],
    ['a surname that is not a string', { name: 'Juan', secondLastName: ['López'] }, ['secondLastName']],
    ['nothing', {}, ['name', 'lastName']],
    ['a BEL in the name', { name: 'Jos\u0007', lastName: 'Hernández' }, ['name']],
    ['a line break in a surname', { name: 'José', lastName: 'Hernández\n' }, ['lastName']],
    ['a bidi override in a surname', { name: 'José', secondLastName: '\u202ezepóL' }, ['secondLastName']],
    ['a zero-width space in the name', { name: 'Jo\u200bsé', lastName: 'Hernández' }, ['name']],
    ['a lone tab', { name: 'José', lastName: '\t' }, ['lastName']],
  ])('refuses %s', (_label, body, expected) => {
    expect(fields(validateSearchQuery(body))).toEqual(expected);
  });

  it('says which character it refused', () => {
    expect(validateSearchQuery({ name: 'Jos\u0007', lastName: 'Hernández' })).toEqual([
      {
        field: 'name',
        message: expect.stringMatching(/^name must not contain control characters.*U\+0007\.$/),
      },
    ]);
  });

  it('counts characters, not UTF-16 units: 100 letters written with combining accents pass', () => {
    expect(validateSearchQuery({ name: 'a\u0301'.repeat(100), lastName: 'Hernández' })).toEqual([]);
    expect(fields(validateSearchQuery({ name: 'a\u0301'.repeat(101), lastName: 'Hernández' }))).toEqual([
      'name',
    ]);
  });
});

describe('validatePaging', () => {
  it.each([
    {},
    { limit: '1' },
    { limit: '300' },
    { page: '1' },
    { page: '999' },
    { page: '9007199254740991' },
  ])('accepts %j', (query) => {
    expect(validatePaging(query)).toEqual([]);
  });
  it.each([
    [{ limit: '0' }, ['limit']],
    [{ limit: '301' }, ['limit']],
    [{ limit: '1.5' }, ['limit']],
    [{ limit: 'abc' }, ['limit']],
    [{ page: '0' }, ['page']],
    [{ page: '-1' }, ['page']],
    [{ page: '9007199254740992' }, ['page']],
    [{ page: '99999999999999999999' }, ['page']],
    [{ page: '1e3' }, ['page']],
    [{ limit: '0', page: 'x' }, ['limit', 'page']],
  ])('refuses %j', (query, expected) => {
    expect(fields(validatePaging(query))).toEqual(expected);
  });
  it('defaults to limit 100, page 1', () => {
    expect(pagingOf({})).toEqual({ limit: 100, page: 1 });
    expect(pagingOf({ limit: '20', page: '3' })).toEqual({ limit: 20, page: 3 });
  });
});

describe('parseCsvFilter', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    [' , ,', undefined],
    ['Civil', ['Civil']],
    ['Civil, Mercantil,,Civil', ['Civil', 'Mercantil']],
  ])('%p -> %p', (input, expected) => {
    expect(parseCsvFilter(input)).toEqual(expected);
  });
});

describe('validateDetailQuery', () => {
  it('accepts real dates in order and known roles', () => {
    expect(
      validateDetailQuery({ startDate: '2020-02-29', endDate: '2021-01-01', role: 'Applicant' }),
    ).toEqual([]);
    expect(validateDetailQuery({ role: 'Defendant' })).toEqual([]);
  });
  it.each([
    [{ startDate: '2021-02-29' }, ['startDate']],
    [{ endDate: '01-01-2021' }, ['endDate']],
    [{ startDate: '2022-01-01', endDate: '2021-01-01' }, ['endDate']],
    [{ role: 'Judge' }, ['role']],
  ])('refuses %j', (query, expected) => {
    expect(fields(validateDetailQuery(query))).toEqual(expected);
  });
});

describe('clientIdViolations (docs/behaviour.md, the 400 part)', () => {
  it.each([
    [['acme'], undefined, []],
    [['acme'], '', []],
    [['acme', 'globex'], undefined, ['clientId']],
    [['acme', 'globex'], '', ['clientId']],
    [['acme'], 'a'.repeat(64), []],
    [['acme'], 'a'.repeat(65), ['clientId']],
  ])('clients %j, clientId %p', (clients, clientId, expected) => {
    expect(fields(clientIdViolations(clients, clientId))).toEqual(expected);
  });
});

describe('resolveClientId (docs/behaviour.md)', () => {
  it('uses the only client when clientId is omitted', () => {
    expect(resolveClientId(['acme'], 'acme')).toBe('acme');
  });
  it('requires clientId when the user has several clients', () => {
    expect(() => resolveClientId(['acme', 'globex'], 'acme')).toThrow(ValidationFailedError);
  });
  it('refuses a clientId over 64 characters with 400', () => {
    expect(() => resolveClientId(['acme'], 'acme', 'a'.repeat(65))).toThrow(ValidationFailedError);
  });
  it("refuses another client's id with 403", () => {
    expect(() => resolveClientId(['acme'], 'acme', 'globex')).toThrow(ForbiddenError);
  });
  it('accepts one of the user clients', () => {
    expect(resolveClientId(['acme', 'globex'], 'acme', 'globex')).toBe('globex');
  });
});

const stringFields = (violations: Array<{ field: string; message: string }>) =>
  violations.map(({ field, message }) => (message === `${field} must be a string.` ? field : message));

describe('searchQueryShapeViolations', () => {
  it.each([
    [{}, []],
    [{ limit: '1', page: '2', categories: 'Civil', states: 'Jalisco', clientId: 'acme' }, []],
    [{ clientId: ['a'], limit: ['1', '2'], states: ['x'] }, ['limit', 'states', 'clientId']],
  ])('%j', (query, fields) => {
    expect(stringFields(searchQueryShapeViolations(query))).toEqual(fields);
  });
});

describe('recordQueryShapeViolations', () => {
  it.each([
    [{ startDate: '2020-01-01', role: 'Applicant', page: '1' }, []],
    [{ page: ['1'], role: ['x'], startDate: ['a'] }, ['startDate', 'role', 'page']],
  ])('%j', (query, fields) => {
    expect(stringFields(recordQueryShapeViolations(query))).toEqual(fields);
  });
});
