import { GoneError } from '../errors';
import { EVENT_DATA_FIELDS, isEventType } from '../events/event-catalog';
import {
  BLOCKED_REQUEST_MESSAGE,
  BLOCKED_SEARCH_MESSAGE,
  blockedRequestRefusal,
  blockedSearchRefusal,
  lastFinishedAt,
  PRIVACY_SWEEP_DEFAULT_MS,
  PRIVACY_SWEEP_MAX_MS,
  requestBlockDue,
  RequestRetentionFacts,
  retentionCutOffs,
  retentionStateOf,
  searchBlockDue,
  suppressionDue,
} from './retention-sweep';

const DAY = 86_400_000;
const NOW = Date.parse('2026-06-01T12:00:00Z');

const finished = (endDate: number) => ({ status: 'Finalizado', endDate });
const facts = (over: Partial<RequestRetentionFacts> = {}): RequestRetentionFacts => ({
  createdAt: NOW - 400 * DAY,
  processes: [finished(NOW - 399 * DAY), finished(NOW - 366 * DAY)],
  monitored: false,
  ...over,
});

describe('retentionCutOffs', () => {
  it('gives each client the last instants that are due: activeDays and blockedDays before now', () => {
    expect(
      retentionCutOffs(
        [
          { clientId: 'acme', activeDays: 365, blockedDays: 730 },
          { clientId: 'globex', activeDays: 30, blockedDays: 0 },
        ],
        NOW,
      ),
    ).toEqual([
      { clientId: 'acme', blockFinishedBy: NOW - 365 * DAY, suppressBlockedBy: NOW - 730 * DAY },
      { clientId: 'globex', blockFinishedBy: NOW - 30 * DAY, suppressBlockedBy: NOW },
    ]);
  });

  it('agrees with the rules it is derived from at the cut-off itself', () => {
    const [cut] = retentionCutOffs([{ clientId: 'acme', activeDays: 90, blockedDays: 10 }], NOW);
    expect(searchBlockDue(cut.blockFinishedBy, 90, NOW)).toBe(true);
    expect(searchBlockDue(cut.blockFinishedBy + 1, 90, NOW)).toBe(false);
    expect(suppressionDue(cut.suppressBlockedBy, 10, NOW)).toBe(true);
    expect(suppressionDue(cut.suppressBlockedBy + 1, 10, NOW)).toBe(false);
  });
});

describe('lastFinishedAt', () => {
  it.each([
    ['the latest end date', facts(), NOW - 366 * DAY],
    [
      'the registration while nothing finished',
      facts({ processes: [{ status: 'Pendiente Candidato', endDate: null }] }),
      NOW - 400 * DAY,
    ],
    ['the registration without processes', facts({ processes: [] }), NOW - 400 * DAY],
    [
      'never before the registration',
      facts({ createdAt: NOW - 10 * DAY, processes: [finished(NOW - 20 * DAY)] }),
      NOW - 10 * DAY,
    ],
  ])('%s', (_, request, expected) => {
    expect(lastFinishedAt(request)).toBe(expected);
  });
});

describe('requestBlockDue', () => {
  it.each([
    ['its last process finished activeDays ago', facts(), true],
    ['exactly activeDays ago', facts({ processes: [finished(NOW - 365 * DAY)] }), true],
    ['a process finished less than activeDays ago', facts({ processes: [finished(NOW - 364 * DAY)] }), false],
    ['a monitor on it is active', facts({ monitored: true }), false],
    [
      'a process is being worked on',
      facts({ processes: [finished(NOW - 399 * DAY), { status: 'En proceso', endDate: null }] }),
      false,
    ],
    [
      'left waiting for the candidate since its registration',
      facts({
        processes: [
          { status: 'Pendiente Candidato', endDate: null },
          { status: 'Con dependencia', endDate: null },
        ],
      }),
      true,
    ],
    ['registered recently, nothing finished', facts({ createdAt: NOW - DAY, processes: [] }), false],
  ])('%s: %p', (_, request, due) => {
    expect(requestBlockDue(request, 365, NOW)).toBe(due);
  });
});

describe('searchBlockDue and suppressionDue', () => {
  it('block a search activeDays after its creation and suppress blockedDays after the blocking', () => {
    expect(searchBlockDue(NOW - 30 * DAY, 30, NOW)).toBe(true);
    expect(searchBlockDue(NOW - 29 * DAY, 30, NOW)).toBe(false);
    expect(suppressionDue(NOW, 0, NOW)).toBe(true);
    expect(suppressionDue(NOW - 729 * DAY, 730, NOW)).toBe(false);
    expect(suppressionDue(NOW - 730 * DAY, 730, NOW)).toBe(true);
  });
});

describe('refusals and states', () => {
  it('answer 410 saying the data is blocked under the client retention policy', () => {
    expect(blockedRequestRefusal()).toEqual(new GoneError(BLOCKED_REQUEST_MESSAGE));
    expect(blockedSearchRefusal()).toEqual(new GoneError(BLOCKED_SEARCH_MESSAGE));
    for (const message of [BLOCKED_REQUEST_MESSAGE, BLOCKED_SEARCH_MESSAGE])
      expect(message).toMatch(/blocked under the client's retention policy/);
  });

  it.each([
    [{ blockedAt: null, suppressedAt: null }, 'active'],
    [{ blockedAt: new Date(), suppressedAt: null }, 'blocked'],
    [{ blockedAt: new Date(), suppressedAt: new Date() }, 'suppressed'],
  ])('%p is %s', (row, state) => {
    expect(retentionStateOf(row)).toBe(state);
  });

  it('sweeps at least once a minute by default and at most', () => {
    expect(PRIVACY_SWEEP_DEFAULT_MS).toBeLessThanOrEqual(60_000);
    expect(PRIVACY_SWEEP_MAX_MS).toBe(60_000);
  });
});

describe('the retention events', () => {
  it('are catalogued with the request uuid alone, so endpoints can subscribe and an eraser keeps it', () => {
    for (const type of ['candidate_request.blocked', 'candidate_request.suppressed']) {
      expect(isEventType(type)).toBe(true);
      expect(EVENT_DATA_FIELDS.filter((f) => f.startsWith(`${type}.`))).toEqual([`${type}.uuid`]);
    }
  });
});
