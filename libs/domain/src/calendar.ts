import { FieldViolation } from './errors';

/** A day in milliseconds (24 hours). */
export const DAY_MS = 86_400_000;

// Building an Intl formatter costs far more than using one: a report formats two dozen instants, a
// batch checks a thousand birth dates against today.
const formatters = new Map<string, Intl.DateTimeFormat>();
function wallClockFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * "17/05/2026 14:03" (with `seconds`, "17/05/2026 14:03:09"): the wall clock of `instant` in
 * `timeZone`, day first as Mexican readers write it. Assembled from numeric parts rather than a
 * locale's format, whose spacing and punctuation change between ICU versions.
 */
export function formatLocalDateTime(timeZone: string, instant: Date | number, seconds = false): string {
  const parts = wallClockParts(timeZone, instant);
  const time = `${parts.hour}:${parts.minute}${seconds ? `:${parts.second}` : ''}`;
  return `${parts.day}/${parts.month}/${parts.year} ${time}`;
}

function wallClockParts(timeZone: string, instant: Date | number): Record<string, string> {
  const parts: Record<string, string> = {};
  for (const part of wallClockFormatter(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  return parts;
}

// The last date asked per time zone, with the UTC second it holds for: every registration checks
// its birth date against today, and formatToParts costs about 25 µs. UTC offsets are whole
// seconds, so a zone's date cannot change within one UTC second.
const lastDates = new Map<string, { second: number; date: string }>();

/** YYYY-MM-DD of `instant` on the calendar of `timeZone`. */
export function calendarDateIn(timeZone: string, instant: Date): string {
  const second = Math.floor(instant.getTime() / 1000);
  const last = lastDates.get(timeZone);
  if (last && last.second === second) return last.date;
  const parts = wallClockParts(timeZone, instant);
  const date = `${parts.year}-${parts.month}-${parts.day}`;
  if (Number.isFinite(second)) lastDates.set(timeZone, { second, date });
  return date;
}

/** A real calendar date written YYYY-MM-DD (2001-02-30 is not); anything but a string is not. */
export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** YYYY-MM-DD `days` after (or before) a calendar date. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Calendar days from `from` to `to`, both counted (2026-01-01..2026-01-01 is 1). */
export function daysInclusive(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/**
 * The calendar a query about the service's own records may name: nothing was recorded before
 * 2000, and YYYY cannot write a later year than 9999. Bounds checked up front keep date arithmetic
 * (a range's periods, the day after `to`) away from years JavaScript and ISO strings write
 * differently (`+010000-01-01`).
 */
export const EARLIEST_QUERY_DATE = '2000-01-01';
export const LATEST_QUERY_DATE = '9999-12-31';

/**
 * `from` / `to` query parameters: each, when given, a real YYYY-MM-DD date between
 * EARLIEST_QUERY_DATE and LATEST_QUERY_DATE, and `from` not after `to`. Every problem is listed,
 * so one 400 names them all.
 */
export function dateRangeViolations(range: { from?: string; to?: string }): FieldViolation[] {
  const violations: FieldViolation[] = [];
  for (const field of ['from', 'to'] as const) {
    const value = range[field];
    if (value === undefined) continue;
    if (!isCalendarDate(value))
      violations.push({ field, message: `${field} must be a real calendar date written YYYY-MM-DD.` });
    else if (value < EARLIEST_QUERY_DATE || value > LATEST_QUERY_DATE)
      violations.push({
        field,
        message: `${field} must be a date from ${EARLIEST_QUERY_DATE} to ${LATEST_QUERY_DATE}, got ${value}.`,
      });
  }
  const { from, to } = range;
  if (from !== undefined && to !== undefined && isCalendarDate(from) && isCalendarDate(to) && from > to)
    violations.push({ field: 'from', message: `from (${from}) must not be after to (${to}).` });
  return violations;
}
