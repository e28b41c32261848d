import {
  NAME_KEY_SEPARATOR,
  searchListFilterOf,
  searchListQueryShapeViolations,
  searchNameKey,
  validateSearchListQuery,
} from './search-list';

describe('searchNameKey', () => {
  it.each([
    [{ name: 'Juan', lastName: 'Hernández' }, ['juan', 'hernandez']],
    [
      { name: ' María  José ', lastName: 'GARCÍA', secondLastName: 'Núñez' },
      ['maria jose', 'garcia', 'nunez'],
    ],
    [{ name: 'Ana', secondLastName: 'de la Cruz' }, ['ana', 'de la cruz']],
  ])('%p -> one normalized field a line', (query, fields) => {
    expect(searchNameKey(query)).toBe(fields.join(NAME_KEY_SEPARATOR));
  });

  it('keeps fields apart: a normalized filter never holds the separator', () => {
    expect(searchNameKey({ name: 'Juan\nCarlos', lastName: 'Pérez' })).toBe('juan carlos\nperez');
  });
});

describe('validateSearchListQuery', () => {
  const fields = (query: Parameters<typeof validateSearchListQuery>[0]) =>
    validateSearchListQuery(query).map((v) => v.field);

  it.each([
    [{}, []],
    [{ page: '2', limit: '50', name: 'hernández', from: '2026-01-01', to: '2026-01-31' }, []],
    [{ limit: '0' }, ['limit']],
    [{ limit: '301', page: 'x' }, ['limit', 'page']],
    [{ name: '   ' }, ['name']],
    [{ name: '\u0301' }, ['name']],
    [{ name: 'a'.repeat(101) }, ['name']],
    [{ from: '2026-02-30' }, ['from']],
    [{ from: '2026-03-02', to: '2026-03-01' }, ['from']],
    [{ page: '0', name: '', from: 'x', to: 'y' }, ['page', 'name', 'from', 'to']],
  ])('%p -> %p', (query, expected) => {
    expect(fields(query)).toEqual(expected);
  });
});

describe('searchListFilterOf', () => {
  it('defaults paging like the other search endpoints and normalizes the name', () => {
    expect(searchListFilterOf({})).toEqual({ page: 1, limit: 100 });
    expect(searchListFilterOf({ page: '3', limit: '10', name: ' HERNÁNDEZ ', from: '2026-01-01' })).toEqual({
      page: 3,
      limit: 10,
      nameContains: 'hernandez',
      from: '2026-01-01',
    });
  });
});

const stringFields = (violations: Array<{ field: string; message: string }>) =>
  violations.map(({ field, message }) => (message === `${field} must be a string.` ? field : message));

describe('searchListQueryShapeViolations', () => {
  it.each([
    [{ name: 'juan', from: '2026-01-01', to: '2026-01-31', limit: '5', page: '1', clientId: 'acme' }, []],
    [{ limit: ['1'], to: ['c'], name: ['a'], clientId: ['x'] }, ['name', 'to', 'limit', 'clientId']],
  ])('%j', (query, fields) => {
    expect(stringFields(searchListQueryShapeViolations(query))).toEqual(fields);
  });
});
