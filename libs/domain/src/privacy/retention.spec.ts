import type { FieldViolation } from '../errors';
import {
  blockDueAt,
  DAY_MS,
  RETENTION_BOUNDS,
  RETENTION_DEFAULTS,
  retentionSettingsAfter,
  retentionSettingsViolations,
  suppressDueAt,
} from './retention';

const lines = (violations: FieldViolation[]) => violations.map((v) => `${v.field}: ${v.message}`);

describe('retention settings', () => {
  it('keeps data a year active and two years blocked unless the client says otherwise', () => {
    expect(RETENTION_DEFAULTS).toEqual({ activeDays: 365, blockedDays: 730 });
    expect(RETENTION_BOUNDS).toEqual({
      activeDays: { min: 30, max: 3650 },
      blockedDays: { min: 0, max: 3650 },
    });
    expect(retentionSettingsViolations(RETENTION_DEFAULTS)).toEqual([]);
  });

  it.each([
    [{ activeDays: 30 }],
    [{ activeDays: 3650 }],
    [{ blockedDays: 0 }],
    [{ blockedDays: 3650 }],
    [{ activeDays: 90, blockedDays: 0 }],
    [{ activeDays: 90.0 }],
  ])('accepts %p', (input) => {
    expect(retentionSettingsViolations(input)).toEqual([]);
  });

  it('requires one field at least', () => {
    expect(lines(retentionSettingsViolations({}))).toEqual([
      'activeDays: Give activeDays, blockedDays or both (a field left out keeps its current value).',
    ]);
  });

  it.each([[29], [3651], [0], [-30], [90.5], ['90'], [null], [NaN], [Infinity], [[90]]])(
    'refuses activeDays %p, naming its bounds',
    (activeDays) => {
      expect(lines(retentionSettingsViolations({ activeDays }))).toEqual([
        'activeDays: activeDays must be a whole number of days from 30 to 3650.',
      ]);
    },
  );

  it.each([[-1], [3651], [0.5], ['0'], [null], [true]])(
    'refuses blockedDays %p, naming its bounds',
    (blockedDays) => {
      expect(lines(retentionSettingsViolations({ blockedDays }))).toEqual([
        'blockedDays: blockedDays must be a whole number of days from 0 to 3650.',
      ]);
    },
  );

  it('names both fields when both are wrong', () => {
    expect(retentionSettingsViolations({ activeDays: 1, blockedDays: 5000 }).map((v) => v.field)).toEqual([
      'activeDays',
      'blockedDays',
    ]);
  });

  it('keeps the current value of a field left out', () => {
    const current = { activeDays: 180, blockedDays: 365 };
    expect(retentionSettingsAfter(current, { activeDays: 90 })).toEqual({ activeDays: 90, blockedDays: 365 });
    expect(retentionSettingsAfter(current, { blockedDays: 0 })).toEqual({ activeDays: 180, blockedDays: 0 });
    expect(retentionSettingsAfter(current, { activeDays: 30, blockedDays: 30 })).toEqual({
      activeDays: 30,
      blockedDays: 30,
    });
    expect(current).toEqual({ activeDays: 180, blockedDays: 365 });
  });
});

describe('blockDueAt and suppressDueAt', () => {
  const finished = Date.parse('2026-03-16T18:30:00Z');

  it('counts whole days of 24 hours', () => {
    expect(DAY_MS).toBe(86_400_000);
    expect(new Date(blockDueAt(finished, 365)).toISOString()).toBe('2027-03-16T18:30:00.000Z');
    expect(new Date(blockDueAt(finished, 30)).toISOString()).toBe('2026-04-15T18:30:00.000Z');
    expect(new Date(suppressDueAt(finished, 730)).toISOString()).toBe('2028-03-15T18:30:00.000Z');
  });

  it('suppresses at once what is kept 0 days blocked', () => {
    expect(suppressDueAt(finished, 0)).toBe(finished);
  });
});
