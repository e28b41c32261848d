import type { BirthDate } from './birth-dates';

/**
 * Mexican identifiers as the matcher reads them (docs/watch-list-matching.md: they decide first). Publishers
 * write them with hyphens, spaces or dots (OFAC `R.F.C. AIMO-681106-9F7`); none of those is
 * significant, so both sides are compared without them.
 */

/** Upper case, without spaces, hyphens, dots, slashes or underscores. */
export function normalizeIdentifier(value: string | null | undefined): string {
  return value
    ? value
        .normalize('NFC')
        .toUpperCase()
        .replace(/[\s.\-_/]/g, '')
    : '';
}

/** RFC of a persona física: 4 letters of the name, the birth date YYMMDD, a 3-character homoclave. */
const RFC_PERSON = /^[A-ZÑ&]{4}\d{6}[A-Z0-9]{3}$/;
/** RFC of a persona moral: 3 letters of the name, the constitution date, a homoclave. */
const RFC_ENTITY = /^[A-ZÑ&]{3}\d{6}[A-Z0-9]{3}$/;
/** CURP: 4 letters, YYMMDD, sex (H, M or X), state, 3 consonants, the century digit or letter, a check digit. */
const CURP = /^[A-Z]{4}\d{6}[HMX][A-Z]{5}[A-Z0-9]\d$/;

/** Who an RFC belongs to, by its length (13 física, 12 moral); null when it is not an RFC. */
export function rfcKind(rfc: string): 'person' | 'entity' | null {
  if (RFC_PERSON.test(rfc)) return 'person';
  if (RFC_ENTITY.test(rfc)) return 'entity';
  return null;
}

export const isCurp = (curp: string): boolean => CURP.test(curp);

function monthDay(digits: string): { month: number; day: number } | null {
  const month = Number(digits.slice(2, 4));
  const day = Number(digits.slice(4, 6));
  return month >= 1 && month <= 12 && day >= 1 && day <= 31 ? { month, day } : null;
}

/**
 * The birth date a persona física's RFC carries. Its year has two digits (the century is not
 * written), so the date is `{ yearOfCentury, month, day }`.
 */
export function birthDateOfRfc(rfc: string): BirthDate | null {
  if (!RFC_PERSON.test(rfc)) return null;
  const digits = rfc.slice(4, 10);
  const md = monthDay(digits);
  return md && { year: null, yearOfCentury: Number(digits.slice(0, 2)), ...md };
}

/** The birth date of a CURP: the 17th character tells the century (a digit before 2000, a letter after). */
export function birthDateOfCurp(curp: string): BirthDate | null {
  if (!CURP.test(curp)) return null;
  const digits = curp.slice(4, 10);
  const md = monthDay(digits);
  if (!md) return null;
  const yearOfCentury = Number(digits.slice(0, 2));
  const year = (/\d/.test(curp[16]) ? 1900 : 2000) + yearOfCentury;
  return { year, yearOfCentury, ...md };
}

/** The sex a CURP records (`H` hombre, `M` mujer; `X` is neither and says nothing). */
export function genderOfCurp(curp: string): 'H' | 'M' | null {
  if (!CURP.test(curp)) return null;
  const sex = curp[10];
  return sex === 'H' || sex === 'M' ? sex : null;
}
