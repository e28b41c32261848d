/** docs/integrators.md (the Standard Webhooks / Svix schedule): delays between attempts. */
export const DEFAULT_RETRY_SCHEDULE = '5s,5m,30m,2h,5h,10h,10h';

/** Each delay is drawn within +-10% of its nominal value, so failed deliveries do not retry in lockstep. */
export const RETRY_JITTER = 0.1;

const MAX_DELAYS = 20;
const MAX_DELAY_MS = 7 * 86_400_000;
const UNIT_MS = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/**
 * `"5s,5m,30m,2h"` -> the delays in milliseconds. Throws an Error saying what is wrong (the
 * configuration names the variable). Each delay is a whole number with a unit (ms, s, m, h, d).
 */
export function parseRetrySchedule(text: string): number[] {
  const parts = text.split(',').map((part) => part.trim());
  if (parts.length > MAX_DELAYS) throw new Error(`must list at most ${MAX_DELAYS} delays`);
  return parts.map((part) => {
    const match = /^(\d{1,9})(ms|s|m|h|d)$/.exec(part);
    if (!match) throw new Error(`must be delays like 5s,5m,2h separated by commas, got "${part}"`);
    const ms = Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS];
    if (ms <= 0 || ms > MAX_DELAY_MS) throw new Error(`must have delays from 1ms to 7d, got "${part}"`);
    return ms;
  });
}

/** A nominal delay moved by up to +-10%; `random` is in [0, 1). */
export function jitteredDelay(delayMs: number, random: number): number {
  return Math.round(delayMs * (1 - RETRY_JITTER + 2 * RETRY_JITTER * random));
}

export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export type AttemptOutcome =
  { status: 'succeeded' } | { status: 'pending'; nextAttemptAt: number } | { status: 'failed' };

/**
 * What a delivery becomes after an attempt: succeeded, tried again after the next delay of the
 * schedule, or failed once the schedule is spent (the first attempt plus one per delay).
 * `attemptsMade` counts this attempt.
 */
export function afterAttempt(attempt: {
  succeeded: boolean;
  attemptsMade: number;
  schedule: readonly number[];
  now: number;
  random: number;
}): AttemptOutcome {
  if (attempt.succeeded) return { status: 'succeeded' };
  const delay = attempt.schedule[attempt.attemptsMade - 1];
  if (delay === undefined) return { status: 'failed' };
  return { status: 'pending', nextAttemptAt: attempt.now + jitteredDelay(delay, attempt.random) };
}

/** docs/integrators.md: an endpoint whose deliveries have all failed for this long is disabled. */
export const DISABLE_AFTER_FAILING_MS = 5 * 86_400_000;

/**
 * Whether an endpoint failing without a single success since `failingSince` must be disabled now.
 * `failingSince` is the first failed attempt after its last success (null while it succeeds).
 */
export function shouldDisableEndpoint(failingSince: number | null, now: number): boolean {
  return failingSince !== null && now - failingSince >= DISABLE_AFTER_FAILING_MS;
}
