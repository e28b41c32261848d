import { MAX_PAGE } from '../paging';
import {
  batchQueryViolations,
  processDetailQueryViolations,
  requestListQueryViolations,
} from './request-queries';

const messages = (violations: Array<{ field: string; message: string }>) =>
  violations.map(({ field, message }) => `${field}: ${message}`);

describe('requestListQueryViolations', () => {
  const status = 'status: status must be one of Pending, Processing, Completed.';
  it.each([
    [{ page: 1, limit: 20 }, []],
    [{ page: 1, limit: 20, status: 'Completed' }, []],
    [{ page: 1, limit: 20, status: 'completed' }, [status]],
    [{ page: 1, limit: 20, status: ['Pending'] }, [status]],
    [
      { page: 0, limit: 20, status: 'x' },
      [status, `page: page must be a whole number from 1 to ${MAX_PAGE}.`],
    ],
  ])('%j', (query, expected) => {
    expect(messages(requestListQueryViolations(query))).toEqual(expected);
  });
});

describe('processDetailQueryViolations', () => {
  it.each([
    [{}, []],
    [{ detail: 'true' }, []],
    [{ detail: 'yes' }, ['detail: detail must be true or false.']],
  ])('%j', (query, expected) => {
    expect(messages(processDetailQueryViolations(query))).toEqual(expected);
  });
});

describe('batchQueryViolations', () => {
  it.each([
    [{}, []],
    [{ atomic: 'false', clientId: 'acme' }, []],
    [{ clientId: ['a', 'b'] }, ['clientId: clientId must be a string.']],
    [
      { atomic: '1', clientId: ['a'] },
      ['atomic: atomic must be true or false.', 'clientId: clientId must be a string.'],
    ],
  ])('%j', (query, expected) => {
    expect(messages(batchQueryViolations(query))).toEqual(expected);
  });
});
