import {
  BILLING,
  capInfo,
  consumptionFor,
  isRecoverable,
  MAX_MATCHES,
  outcomeOf,
  recoverableUntil,
  toDayMonthYear,
} from './cap-and-billing';

describe('cap and outcome', () => {
  it('caps at 300 and says when it truncated', () => {
    expect(MAX_MATCHES).toBe(300);
    expect(capInfo(512)).toEqual({ max_matches: 300, total_records_in_source: 512, truncated: true });
    expect(capInfo(300)).toEqual({ max_matches: 300, total_records_in_source: 300, truncated: false });
  });
  it.each([
    [10, false, 'SUCCESS'],
    [0, false, 'EMPTY'],
    [10, true, 'FAILED'],
  ] as const)('outcome of %i matches (failed %s) is %s', (total, failed, outcome) => {
    expect(outcomeOf(total, failed)).toBe(outcome);
  });
});

describe('retention and billing policy', () => {
  it('keeps a search recoverable for 30 days', () => {
    const created = new Date('2026-11-22T12:00:00Z');
    const until = recoverableUntil(created);
    expect(until.toISOString()).toBe('2026-12-22T12:00:00.000Z');
    expect(isRecoverable(until, new Date('2026-12-22T12:00:00Z'))).toBe(true);
    expect(isRecoverable(until, new Date('2026-12-22T12:00:01Z'))).toBe(false);
  });
  it('bills every search creation (docs/behaviour.md)', () => {
    expect(BILLING.searchCreationIsBillable).toBe(true);
  });
  it('charges the reading that unlocked a record, not the later ones', () => {
    const at = new Date('2026-11-22T12:00:00Z');
    expect(consumptionFor({ newlyUnlocked: true, unlockedAt: at })).toEqual({
      consumption_type: 'INCLUDED',
      billable: true,
      charged: true,
      detail_status: 'AVAILABLE',
      unlocked_at: '2026-11-22T12:00:00.000Z',
    });
    expect(consumptionFor({ newlyUnlocked: false, unlockedAt: at }).charged).toBe(false);
  });
  it('writes search-record dates as DD-MM-YYYY', () => {
    expect(toDayMonthYear('2021-03-04')).toBe('04-03-2021');
  });
});
