import {
  batchShapeViolations,
  countByStatus,
  csvHeaderViolations,
  itemViolations,
  MAX_BATCH_ITEMS,
} from './batch-rules';
import { registrationTypeViolations } from './registration-rules';

describe('batchShapeViolations', () => {
  it.each([
    ['not an array', { items: 1 }, ['items']],
    ['empty', [], ['items']],
    ['one too many', Array(MAX_BATCH_ITEMS + 1).fill({}), ['items']],
    ['items that are not objects', [{}, 'x', null, []], ['items[1]', 'items[2]', 'items[3]']],
    ['the most it takes', Array(MAX_BATCH_ITEMS).fill({}), []],
  ])('%s', (_label, items, fields) => {
    expect(batchShapeViolations(items).map((v) => v.field)).toEqual(fields);
  });
});

describe('csvHeaderViolations', () => {
  it.each([
    [['packageId', 'name', 'rfc'], []],
    [['packageId', 'salary', 'documents'], [/unknown columns salary, documents/]],
    [['packageId', 'name', 'name'], [/column name appears twice/]],
    [['name'], [/must name the packageId column/]],
  ])('%j', (header, messages) => {
    const violations = csvHeaderViolations(header);
    expect(violations).toHaveLength(messages.length);
    violations.forEach((v, i) => {
      expect(v.field).toBe('body');
      expect(v.message).toMatch(/^Line 1: /);
      expect(v.message).toMatch(messages[i]);
    });
  });
});

describe('itemViolations', () => {
  it('puts each violation under its item', () => {
    expect(itemViolations(3, [{ field: 'rfc', message: 'bad' }])).toEqual([
      { field: 'items[3].rfc', message: 'bad' },
    ]);
  });
});

describe('countByStatus', () => {
  it('counts every overall status, zero included', () => {
    expect(countByStatus(['Completed', 'Processing', 'Completed'])).toEqual({
      Pending: 0,
      Processing: 1,
      Completed: 2,
    });
  });
});

describe('registrationTypeViolations on unknown fields', () => {
  it('names every field a registration may not have', () => {
    expect(registrationTypeViolations({ packageId: 'P', salary: 1, role: 'x' })).toEqual([
      { field: 'salary', message: '"salary" is not a known field.' },
      { field: 'role', message: '"role" is not a known field.' },
    ]);
  });
});
