import {
  afterAttempt,
  DEFAULT_RETRY_SCHEDULE,
  jitteredDelay,
  parseRetrySchedule,
  shouldDisableEndpoint,
} from './retry-schedule';

const S = 1_000;
const M = 60 * S;
const H = 60 * M;
const DAY = 24 * H;

describe('parseRetrySchedule', () => {
  it.each([
    [DEFAULT_RETRY_SCHEDULE, [5 * S, 5 * M, 30 * M, 2 * H, 5 * H, 10 * H, 10 * H]],
    ['1s,1s,1s', [S, S, S]],
    [' 250ms , 2s ', [250, 2 * S]],
    ['1d', [DAY]],
    ['7d', [7 * DAY]],
    ['1.5s,5 minutes,1h', [1_500, 5 * M, H]],
  ])('%p', (text, delays) => {
    expect(parseRetrySchedule(text)).toEqual(delays);
  });

  it.each([
    ['', 'delays like 5s'],
    ['5', 'delays like 5s'],
    ['5s,,5m', 'delays like 5s'],
    ['5x', 'delays like 5s'],
    ['-5s', 'delays like 5s'],
    ['1.5ms', 'delays like 5s'],
    ['1e3ms', 'delays like 5s'],
    ['0s', 'from 1ms to 7d'],
    ['8d', 'from 1ms to 7d'],
    [Array.from({ length: 21 }, () => '1s').join(','), 'at most 20'],
  ])('refuses %p', (text, message) => {
    expect(() => parseRetrySchedule(text)).toThrow(message);
  });
});

describe('jitteredDelay (+-10%)', () => {
  it.each([
    [10_000, 0, 9_000],
    [10_000, 0.5, 10_000],
    [10_000, 0.999999, 11_000],
    [5 * M, 0.25, 285_000],
  ])('%i ms with random %p -> %i ms', (delay, random, expected) => {
    expect(jitteredDelay(delay, random)).toBe(expected);
  });
});

describe('afterAttempt', () => {
  const schedule = [5 * S, 5 * M, 30 * M];
  const now = 1_800_000_000_000;

  it.each([
    ['a success', true, 1, { status: 'succeeded' }],
    ['a success after failures', true, 4, { status: 'succeeded' }],
    ['the first failure', false, 1, { status: 'pending', nextAttemptAt: now + 5 * S }],
    ['the second failure', false, 2, { status: 'pending', nextAttemptAt: now + 5 * M }],
    ['the third failure', false, 3, { status: 'pending', nextAttemptAt: now + 30 * M }],
    ['the last failure (schedule spent)', false, 4, { status: 'failed' }],
    ['a failed manual retry after the end', false, 7, { status: 'failed' }],
  ])('%s', (_what, succeeded, attemptsMade, outcome) => {
    expect(afterAttempt({ succeeded, attemptsMade, schedule, now, random: 0.5 })).toEqual(outcome);
  });

  it('jitters the next attempt', () => {
    expect(afterAttempt({ succeeded: false, attemptsMade: 1, schedule, now, random: 0 })).toEqual({
      status: 'pending',
      nextAttemptAt: now + 4_500,
    });
  });
});

describe('shouldDisableEndpoint (5 days of failures only)', () => {
  const now = 1_800_000_000_000;
  it.each([
    [null, false],
    [now, false],
    [now - 5 * DAY + 1, false],
    [now - 5 * DAY, true],
    [now - 30 * DAY, true],
  ])('failing since %p -> %p', (failingSince, disable) => {
    expect(shouldDisableEndpoint(failingSince, now)).toBe(disable);
  });
});
