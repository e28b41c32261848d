import { isCalendarDate } from '../../calendar';
import type { PartialDate } from '../entry';

/**
 * Dates as the publishers write them, turned into the ISO forms of `PartialDate` (`YYYY-MM-DD`,
 * `YYYY-MM`, `YYYY`). A value that is not a real date gives nothing rather than a guess.
 */

const ENGLISH_MONTHS: Record<string, string> = {
  jan: '01',
  feb: '02',
  mar: '03',
  apr: '04',
  may: '05',
  jun: '06',
  jul: '07',
  aug: '08',
  sep: '09',
  oct: '10',
  nov: '11',
  dec: '12',
};

const SPANISH_MONTHS: Record<string, string> = {
  enero: '01',
  febrero: '02',
  marzo: '03',
  abril: '04',
  mayo: '05',
  junio: '06',
  julio: '07',
  agosto: '08',
  septiembre: '09',
  setiembre: '09',
  octubre: '10',
  noviembre: '11',
  diciembre: '12',
};

/** A span of years wider than this is kept as its two ends, not listed year by year. */
const MAX_LISTED_YEARS = 10;

function fullDate(year: string, month: string, day: string): PartialDate | null {
  const date = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  return isCalendarDate(date) ? date : null;
}

function yearMonth(year: string, month: string): PartialDate | null {
  const mm = month.padStart(2, '0');
  return Number(mm) >= 1 && Number(mm) <= 12 ? `${year}-${mm}` : null;
}

/**
 * An ISO date or part of one (FtM `birthDate`, UN `DATE`, `YEAR` and `LISTED_ON`), an ISO
 * timestamp (its date), or the SAT's `DD/MM/YYYY`.
 */
export function isoPartialDate(value: string): PartialDate | null {
  const text = value.trim();
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/.exec(text);
  if (match) return fullDate(match[1], match[2], match[3]);
  match = /^(\d{4})-(\d{1,2})$/.exec(text);
  if (match) return yearMonth(match[1], match[2]);
  if (/^\d{4}$/.test(text)) return text;
  match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  if (match) return fullDate(match[3], match[2], match[1]);
  return null;
}

/** An English date as OFAC writes it: `06 Nov 1968`, `Nov 1968` or `1968`. */
export function englishDate(value: string): PartialDate | null {
  const text = value.trim().replace(/\.$/, '');
  let match = /^(\d{1,2})\s+([A-Za-z]{3})[a-z]*\.?\s+(\d{4})$/.exec(text);
  if (match) {
    const month = ENGLISH_MONTHS[match[2].toLowerCase()];
    return month ? fullDate(match[3], month, match[1]) : null;
  }
  match = /^([A-Za-z]{3})[a-z]*\.?\s+(\d{4})$/.exec(text);
  if (match) {
    const month = ENGLISH_MONTHS[match[1].toLowerCase()];
    return month ? `${match[2]}-${month}` : null;
  }
  return /^\d{4}$/.test(text) ? text : null;
}

/** The years from `from` to `to`, or only the two ends when the span is wide. */
export function yearsBetween(from: string, to: string): PartialDate[] {
  const [start, end] = [Number(from), Number(to)].sort((a, b) => a - b);
  if (!Number.isInteger(start) || !Number.isInteger(end)) return [];
  if (end - start > MAX_LISTED_YEARS) return [String(start), String(end)];
  return Array.from({ length: end - start + 1 }, (_, i) => String(start + i));
}

/**
 * The dates of an OFAC `DOB` remark's value: `06 Nov 1968`, `circa 1965` (the year: how far
 * around it OFAC does not say), `1962 to 1964` and `1962-1964` (each year), `Nov 1968`.
 */
export function ofacBirthDates(value: string): PartialDate[] {
  const text = value
    .replace(/\bcirca\b/gi, '')
    .replace(/\.$/, '')
    .trim();
  const range = /^(.+?)\s+to\s+(.+)$/i.exec(text) ?? /^(\d{4})\s*-\s*(\d{4})$/.exec(text);
  if (range) {
    const [from, to] = [englishDate(range[1]), englishDate(range[2])];
    if (from && to && from.length === 4 && to.length === 4) return yearsBetween(from, to);
    return [from, to].filter((date): date is PartialDate => date !== null);
  }
  const date = englishDate(text);
  return date ? [date] : [];
}

/**
 * The as-of date of an SAT preamble line, `Información actualizada al 31 de diciembre de 2025;
 * los listados ...` -> `2025-12-31`; null when the line does not say it.
 */
export function satAsOfDate(line: string): string | null {
  const folded = line.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const match = /actualizada\s+al\s+(\d{1,2})\s*(?:o|º|°)?\.?\s+de\s+([a-z]+)\s+(?:de|del)\s+(\d{4})/.exec(
    folded,
  );
  if (!match) return null;
  const month = SPANISH_MONTHS[match[2]];
  return month ? fullDate(match[3], month, match[1]) : null;
}
