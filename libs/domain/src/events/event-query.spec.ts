import { ForbiddenError } from '../errors';
import { EVENT_TYPES } from './event-catalog';
import { eventClients, eventQueryOf, eventQueryShapeViolations, validateEventQuery } from './event-query';

describe('eventQueryShapeViolations', () => {
  it.each([
    [{}, []],
    [{ after: 'evt_1_2', types: 'process.finished', limit: '5', clientId: 'acme' }, []],
    [{ clientId: ['a'], after: ['b'] }, ['after', 'clientId']],
    [{ types: ['a', 'b'], limit: ['1'] }, ['types', 'limit']],
  ])('%j', (query, fields) => {
    const violations = eventQueryShapeViolations(query);
    expect(violations.map((violation) => violation.field)).toEqual(fields);
    expect(
      violations.every((violation) => violation.message === `${violation.field} must be a string.`),
    ).toBe(true);
  });
});

describe('validateEventQuery', () => {
  it.each([
    [{}, []],
    [{ limit: '1', types: 'process.finished, webhook.test', after: 'evt_1_2', clientId: 'acme' }, []],
    [{ limit: '500' }, []],
    [{ limit: '0' }, ['limit']],
    [{ limit: '501' }, ['limit']],
    [{ limit: '1.5' }, ['limit']],
    [{ types: 'process.finished,nope' }, ['types']],
    [{ after: '' }, ['after']],
    [{ clientId: 'c'.repeat(65) }, ['clientId']],
  ])('%j', (query, fields) => {
    expect(validateEventQuery(query).map((violation) => violation.field)).toEqual(fields);
  });

  it('names the unknown types and the known ones', () => {
    expect(validateEventQuery({ types: 'nope' })[0].message).toBe(
      `Unknown event types: nope. Known types: ${EVENT_TYPES.join(', ')}.`,
    );
  });
});

describe('eventQueryOf', () => {
  it.each([
    [{}, { limit: 100, types: null }],
    [
      { limit: '7', types: ' , ' },
      { limit: 7, types: null },
    ],
    [
      { types: 'process.finished, webhook.test' },
      { limit: 100, types: ['process.finished', 'webhook.test'] },
    ],
  ])('%j', (query, expected) => {
    expect(eventQueryOf(query)).toEqual(expected);
  });
});

describe('eventClients', () => {
  it.each([
    [undefined, ['a', 'b']],
    ['', ['a', 'b']],
    ['b', ['b']],
  ])('clientId %j reads %j', (clientId, clients) => {
    expect(eventClients(['a', 'b'], clientId)).toEqual(clients);
  });

  it('refuses a client of someone else', () => {
    expect(() => eventClients(['a'], 'z')).toThrow(ForbiddenError);
  });
});
