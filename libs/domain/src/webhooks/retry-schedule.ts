import ms from 'ms';

/** docs/integrators.md (the Standard Webhooks / Svix schedule): delays between attempts. */
export const DEFAULT_RETRY_SCHEDULE = '5s,5m,30m,2h,5h,10h,10h';

/** Each delay is drawn within +-10% of its nominal value, so failed deliveries do not retry in lockstep. */
export const RETRY_JITTER = 0.1;

const MAX_DELAYS = 20;
const MAX_DELAY_MS = 7 * 86_400_000;

/**
 * `"5s,5m,30m,2h"` -> the delays in milliseconds. Throws an Error saying what is wrong (the
 * configuration names the variable). Each delay is a number with a unit (ms, s, m, h, d, or their words: `ms`'s units).
 */
export function parseRetrySchedule(text: string): number[] {
  const parts = text.split(',').map((part) => part.trim());
  if (parts.length > MAX_DELAYS) throw new Error(`must list at most ${MAX_DELAYS} delays`);
  return parts.map((part) => {
    // A number then its unit, read by `ms`; a bare number (which `ms` would take for milliseconds)
    // and a sign are refused, as docs/configuration.md lists each delay with its unit.
    const delay = /^\d+(\.\d+)?\s*[a-z]+$/i.test(part) ? ms(part as ms.StringValue) : undefined;
    if (delay === undefined || !Number.isInteger(delay))
      throw new Error(`must be delays like 5s,5m,2h separated by commas, got "${part}"`);
    if (delay <= 0 || delay > MAX_DELAY_MS) throw new Error(`must have delays from 1ms to 7d, got "${part}"`);
    return delay;
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
