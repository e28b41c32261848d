import type { PartialDate } from '../entry';
import { nationalityOf } from './countries';
import { ofacBirthDates } from './dates';
import { asCurp, asRfc, asRfcStem } from './identifiers';
import { distinct } from './text';

/**
 * What OFAC's `Remarks` column says of a party (docs/watch-lists.md): `DOB 06 Nov 1968; alt. DOB 1970;
 * POB ...; nationality Mexico; citizen Mexico; Gender Male; R.F.C. AIMO-681106-9F7 (Mexico);
 * C.U.R.P. AIMO681106HCHRRS01 (Mexico); a.k.a. 'EL GUERO'.` Items are separated by `;`, an
 * `alt.` item adds another value of the same kind, the country of an identifier is in brackets.
 */
export interface OfacRemarks {
  birthDates: PartialDate[];
  nationalities: string[];
  /** Full RFCs, and the 10-character stems of those written without homoclave. */
  rfcs: string[];
  curps: string[];
  gender: 'H' | 'M' | null;
  /** OFAC keeps its weak aliases here (`a.k.a. 'EL GUERO'`), the strong ones in alt.csv. */
  weakAliases: string[];
}

/** `a.k.a. 'NAME'`: OFAC quotes weak aliases with single quotes. */
const WEAK_ALIAS = /\b[afn]\.k\.a\.\s*'([^']+)'/gi;

/** An item's label and value: `alt. R.F.C. # X (Mexico)` -> [`R.F.C.`, `X`]. */
const ITEM = /^(?:alt\.\s*)?(DOB|nationality|citizen|Gender|R\.?F\.?C\.?|C\.?U\.?R\.?P\.?)[\s:#]+(.+)$/i;

/** The value of an identifier item without its country and trailing notes: `AIMO-681106-9F7 (Mexico)` -> `AIMO-681106-9F7`. */
function identifierValue(value: string): string {
  return value
    .replace(/\(.*$/, '')
    .replace(/\b(?:issued|expires)\b.*$/i, '')
    .trim();
}

export function parseOfacRemarks(remarks: string | null): OfacRemarks {
  const parsed: OfacRemarks = {
    birthDates: [],
    nationalities: [],
    rfcs: [],
    curps: [],
    gender: null,
    weakAliases: [],
  };
  if (!remarks) return parsed;
  for (const match of remarks.matchAll(WEAK_ALIAS)) parsed.weakAliases.push(match[1].trim());
  for (const raw of remarks.split(';')) {
    const match = ITEM.exec(raw.trim().replace(/\.$/, ''));
    if (!match) continue;
    const label = match[1].toUpperCase().replace(/\./g, '');
    const value = match[2].trim();
    if (label === 'DOB') parsed.birthDates.push(...ofacBirthDates(value));
    else if (label === 'NATIONALITY' || label === 'CITIZEN') {
      const nationality = nationalityOf(value);
      if (nationality) parsed.nationalities.push(nationality);
    } else if (label === 'GENDER') {
      const gender = value.toLowerCase();
      parsed.gender = gender === 'male' ? 'H' : gender === 'female' ? 'M' : parsed.gender;
    } else if (label === 'RFC') {
      // Some remarks give a persona física's RFC without homoclave (`AUAM-530929`): its stem.
      const rfc = asRfc(identifierValue(value)) ?? asRfcStem(identifierValue(value));
      if (rfc) parsed.rfcs.push(rfc);
    } else if (label === 'CURP') {
      const curp = asCurp(identifierValue(value));
      if (curp) parsed.curps.push(curp);
    }
  }
  return {
    ...parsed,
    birthDates: distinct(parsed.birthDates),
    nationalities: distinct(parsed.nationalities),
    rfcs: distinct(parsed.rfcs),
    curps: distinct(parsed.curps),
    weakAliases: distinct(parsed.weakAliases),
  };
}
