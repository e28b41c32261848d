import { EVENT_TYPES } from '../events/event-catalog';
import { endpointInputViolations } from './endpoint-input';
import {
  EndpointSubscription,
  endpointsFor,
  eventTypesViolations,
  scheduleNewDeliveries,
  subscribedTypes,
} from './subscriptions';

const T = 1_800_000_000_000;
const endpoint = (over: Partial<EndpointSubscription>): EndpointSubscription => ({
  id: 'e1',
  clientId: 'acme',
  events: null,
  enabled: true,
  createdAt: T,
  ...over,
});

describe('endpointsFor (which events an endpoint gets)', () => {
  const finished = { type: 'process.finished', clientId: 'acme', createdAt: T + 10, data: { uuid: 'r1' } };
  const test = { type: 'webhook.test', clientId: 'acme', createdAt: T + 10, data: { endpointId: 'e2' } };

  it.each([
    ['an endpoint subscribed to all', finished, endpoint({}), true],
    ['an endpoint subscribed to the type', finished, endpoint({ events: ['process.finished'] }), true],
    ['an endpoint subscribed to other types', finished, endpoint({ events: ['process.started'] }), false],
    ['a disabled endpoint', finished, endpoint({ enabled: false }), false],
    ["another client's endpoint", finished, endpoint({ clientId: 'globex' }), false],
    ['an endpoint created after the event', finished, endpoint({ createdAt: T + 11 }), false],
    ['an endpoint created at the same instant', finished, endpoint({ createdAt: T + 10 }), true],
    ['a test event, to its endpoint', test, endpoint({ id: 'e2', events: ['process.started'] }), true],
    ['a test event, to its endpoint while disabled', test, endpoint({ id: 'e2', enabled: false }), true],
    ['a test event, to another endpoint subscribed to all', test, endpoint({ id: 'e1' }), false],
    [
      'a test event, to an endpoint of another client with the same id',
      test,
      endpoint({ id: 'e2', clientId: 'globex' }),
      false,
    ],
  ])('%s', (_what, event, candidate, receives) => {
    expect(endpointsFor(event, [candidate])).toEqual(receives ? [candidate] : []);
  });
});

describe('eventTypesViolations', () => {
  it.each([
    [['process.finished'], []],
    [[...EVENT_TYPES], []],
    [[], ['events']],
    ['process.finished', ['events']],
    [
      ['process.finished', 'process.exploded', 7],
      ['events[1]', 'events[2]'],
    ],
  ])('%j', (events, fields) => {
    expect(eventTypesViolations(events).map((v) => v.field)).toEqual(fields);
  });

  it('lists the known types in the message', () => {
    expect(eventTypesViolations(['nope'])[0].message).toContain('candidate_request.created');
  });
});

describe('subscribedTypes', () => {
  it.each([
    [null, [...EVENT_TYPES]],
    [['process.finished'], ['process.finished']],
  ])('%j', (events, shown) => {
    expect(subscribedTypes(events)).toEqual(shown);
  });
});

describe('endpointInputViolations', () => {
  it.each([
    ['create: url only', 'create', { url: 'https://h.example/x' }, []],
    ['create: no url', 'create', {}, ['url']],
    [
      'create: everything wrong',
      'create',
      { url: 'ftp://x', events: ['nope'], description: 5, enabled: 'yes' },
      ['url', 'events[0]', 'description', 'enabled'],
    ],
    ['create: events null', 'create', { url: 'https://h.example/x', events: null }, ['events']],
    [
      'create: long description',
      'create',
      { url: 'https://h.example/x', description: 'd'.repeat(501) },
      ['description'],
    ],
    ['update: nothing', 'update', {}, []],
    ['update: events null (all again)', 'update', { events: null }, []],
    ['update: description null (cleared)', 'update', { description: null }, []],
    ['update: disable', 'update', { enabled: false }, []],
    ['update: bad url', 'update', { url: 'not a url' }, ['url']],
    ['update: url null', 'update', { url: null }, ['url']],
    [
      'create: a line break in the description',
      'create',
      { url: 'https://h.example/x', description: 'a\nb' },
      ['description'],
    ],
    ['update: an ESC in the description', 'update', { description: '\u001b[2J' }, ['description']],
    ['update: a C1 control in the description', 'update', { description: 'a\u0085' }, ['description']],
    ['update: a bidi override in the description', 'update', { description: 'a\u202eb' }, ['description']],
    ['update: an emoji and its joiner are fine', 'update', { description: 'RRHH 👩\u200d💼' }, []],
  ] as const)('%s', (_what, mode, input, fields) => {
    expect(endpointInputViolations(input, mode).map((v) => v.field)).toEqual(fields);
  });
});

describe('scheduleNewDeliveries (order within a subject)', () => {
  const d = (endpointId: string, subject: string, createdAt: number) => ({ endpointId, subject, createdAt });

  it.each([
    ['one delivery', [d('e1', 'r1', 1)], [], [true]],
    [
      'a chain: only its oldest goes now',
      [d('e1', 'r1', 1), d('e1', 'r1', 2), d('e1', 'r1', 3)],
      [],
      [true, false, false],
    ],
    ['the oldest by createdAt, not by position', [d('e1', 'r1', 2), d('e1', 'r1', 1)], [], [false, true]],
    ['two subjects go side by side', [d('e1', 'r1', 1), d('e1', 'r2', 2)], [], [true, true]],
    ['two endpoints go side by side', [d('e1', 'r1', 1), d('e2', 'r1', 1)], [], [true, true]],
    ['a chain with one waiting for its first attempt', [d('e1', 'r1', 5)], ['e1|r1'], [false]],
    ['another chain is busy', [d('e1', 'r1', 5)], ['e1|r2', 'e2|r1'], [true]],
  ])('%s', (_what, planned, busy, scheduled) => {
    expect(scheduleNewDeliveries(planned, new Set(busy))).toEqual(scheduled);
  });
});
