import { deliveryListQueryViolations, endpointListQueryViolations } from './list-queries';

const messages = (violations: Array<{ field: string; message: string }>) =>
  violations.map(({ field, message }) => `${field}: ${message}`);
const limit = 'limit: limit must be between 1 and 100.';

describe('endpointListQueryViolations', () => {
  it.each([
    [{ page: 1, limit: 20 }, []],
    [{ page: 1, limit: 20, clientId: 'acme' }, []],
    [{ page: 1, limit: 0, clientId: ['a', 'b'] }, ['clientId: clientId must be a string.', limit]],
  ])('%j', (query, expected) => {
    expect(messages(endpointListQueryViolations(query))).toEqual(expected);
  });
});

describe('deliveryListQueryViolations', () => {
  const status = 'status: status must be one of pending, succeeded, failed.';
  it.each([
    [{ page: 1, limit: 20 }, []],
    [{ page: 1, limit: 20, status: 'failed' }, []],
    [{ page: 1, limit: 20, status: 'Pending' }, [status]],
    [{ page: 1, limit: 101, status: '' }, [status, limit]],
  ])('%j', (query, expected) => {
    expect(messages(deliveryListQueryViolations(query))).toEqual(expected);
  });
});
