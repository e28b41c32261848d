/**
 * Birth dates as the two sides give them: a full date, a year and month, a year (UN `YEAR`, OFAC
 * `DOB 1968`), or the `YYMMDD` an RFC carries without its century.
 */
export interface BirthDate {
  /** Null when only the year of the century is known (an RFC). */
  year: number | null;
  yearOfCentury: number;
  month: number | null;
  day: number | null;
}

/** `YYYY-MM-DD`, `YYYY-MM` or `YYYY` (a PartialDate of an entry, a candidate's birthDate); null otherwise. */
export function parsePartialDate(value: string | null | undefined): BirthDate | null {
  const match = value ? /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/.exec(value.trim()) : null;
  if (!match) return null;
  const year = Number(match[1]);
  const month = match[2] ? Number(match[2]) : null;
  const day = match[3] ? Number(match[3]) : null;
  if (month !== null && (month < 1 || month > 12)) return null;
  if (day !== null && (day < 1 || day > 31)) return null;
  return { year, yearOfCentury: year % 100, month, day };
}

/**
 * How two sets of birth dates agree, best pair first:
 * - `same`: the same day (the year of the century suffices when one side has no century);
 * - `same-year`: the same year where one side gives no more than the year (or year and month);
 * - `same-year-other-day`: the same year, different month or day;
 * - `different-year`.
 */
export type BirthDateAgreement = 'same' | 'same-year' | 'same-year-other-day' | 'different-year';

const RANK: Record<BirthDateAgreement, number> = {
  same: 3,
  'same-year': 2,
  'same-year-other-day': 1,
  'different-year': 0,
};

function agreement(a: BirthDate, b: BirthDate): BirthDateAgreement {
  const sameYear =
    a.year !== null && b.year !== null ? a.year === b.year : a.yearOfCentury === b.yearOfCentury;
  if (!sameYear) return 'different-year';
  if (a.month === null || b.month === null) return 'same-year';
  if (a.month !== b.month) return 'same-year-other-day';
  if (a.day === null || b.day === null) return 'same-year';
  return a.day === b.day ? 'same' : 'same-year-other-day';
}

/** The best agreement between any date of one side and any of the other; null when a side has none. */
export function compareBirthDates(
  a: readonly BirthDate[],
  b: readonly BirthDate[],
): BirthDateAgreement | null {
  let best: BirthDateAgreement | null = null;
  for (const x of a)
    for (const y of b) {
      const found = agreement(x, y);
      if (best === null || RANK[found] > RANK[best]) best = found;
      if (best === 'same') return best;
    }
  return best;
}
