import { isCalendarDate } from '../../calendar';
import { CURP, RFC } from '../../screening/registration-rules';
import type { PartialDate, PartyKind } from '../entry';

/** The RFC the SAT prints where it blanked a taxpayer out (docs/watch-lists.md): counted, never matched. */
export const REDACTED_RFC = 'XXXXXXXXXXXX';

/**
 * An identifier as the publishers write it, compared as the candidate's: upper case, without the
 * hyphens, spaces and dots they put in (`AIMO-681106-9F7`, `aimo 681106 9f7` -> `AIMO6811069F7`).
 */
export function compactIdentifier(value: string): string {
  return value.toUpperCase().replace(/[\s.\-_/]+/g, '');
}

/** The RFC in `value` when it has an RFC's shape (12 characters moral, 13 física), else null. */
export function asRfc(value: string): string | null {
  const compact = compactIdentifier(value);
  return RFC.test(compact) ? compact : null;
}

/**
 * A persona física's RFC without its homoclave, as OFAC writes some (`R.F.C. AUAM-530929`): the
 * name's four letters and the birth date, 10 characters. Kept among an entry's `rfcs`: a
 * candidate's RFC with this stem is that person or a namesake born the same day.
 */
const RFC_STEM = /^[A-ZÑ&]{4}\d{6}$/;

/** The RFC stem in `value` (10 characters, no homoclave), else null. */
export function asRfcStem(value: string): string | null {
  const compact = compactIdentifier(value);
  return RFC_STEM.test(compact) ? compact : null;
}

/** A persona física's RFC (13 characters) or its stem (10). */
const PERSON_RFC = /^[A-ZÑ&]{4}\d{6}(?:[A-Z0-9]{3})?$/;

/**
 * The birth date a persona física's RFC (or its stem) carries, `YYMMDD`, in the century that makes
 * the person at least 18 on `onDate` (YYYY-MM-DD: the version's as-of date, else its import date);
 * null when it is not a real date.
 */
export function birthDateOfPersonRfc(rfc: string, onDate: string): PartialDate | null {
  const compact = compactIdentifier(rfc);
  if (!PERSON_RFC.test(compact)) return null;
  const digits = compact.slice(4, 10);
  const monthDay = `${digits.slice(2, 4)}-${digits.slice(4, 6)}`;
  let year = Number(onDate.slice(0, 2)) * 100 + Number(digits.slice(0, 2));
  // The latest century in which the person had turned 18 by that date.
  while (`${year + 18}-${monthDay}` > onDate) year -= 100;
  const date = `${year}-${monthDay}`;
  return isCalendarDate(date) ? date : null;
}

/** The CURP in `value` when it has a CURP's shape, else null. */
export function asCurp(value: string): string | null {
  const compact = compactIdentifier(value);
  return CURP.test(compact) ? compact : null;
}

/** The SAT's blanked-out RFC (`XXXXXXXXXXXX`; 13 X's for a física where it writes one). */
export function isRedactedRfc(value: string): boolean {
  return /^X{12,13}$/.test(compactIdentifier(value));
}

/** An RFC of 13 characters is a persona física's, of 12 a persona moral's. */
export function partyKindOfRfc(rfc: string): PartyKind {
  const length = compactIdentifier(rfc).length;
  return length === 13 ? 'person' : length === 12 ? 'entity' : 'unknown';
}

/** Identifiers sorted out of free values (an FtM `taxNumber`, a UN document number). */
export interface MexicanIdentifiers {
  rfcs: string[];
  curps: string[];
}

/** The values of `values` that have an RFC's or a CURP's shape; the others are left to `raw`. */
export function mexicanIdentifiers(values: Iterable<string>): MexicanIdentifiers {
  const rfcs = new Set<string>();
  const curps = new Set<string>();
  for (const value of values) {
    const curp = asCurp(value);
    if (curp) curps.add(curp);
    else {
      const rfc = asRfc(value);
      if (rfc) rfcs.add(rfc);
    }
  }
  return { rfcs: [...rfcs], curps: [...curps] };
}
