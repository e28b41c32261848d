import {
  chargeableMonths,
  unchargedMonths,
  createMonitorViolations,
  monitorExpiry,
  monitorSourcesOf,
  monitorStatusAt,
  nothingToMonitorViolation,
} from './monitor';

const NOW = Date.UTC(2026, 10, 27, 12);
const DAY = 86_400_000;
const TZ = 'America/Mexico_City';

describe('monitorSourcesOf', () => {
  it.each([
    [['Peps'], ['peps']],
    [
      ['Global Watch List', 'Listas negras del SAT'],
      ['sat-69b', 'sat-69', 'ofac-sdn', 'un-consolidated'],
    ],
    [
      ['BGC Legal', 'Peps', 'BGC News'],
      ['peps', 'legal-records'],
    ],
    [['BGC News'], []],
  ])('%j -> %j', (processes, sources) => {
    expect(monitorSourcesOf(processes)).toEqual(sources);
  });
});

describe('nothingToMonitorViolation', () => {
  it('refuses a request whose processes watch no source, naming the field', () => {
    expect(nothingToMonitorViolation(monitorSourcesOf(['BGC News']))).toEqual({
      field: 'candidateRequestUuid',
      message: expect.stringContaining('could never raise an alert'),
    });
  });

  it.each([[['Peps']], [['BGC Legal']], [['Global Watch List', 'BGC News']]])(
    'lets %j be monitored',
    (processes) => {
      expect(nothingToMonitorViolation(monitorSourcesOf(processes))).toBeNull();
    },
  );
});

describe('createMonitorViolations', () => {
  const uuid = '3f1c2a9e-8d7b-4c6a-9e5f-1a2b3c4d5e6f';
  it.each([
    [{ candidateRequestUuid: uuid }, []],
    [{ candidateRequestUuid: uuid, expiresAt: NOW + DAY }, []],
    [{}, ['candidateRequestUuid']],
    [{ candidateRequestUuid: 'nope' }, ['candidateRequestUuid']],
    [{ candidateRequestUuid: uuid, expiresAt: NOW }, ['expiresAt']],
    [{ candidateRequestUuid: uuid, expiresAt: '2027-01-01' }, ['expiresAt']],
    [{ candidateRequestUuid: uuid, expiresAt: NOW + 4000 * DAY }, ['expiresAt']],
  ])('%j', (body, fields) => {
    expect(createMonitorViolations(body, NOW).map((v) => v.field)).toEqual(fields);
  });
});

describe('expiry', () => {
  it('defaults to a year', () => {
    expect(monitorExpiry(NOW)).toBe(NOW + 365 * DAY);
    expect(monitorExpiry(NOW, NOW + DAY)).toBe(NOW + DAY);
  });
  it.each([
    ['active, before its time', 'active', NOW + 1, 'active'],
    ['active, its time is up', 'active', NOW, 'expired'],
    ['stopped stays stopped', 'stopped', NOW - DAY, 'stopped'],
  ] as const)('%s', (_name, status, expiresAt, expected) => {
    expect(monitorStatusAt({ status, expiresAt }, NOW)).toBe(expected);
  });
});

describe('chargeableMonths (one per calendar month active, SERVICE_TIMEZONE)', () => {
  const at = (iso: string) => Date.parse(iso);
  it.each([
    ['created this month', at('2026-11-03T18:00:00Z'), null, at('2027-11-03T18:00:00Z'), NOW, ['2026-11']],
    [
      'running for three months',
      at('2026-09-30T18:00:00Z'),
      null,
      at('2027-09-30T18:00:00Z'),
      NOW,
      ['2026-09', '2026-10', '2026-11'],
    ],
    [
      'created at 00:30 UTC on 1 October: still September in Mexico City',
      at('2026-10-01T00:30:00Z'),
      null,
      at('2027-10-01T00:30:00Z'),
      NOW,
      ['2026-09', '2026-10', '2026-11'],
    ],
    [
      'stopped in October',
      at('2026-09-15T18:00:00Z'),
      at('2026-10-02T18:00:00Z'),
      at('2027-09-15T18:00:00Z'),
      NOW,
      ['2026-09', '2026-10'],
    ],
    [
      'expired in October',
      at('2026-09-15T18:00:00Z'),
      null,
      at('2026-10-02T18:00:00Z'),
      NOW,
      ['2026-09', '2026-10'],
    ],
  ])('%s', (_name, createdAt, endedAt, expiresAt, now, months) => {
    expect(chargeableMonths({ createdAt, endedAt, expiresAt }, now, TZ)).toEqual(months);
  });
});

describe('unchargedMonths (what the monthly sweep charges, months it missed included)', () => {
  const at = (iso: string) => Date.parse(iso);
  const monitor = {
    createdAt: at('2026-08-10T18:00:00Z'),
    endedAt: null,
    expiresAt: at('2027-08-10T18:00:00Z'),
  };

  it('a processor down since September charges September, October and November afterwards', () => {
    expect(unchargedMonths(monitor, ['2026-08'], NOW, TZ)).toEqual(['2026-09', '2026-10', '2026-11']);
  });

  it('nothing when every month is in the ledger', () => {
    expect(unchargedMonths(monitor, ['2026-08', '2026-09', '2026-10', '2026-11'], NOW, TZ)).toEqual([]);
  });

  it('a monitor stopped while no sweep ran still owes the months it was active in', () => {
    const stopped = { ...monitor, endedAt: at('2026-10-05T18:00:00Z') };
    expect(unchargedMonths(stopped, ['2026-08'], NOW, TZ)).toEqual(['2026-09', '2026-10']);
  });
});
