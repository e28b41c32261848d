import { calendarDateIn } from '../calendar';
import { FieldViolation } from '../errors';
import { stringFieldViolations } from '../request-shape';
import { watchListSourcesOf } from '../screening/catalog';
import { WATCH_LIST_SOURCES, WatchListSource } from '../watch-lists/entry';

/**
 * docs/monitoring.md: a monitor keeps one candidate request under watch; the lists it watches are those
 * of the request's processes, plus the legal-records corpus when the request has `BGC Legal`.
 */

export const LEGAL_RECORDS_SOURCE = 'legal-records';
export type MonitorSource = WatchListSource | typeof LEGAL_RECORDS_SOURCE;
/** Every source a monitor can watch, in the order monitors list them. */
export const MONITOR_SOURCES: readonly MonitorSource[] = [...WATCH_LIST_SOURCES, LEGAL_RECORDS_SOURCE];

export const MONITOR_STATUSES = ['active', 'stopped', 'expired'] as const;
export type MonitorStatus = (typeof MONITOR_STATUSES)[number];

/** The process whose answer comes from the legal-records corpus. */
export const LEGAL_PROCESS = 'BGC Legal';

/** A monitor lasts a year unless its creator says otherwise. */
export const DEFAULT_MONITOR_DAYS = 365;
const DAY_MS = 86_400_000;
/** The longest a monitor may be asked to last: ten years (a date past that is a mistake). */
export const MAX_MONITOR_DAYS = 3_653;

/** The sources a request's processes call for, each once, in MONITOR_SOURCES order. */
export function monitorSourcesOf(processNames: readonly string[]): MonitorSource[] {
  const wanted = new Set<MonitorSource>();
  for (const name of processNames) {
    for (const source of watchListSourcesOf(name)) wanted.add(source);
    if (name === LEGAL_PROCESS) wanted.add(LEGAL_RECORDS_SOURCE);
  }
  return MONITOR_SOURCES.filter((source) => wanted.has(source));
}

/**
 * A request whose processes watch no source (no watch-list process, no BGC Legal) cannot raise an
 * alert: a monitor on it would only be billed each month, so it is refused, naming the reason.
 */
export function nothingToMonitorViolation(sources: readonly MonitorSource[]): FieldViolation | null {
  return sources.length > 0
    ? null
    : {
        field: 'candidateRequestUuid',
        message:
          "This candidate request's package has no watch-list process and no BGC Legal: a monitor on it could never raise an alert.",
      };
}

/** `POST /monitors` as it arrives. */
export interface CreateMonitorBody {
  candidateRequestUuid?: unknown;
  expiresAt?: unknown;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every problem of the body: a request uuid, and an expiry (epoch ms) in the future, at most ten years away. */
export function createMonitorViolations(body: CreateMonitorBody, now: number): FieldViolation[] {
  const violations = stringFieldViolations(body, ['candidateRequestUuid'], { required: true });
  if (violations.length === 0 && !UUID.test(body.candidateRequestUuid as string))
    violations.push({ field: 'candidateRequestUuid', message: 'candidateRequestUuid must be a UUID.' });
  const expiresAt = body.expiresAt;
  if (expiresAt !== undefined && expiresAt !== null) {
    if (typeof expiresAt !== 'number' || !Number.isInteger(expiresAt))
      violations.push({ field: 'expiresAt', message: 'expiresAt must be an epoch time in milliseconds.' });
    else if (expiresAt <= now)
      violations.push({ field: 'expiresAt', message: 'expiresAt must be in the future.' });
    else if (expiresAt > now + MAX_MONITOR_DAYS * DAY_MS)
      violations.push({ field: 'expiresAt', message: 'expiresAt must be at most ten years away.' });
  }
  return violations;
}

/** When a monitor created at `now` ends: the given epoch ms, else a year later. */
export function monitorExpiry(now: number, expiresAt?: number | null): number {
  return expiresAt ?? now + DEFAULT_MONITOR_DAYS * DAY_MS;
}

/** A monitor ends by itself when its time is up; a stopped one stays stopped. */
export function monitorStatusAt(
  monitor: { status: MonitorStatus; expiresAt: number },
  now: number,
): MonitorStatus {
  return monitor.status === 'active' && monitor.expiresAt <= now ? 'expired' : monitor.status;
}

/** `YYYY-MM` of an instant on the calendar of `timeZone`. */
export function monthIn(timeZone: string, instant: number): string {
  return calendarDateIn(timeZone, new Date(instant)).slice(0, 7);
}

const monthNumber = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;
const monthLabel = (n: number) =>
  `${String(Math.floor(n / 12)).padStart(4, '0')}-${String((n % 12) + 1).padStart(2, '0')}`;

/**
 * docs/monitoring.md billing: one charge per calendar month (of `timeZone`) a monitor is active in, from
 * the month it was created to the month it ended (stopped, expired) or, while it runs, `now`'s.
 * Each month is charged once whoever asks how often (the ledger's key is monitor + month).
 */
export function chargeableMonths(
  monitor: { createdAt: number; endedAt: number | null; expiresAt: number },
  now: number,
  timeZone: string,
): string[] {
  const end = Math.min(monitor.endedAt ?? now, monitor.expiresAt, now);
  if (end < monitor.createdAt) return [monthIn(timeZone, monitor.createdAt)];
  const first = monthNumber(monthIn(timeZone, monitor.createdAt));
  const last = monthNumber(monthIn(timeZone, end));
  return Array.from({ length: last - first + 1 }, (_, at) => monthLabel(first + at));
}

/**
 * The chargeable months (see chargeableMonths) the ledger does not have yet: what the processor's
 * monthly sweep charges, so months it missed (no processor running when they began, a monitor that
 * ended before the next sweep) are charged afterwards. Charging them twice is harmless anyway (the
 * ledger's key); this keeps the sweep from writing what is already there.
 */
export function unchargedMonths(
  monitor: { createdAt: number; endedAt: number | null; expiresAt: number },
  charged: readonly string[],
  now: number,
  timeZone: string,
): string[] {
  const have = new Set(charged);
  return chargeableMonths(monitor, now, timeZone).filter((month) => !have.has(month));
}
