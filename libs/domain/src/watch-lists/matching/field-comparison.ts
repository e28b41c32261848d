import type { ScreeningSubject } from '../comparison';
import type { ListedName } from '../entry';
import { compareBirthDates, parsePartialDate, type BirthDateAgreement } from './birth-dates';
import {
  bestPersonReadings,
  prepareEntry,
  prepareSubject,
  rfcStemOf,
  type MatchableEntry,
  type PreparedSubject,
} from './compare';
import { entityNameForm } from './entity-names';
import { foldWords, nameUnits } from './folding';
import { birthDateOfCurp, normalizeIdentifier } from './identifiers';
import { normalizeNationality } from './nationalities';
import type { PersonReading } from './person-names';

/**
 * A match shown field by field: what the candidate registered beside what the list entry holds,
 * and whether the two are the same once folded as the matcher folds them (docs/watch-list-matching.md,
 * "Field by field"). Plain data for a person to read; the score and its features stay the matcher's.
 */

/** The fields a person is compared on, in the order they are shown. */
export const PERSON_FIELDS = [
  'givenNames',
  'paternalSurname',
  'maternalSurname',
  'birthDate',
  'rfc',
  'curp',
  'nationality',
] as const;
/** A company (persona moral): its name instead of a person's name parts and birth date. */
export const ENTITY_FIELDS = ['businessName', 'rfc', 'nationality'] as const;
/** Every field a comparison can show. */
export const COMPARED_FIELDS = [...PERSON_FIELDS, 'businessName'] as const;
export type ComparedField = (typeof COMPARED_FIELDS)[number];

export interface FieldComparison {
  field: ComparedField;
  /** As the candidate registered it (trimmed); null when the candidate gave none. */
  candidate: string | null;
  /**
   * As the entry holds it; null when it holds none. Of several values, the one the candidate's
   * agrees with (or the closest birth date); none agreeing, all of them joined with `, `.
   */
  listed: string | null;
  /** Whether the two are the same once folded; null when either is missing. */
  same: boolean | null;
}

/** Compares a candidate with the entries of a screening, the candidate read once. */
export type FieldComparer = (entry: MatchableEntry, nameIndex: number) => FieldComparison[];

const clean = (value: string | null | undefined): string | null => {
  const trimmed = typeof value === 'string' ? value.trim() : '';
  return trimmed === '' ? null : trimmed;
};

const distinct = (values: readonly (string | null | undefined)[]): string[] => [
  ...new Set(values.map(clean).filter((value): value is string => value !== null)),
];

const joined = (values: readonly string[]): string | null => (values.length ? values.join(', ') : null);

const row = (
  field: ComparedField,
  candidate: string | null,
  listed: string | null,
  same: boolean,
): FieldComparison => ({
  field,
  candidate,
  listed,
  same: candidate === null || listed === null ? null : same,
});

/** A word of a published name as written (`Ma.`, `Zúñiga`), with the folded words it gives. */
interface WrittenWord {
  text: string;
  folded: string[];
}

/** The words of each text of a published name: the name itself, then the parts the publisher gave apart. */
function writtenWordsOf(name: ListedName): WrittenWord[][] {
  const texts = [name.text, name.given, name.surnames, ...(name.parts ?? [])];
  return texts
    .filter((text): text is string => typeof text === 'string' && text.trim() !== '')
    .map((text) =>
      // Split where folding splits (any punctuation but apostrophes), keeping an abbreviation's dot.
      text
        .split(/[^\p{L}\p{M}\p{N}'’`´.]+/u)
        .map((word) => word.replace(/^[^\p{L}\p{N}]+/u, ''))
        .filter((word) => foldWords(word).length > 0)
        .map((word) => ({ text: word, folded: foldWords(word) })),
    );
}

/**
 * A folded name part (`DE LA CRUZ`) as the list writes it (`de la Cruz`): the first run of written
 * words that folds to it; the folded part itself when none does.
 */
function asWritten(part: string, written: readonly WrittenWord[][]): string {
  const wanted = part.split(' ');
  for (const words of written)
    for (let start = 0; start < words.length; start++) {
      const folded: string[] = [];
      for (let end = start; end < words.length && folded.length < wanted.length; end++) {
        folded.push(...words[end].folded);
        if (folded.length === wanted.length && folded.every((word, i) => word === wanted[i]))
          return words
            .slice(start, end + 1)
            .map((word) => word.text)
            .join(' ');
      }
    }
  return part;
}

const unitsOf = (text: string | null): string[] => nameUnits(foldWords(text));

const sameUnits = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && [...a].sort().join(' ') === [...b].sort().join(' ');

/** What the candidate gave of each field, as `candidate` shows it. */
export function candidateValues(subject: ScreeningSubject): Record<ComparedField, string | null> {
  return {
    givenNames: clean(subject.name),
    paternalSurname: clean(subject.lastName),
    maternalSurname: clean(subject.secondLastName),
    birthDate: clean(subject.birthDate),
    rfc: clean(subject.rfc),
    curp: clean(subject.curp),
    nationality: clean(subject.nationality),
    businessName: clean(subject.businessName),
  };
}

/**
 * Comparisons without the candidate's values (`candidate` null, `same` kept): what a stored ad-hoc
 * screening keeps, since it never keeps the name screened; `withCandidateValues` puts them back
 * from the screening's own body when it is answered.
 */
export const withoutCandidateValues = (rows: readonly FieldComparison[]): FieldComparison[] =>
  rows.map((row) => ({ ...row, candidate: null }));

export function withCandidateValues(
  rows: readonly FieldComparison[],
  subject: ScreeningSubject,
): FieldComparison[] {
  const values = candidateValues(subject);
  return rows.map((row) => ({ ...row, candidate: values[row.field] ?? null }));
}

function nameRows(subject: ScreeningSubject, listed: PersonReading | null, name: ListedName | undefined) {
  const written = name ? writtenWordsOf(name) : [];
  const shown = (part: string | null) => (part === null ? null : asWritten(part, written));
  const {
    givenNames: given,
    paternalSurname: paternal,
    maternalSurname: maternal,
  } = candidateValues(subject);
  const listedGiven = listed?.given.length
    ? listed.given.map((part) => asWritten(part, written)).join(' ')
    : null;
  return [
    row('givenNames', given, listedGiven, sameUnits(unitsOf(given), listed?.given ?? [])),
    row(
      'paternalSurname',
      paternal,
      shown(listed?.paternal ?? null),
      unitsOf(paternal).join(' ') === listed?.paternal,
    ),
    row(
      'maternalSurname',
      maternal,
      shown(listed?.maternal ?? null),
      unitsOf(maternal).join(' ') === listed?.maternal,
    ),
  ];
}

const AGREEMENT_RANK: Record<BirthDateAgreement, number> = {
  same: 3,
  'same-year': 2,
  'same-year-other-day': 1,
  'different-year': 0,
};

/** `YYYY-MM-DD` of a CURP's birth date. */
function curpDate(curp: string): string | null {
  const date = birthDateOfCurp(curp);
  if (!date || date.year === null) return null;
  const two = (n: number | null) => String(n).padStart(2, '0');
  return `${date.year}-${two(date.month)}-${two(date.day)}`;
}

/**
 * The published dates (else those the entry's CURPs carry): the closest to the candidate's, the same
 * when every part the list gives is the candidate's (a list that gives only the year agrees on it).
 */
function birthDateRow(subject: ScreeningSubject, entry: MatchableEntry): FieldComparison {
  const candidate = candidateValues(subject).birthDate;
  const published = distinct(entry.birthDates);
  const dates = published.length
    ? published
    : distinct(entry.curps.map((curp) => curpDate(normalizeIdentifier(curp))));
  const own = parsePartialDate(candidate);
  let closest: { text: string; rank: number } | null = null;
  if (own)
    for (const text of dates) {
      const date = parsePartialDate(text);
      const agreement = date && compareBirthDates([own], [date]);
      const rank = agreement ? AGREEMENT_RANK[agreement] : -1;
      if (closest === null || rank > closest.rank) closest = { text, rank };
    }
  if (closest) return row('birthDate', candidate, closest.text, closest.rank >= AGREEMENT_RANK['same-year']);
  return row('birthDate', candidate, joined(dates), false);
}

/** An RFC or CURP: the candidate's where the entry holds it, an RFC's stem where it holds that. */
function identifierRow(
  field: 'rfc' | 'curp',
  registered: string | null | undefined,
  held: readonly string[],
): FieldComparison {
  const candidate = clean(registered);
  const own = normalizeIdentifier(candidate);
  const values = distinct(held.map(normalizeIdentifier));
  if (own && values.includes(own)) return row(field, candidate, own, true);
  const stem = field === 'rfc' ? rfcStemOf(own) : null;
  if (stem && values.includes(stem)) return row(field, candidate, stem, false);
  return row(field, candidate, joined(values), false);
}

function nationalityRow(subject: ScreeningSubject, entry: MatchableEntry): FieldComparison {
  const candidate = clean(subject.nationality);
  const own = normalizeNationality(candidate);
  const values = distinct(entry.nationalities);
  const same = own === null ? undefined : values.find((value) => normalizeNationality(value) === own);
  return same === undefined
    ? row('nationality', candidate, joined(values), false)
    : row('nationality', candidate, same, true);
}

function businessNameRow(subject: ScreeningSubject, name: ListedName | undefined): FieldComparison {
  const candidate = clean(subject.businessName);
  const listed = clean(name?.text);
  const a = entityNameForm(candidate ?? '');
  const b = entityNameForm(listed ?? '');
  const same = a.words.join(' ') === b.words.join(' ') && a.legalForm === b.legalForm;
  return row('businessName', candidate, listed, same);
}

function compared(
  subject: ScreeningSubject,
  prepared: PreparedSubject,
  entry: MatchableEntry,
  nameIndex: number,
): FieldComparison[] {
  const name = entry.names[nameIndex] ?? entry.names[0];
  const identifiers = [
    identifierRow('rfc', subject.rfc, entry.rfcs),
    ...(subject.kind === 'person' ? [identifierRow('curp', subject.curp, entry.curps)] : []),
    nationalityRow(subject, entry),
  ];
  if (subject.kind === 'entity') return [businessNameRow(subject, name), ...identifiers];
  // The listed name read as the matcher read it against the candidate (one name only: the one matched).
  const one = prepareEntry({ ...entry, names: name ? [name] : [] });
  const listed = bestPersonReadings(prepared, one, 0)?.listed ?? one.names[0]?.person?.[0] ?? null;
  return [...nameRows(subject, listed, name), birthDateRow(subject, entry), ...identifiers];
}

/** A comparer for one candidate (read once), to call for each entry it matched. */
export function fieldComparer(subject: ScreeningSubject): FieldComparer {
  const prepared = prepareSubject(subject);
  return (entry, nameIndex) => compared(subject, prepared, entry, nameIndex);
}

/**
 * A candidate against one list entry, field by field: for a person `givenNames`, `paternalSurname`,
 * `maternalSurname`, `birthDate`, `rfc`, `curp`, `nationality`; for a company `businessName`, `rfc`,
 * `nationality`. `nameIndex` is the entry's name the match was made with (its reading the
 * matcher chose gives the name parts).
 */
export function compareFields(
  subject: ScreeningSubject,
  entry: MatchableEntry,
  nameIndex: number,
): FieldComparison[] {
  return fieldComparer(subject)(entry, nameIndex);
}
