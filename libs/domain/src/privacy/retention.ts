import { DAY_MS } from '../calendar';
import type { FieldViolation } from '../errors';

export { DAY_MS };

/**
 * How long a client keeps a candidate's personal data (docs/privacy.md, "Retention"): active for
 * `activeDays` after the candidate's last screening finished, then blocked (kept only to answer
 * for the processing, out of every list and search) for `blockedDays`, then suppressed.
 */
export interface RetentionSettings {
  activeDays: number;
  blockedDays: number;
}

/** A client's settings until it changes them. */
export const RETENTION_DEFAULTS: Readonly<RetentionSettings> = { activeDays: 365, blockedDays: 730 };

/** Whole days, both bounds included: at least 30 days active, at most 10 years in either state. */
export const RETENTION_BOUNDS: Readonly<Record<keyof RetentionSettings, { min: number; max: number }>> = {
  activeDays: { min: 30, max: 3650 },
  blockedDays: { min: 0, max: 3650 },
};

const RETENTION_FIELDS = ['activeDays', 'blockedDays'] as const;

/**
 * The body of the PUT that changes a client's retention (JSON types unchecked): each field given
 * is a whole number of days within its bounds, and at least one is given; an absent field keeps
 * its current value ({@link retentionSettingsAfter}).
 */
export function retentionSettingsViolations(input: {
  activeDays?: unknown;
  blockedDays?: unknown;
}): FieldViolation[] {
  if (input.activeDays === undefined && input.blockedDays === undefined)
    return [
      {
        field: 'activeDays',
        message: 'Give activeDays, blockedDays or both (a field left out keeps its current value).',
      },
    ];
  const violations: FieldViolation[] = [];
  for (const field of RETENTION_FIELDS) {
    const value = input[field];
    const { min, max } = RETENTION_BOUNDS[field];
    if (
      value !== undefined &&
      !(Number.isInteger(value) && (value as number) >= min && (value as number) <= max)
    )
      violations.push({ field, message: `${field} must be a whole number of days from ${min} to ${max}.` });
  }
  return violations;
}

/** The settings once a valid PUT is applied: its fields, the current value of the others. */
export function retentionSettingsAfter(
  current: RetentionSettings,
  change: { activeDays?: number; blockedDays?: number },
): RetentionSettings {
  return {
    activeDays: change.activeDays ?? current.activeDays,
    blockedDays: change.blockedDays ?? current.blockedDays,
  };
}

/** When a candidate's data is blocked: `activeDays` after their last screening finished (epoch ms). */
export function blockDueAt(lastFinishedAt: number, activeDays: number): number {
  return lastFinishedAt + activeDays * DAY_MS;
}

/** When blocked data is suppressed: `blockedDays` after it was blocked (epoch ms). */
export function suppressDueAt(blockedAt: number, blockedDays: number): number {
  return blockedAt + blockedDays * DAY_MS;
}
