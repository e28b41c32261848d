import { addDays, isCalendarDate } from '../calendar';

// Business days in Mexico (docs/privacy.md, "Recording a request"): Monday to Friday, except the
// mandatory rest days of the Ley Federal del Trabajo, art. 74. Dates are calendar dates written
// YYYY-MM-DD, with no time zone: the caller says which day it is where the request was received.

/** The one rule for a YYYY-MM-DD date, the calendar's, offered beside the business days. */
export { isCalendarDate };

/** The business days the responsible party has to answer an ARCO request (docs/privacy.md). */
export const ARCO_DUE_BUSINESS_DAYS = 20;
/** A request is due soon from this many business days before its due date. */
export const DUE_SOON_BUSINESS_DAYS = 5;

/** The first year whose change of federal government falls on 1 October; one every 6 years. */
const FIRST_OCTOBER_TRANSFER_YEAR = 2024;
const LATEST_YEAR = 9999;

/** Midnight UTC of a date, built without Date.UTC's reading of years 0-99 as 1900-1999. */
function utcDate(year: number, month: number, day: number): Date {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date;
}

function written(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The `n`-th Monday of a month (1-based). */
function nthMonday(year: number, month: number, n: number): string {
  const first = utcDate(year, month, 1);
  const toMonday = (8 - first.getUTCDay()) % 7;
  return written(utcDate(year, month, 1 + toMonday + 7 * (n - 1)));
}

function pad(year: number): string {
  return String(year).padStart(4, '0');
}

/** Whether the federal executive changes hands on 1 October of `year` (2024, 2030, 2036, ...). */
export function isFederalTransferYear(year: number): boolean {
  return year >= FIRST_OCTOBER_TRANSFER_YEAR && (year - FIRST_OCTOBER_TRANSFER_YEAR) % 6 === 0;
}

function checkedYear(year: number): number {
  if (!Number.isInteger(year) || year < 1 || year > LATEST_YEAR)
    throw new RangeError(`A year from 1 to ${LATEST_YEAR} was expected, got ${year}.`);
  return year;
}

/**
 * The mandatory rest days of `year` (LFT art. 74), sorted: 1 January; the first Monday of
 * February (Constitution day); the third Monday of March (Benito Juárez); 1 May; 16 September;
 * 1 October of a year of change of federal government; the third Monday of November (Revolution);
 * 25 December. The election day of art. 74 IX is a Sunday (LGIPE art. 22), so it changes no
 * count; Holy Thursday and Good Friday are not rest days under the LFT. Before 2024 the change of
 * government fell on 1 December; that day is not listed, the rules start with LFPDPPP 2025.
 */
export function mandatoryRestDays(year: number): string[] {
  const y = pad(checkedYear(year));
  const days = [
    `${y}-01-01`,
    nthMonday(year, 2, 1),
    nthMonday(year, 3, 3),
    `${y}-05-01`,
    `${y}-09-16`,
    ...(isFederalTransferYear(year) ? [`${y}-10-01`] : []),
    nthMonday(year, 11, 3),
    `${y}-12-25`,
  ];
  return days.sort();
}

// Every date a deadline passes asks whether its year rests that day; the set of a year is built once.
const restDaysByYear = new Map<number, ReadonlySet<string>>();
function restDaysOf(year: number): ReadonlySet<string> {
  let days = restDaysByYear.get(year);
  if (!days) {
    days = new Set(mandatoryRestDays(year));
    restDaysByYear.set(year, days);
  }
  return days;
}

function checkedDate(date: string): string {
  if (!isCalendarDate(date)) throw new RangeError(`A calendar date YYYY-MM-DD was expected, got ${date}.`);
  return date;
}

/** Monday to Friday and not a mandatory rest day. */
export function isBusinessDay(date: string): boolean {
  const weekday = new Date(`${checkedDate(date)}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !restDaysOf(Number(date.slice(0, 4))).has(date);
}

/** The `days`-th business day strictly after (`step` 1) or before (`step` -1) `date`. */
function countBusinessDays(date: string, days: number, step: 1 | -1): string {
  checkedDate(date);
  if (!Number.isSafeInteger(days) || days < 0)
    throw new RangeError(`A whole number of business days (0 or more) was expected, got ${days}.`);
  let current = date;
  for (let left = days; left > 0;) {
    current = addDays(current, step);
    if (!isCalendarDate(current))
      throw new RangeError(`Counting ${days} business days from ${date} leaves the calendar.`);
    if (isBusinessDay(current)) left--;
  }
  return current;
}

/**
 * The `days`-th business day strictly after `date`: the day itself never counts, whether it is a
 * business day or not (a request received on a Saturday or a holiday counts from the next business
 * day). 0 days is `date` itself.
 */
export function addBusinessDays(date: string, days: number): string {
  return countBusinessDays(date, days, 1);
}

/** The `days`-th business day strictly before `date`; 0 days is `date` itself. */
export function subtractBusinessDays(date: string, days: number): string {
  return countBusinessDays(date, days, -1);
}

/**
 * The last day to answer an ARCO request received on `receivedAt` (docs/privacy.md, "Recording a
 * request").
 */
export function arcoDueDate(receivedAt: string): string {
  return addBusinessDays(receivedAt, ARCO_DUE_BUSINESS_DAYS);
}

/** From this day on, a request due on `dueDate` is shown as due soon. */
export function arcoDueSoonDate(dueDate: string): string {
  return subtractBusinessDays(dueDate, DUE_SOON_BUSINESS_DAYS);
}

/** Where an open ARCO request stands on `today` (YYYY-MM-DD): past its due date, in its last days, or earlier. */
export const ARCO_DUE_STATES = ['overdue', 'due_soon', 'later'] as const;
export type ArcoDueState = (typeof ARCO_DUE_STATES)[number];

export function arcoDueState(request: { dueDate: string; dueSoonDate: string }, today: string): ArcoDueState {
  if (request.dueDate < today) return 'overdue';
  return request.dueSoonDate <= today ? 'due_soon' : 'later';
}
