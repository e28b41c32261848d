import type { FieldViolation } from '../errors';

/**
 * Placeholder of the privacy rules (docs/privacy.md) until the privacy-domain branch is merged:
 * the same names and meaning, replaced whole by that branch's file.
 */
export const DAY_MS = 86_400_000;

export const RETENTION_DEFAULTS = { activeDays: 365, blockedDays: 730 } as const;

export const RETENTION_BOUNDS = {
  activeDays: { min: 30, max: 3650 },
  blockedDays: { min: 0, max: 3650 },
} as const;

export function retentionSettingsViolations(input: {
  activeDays?: unknown;
  blockedDays?: unknown;
}): FieldViolation[] {
  const violations: FieldViolation[] = [];
  const fields = ['activeDays', 'blockedDays'] as const;
  if (fields.every((f) => input[f] === undefined))
    return [{ field: 'activeDays', message: 'Give activeDays, blockedDays or both.' }];
  for (const field of fields) {
    const value = input[field];
    if (value === undefined) continue;
    const { min, max } = RETENTION_BOUNDS[field];
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
      violations.push({ field, message: `${field} must be a whole number of days from ${min} to ${max}.` });
  }
  return violations;
}

export function blockDueAt(lastFinishedAt: number, activeDays: number): number {
  return lastFinishedAt + activeDays * DAY_MS;
}

export function suppressDueAt(blockedAt: number, blockedDays: number): number {
  return blockedAt + blockedDays * DAY_MS;
}
