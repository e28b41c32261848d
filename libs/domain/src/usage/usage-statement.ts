import { addDays, dateRangeViolations, daysInclusive, isCalendarDate } from '../calendar';
import { FieldViolation } from '../errors';
import { stringFieldViolations } from '../request-shape';

/**
 * The billable events of the ledger (`billing_charge.kind`) and the statement column each is
 * counted in, in the statement's column order (docs/behaviour.md, docs/watch-lists.md, docs/monitoring.md).
 */
export const USAGE_COLUMNS = {
  LEGAL_SEARCH: 'searches',
  LEGAL_RECORD_UNLOCK: 'recordUnlocks',
  WATCH_LIST_SCREENING: 'watchListScreenings',
  MONITOR_MONTH: 'monitorMonths',
} as const;
export type ChargeKind = keyof typeof USAGE_COLUMNS;
export type UsageColumn = (typeof USAGE_COLUMNS)[ChargeKind];
const COLUMNS = Object.values(USAGE_COLUMNS) as UsageColumn[];

export const USAGE_GROUPINGS = ['day', 'month'] as const;
export type UsageGrouping = (typeof USAGE_GROUPINGS)[number];

/** One row a day: a year (a leap one too) is the most a statement by day shows. */
export const MAX_DAYS_BY_DAY = 366;
/** Ten years of monthly rows. */
export const MAX_MONTHS_BY_MONTH = 120;

/** `GET /usage` query (strings, as they arrive). */
export interface UsageQuery {
  from?: string;
  to?: string;
  groupBy?: string;
}

/** A validated statement range: calendar dates in SERVICE_TIMEZONE, both included. */
export interface UsageRange {
  from: string;
  to: string;
  groupBy: UsageGrouping;
}

/** Ledger rows counted per local calendar day and kind. */
export interface LedgerDayCount {
  day: string;
  kind: ChargeKind;
  count: number;
}

export type UsageCounts = Record<UsageColumn, number>;

export interface UsageRow extends UsageCounts {
  period: string;
}

export interface UsageStatement {
  rows: UsageRow[];
  totals: UsageCounts;
}

function zeroCounts(): UsageCounts {
  return Object.fromEntries(COLUMNS.map((column) => [column, 0])) as UsageCounts;
}

/** Months since year 0 of a YYYY-MM-DD date (January of year 0 is 0). */
const monthNumber = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;

function monthsInclusive(from: string, to: string): number {
  return monthNumber(to) - monthNumber(from) + 1;
}

/** YYYY-MM of a month number (see monthNumber). */
function monthLabel(month: number): string {
  return `${String(Math.floor(month / 12)).padStart(4, '0')}-${String((month % 12) + 1).padStart(2, '0')}`;
}

/**
 * Every problem of the query: real dates, given together (neither means the current month),
 * `from` not after `to`, a known grouping and a range that grouping can show.
 */
export function validateUsageQuery(query: UsageQuery): FieldViolation[] {
  const violations = dateRangeViolations(query);
  if ((query.from === undefined) !== (query.to === undefined))
    violations.push({
      field: query.from === undefined ? 'from' : 'to',
      message: 'Give both from and to, or neither for the current month.',
    });
  if (query.groupBy !== undefined && !(USAGE_GROUPINGS as readonly string[]).includes(query.groupBy))
    violations.push({ field: 'groupBy', message: 'groupBy must be day or month.' });
  const { from, to } = query;
  if (violations.length === 0 && from !== undefined && to !== undefined) {
    if (query.groupBy === 'month' && monthsInclusive(from, to) > MAX_MONTHS_BY_MONTH)
      violations.push({
        field: 'to',
        message: `A statement by month covers at most ${MAX_MONTHS_BY_MONTH} months.`,
      });
    if (query.groupBy !== 'month' && daysInclusive(from, to) > MAX_DAYS_BY_DAY)
      violations.push({
        field: 'to',
        message: `A statement by day covers at most ${MAX_DAYS_BY_DAY} days: use groupBy=month for longer ranges.`,
      });
  }
  return violations;
}

/** The first and last day of the month `today` (YYYY-MM-DD) falls in. */
export function monthOf(today: string): { from: string; to: string } {
  const from = `${today.slice(0, 7)}-01`;
  let last = 31;
  while (!isCalendarDate(`${today.slice(0, 7)}-${last}`)) last -= 1;
  return { from, to: `${today.slice(0, 7)}-${last}` };
}

/** The validated query as a range; no dates means the current month, no grouping means by day. */
export function usageRangeOf(query: UsageQuery, today: string): UsageRange {
  const dates = query.from !== undefined && query.to !== undefined ? query : monthOf(today);
  return { from: dates.from!, to: dates.to!, groupBy: (query.groupBy as UsageGrouping) ?? 'day' };
}

/** The period a local calendar day belongs to: the day itself, or its month (YYYY-MM). */
export function periodOf(day: string, groupBy: UsageGrouping): string {
  return groupBy === 'month' ? day.slice(0, 7) : day;
}

/**
 * Every period of the range in order, so a statement shows quiet days (or months) as zeros. Counted
 * as numbers, never by comparing date strings: the day after 9999-12-31 is written
 * `+010000-01-01`, which sorts before it. A range longer than its grouping allows is refused
 * (validateUsageQuery answers the 400 first), so no caller can make this loop run long.
 */
export function periodsOf(range: UsageRange): string[] {
  const count =
    range.groupBy === 'month' ? monthsInclusive(range.from, range.to) : daysInclusive(range.from, range.to);
  const max = range.groupBy === 'month' ? MAX_MONTHS_BY_MONTH : MAX_DAYS_BY_DAY;
  if (!(count >= 1 && count <= max))
    throw new RangeError(`A statement by ${range.groupBy} covers 1 to ${max} periods, not ${count}.`);
  const first = monthNumber(range.from);
  return Array.from({ length: count }, (_, i) =>
    range.groupBy === 'month' ? monthLabel(first + i) : addDays(range.from, i),
  );
}

/**
 * The statement: one row for every period of the range (zeros included) and the totals, all
 * counted from the ledger's day counts, so the statement and the charges cannot disagree.
 */
export function usageStatement(range: UsageRange, counts: readonly LedgerDayCount[]): UsageStatement {
  const rows = new Map<string, UsageRow>(
    periodsOf(range).map((period) => [period, { period, ...zeroCounts() }]),
  );
  const totals = zeroCounts();
  for (const { day, kind, count } of counts) {
    const row = rows.get(periodOf(day, range.groupBy));
    // A day outside the range is the caller's mistake; it must not leak into the totals either.
    if (!row) continue;
    const column = USAGE_COLUMNS[kind];
    row[column] += count;
    totals[column] += count;
  }
  return { rows: [...rows.values()], totals };
}

export const USAGE_CSV_HEADER = ['period', ...COLUMNS].join(',');

/** The rows as CSV (RFC 4180 line ends); periods and counts never need quoting. */
export function usageCsv(rows: readonly UsageRow[]): string {
  const lines = rows.map((row) => [row.period, ...COLUMNS.map((column) => row[column])].join(','));
  return [USAGE_CSV_HEADER, ...lines].join('\r\n') + '\r\n';
}

/**
 * The name the CSV statement downloads as: `usage-<clientId>-<from>-<to>.csv`. A client id may
 * hold any character; those a file name or a quoted header parameter cannot carry become `_`.
 */
export function usageCsvFileName(clientId: string, range: { from: string; to: string }): string {
  const safe = (part: string) => part.replace(/[^A-Za-z0-9._-]/g, '_');
  return `usage-${safe(clientId)}-${safe(range.from)}-${safe(range.to)}.csv`;
}

/** The `GET /usage` query's shape: every parameter, when present, is one string (not repeated). */
export function usageQueryShapeViolations(query: object): FieldViolation[] {
  return stringFieldViolations(query, ['from', 'to', 'groupBy', 'clientId']);
}
