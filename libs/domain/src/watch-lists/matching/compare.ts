import type { Comparison, ScreeningSubject } from '../comparison';
import type { ListedName, WatchListEntry } from '../entry';
import { compareBirthDates, parsePartialDate, type BirthDate } from './birth-dates';
import {
  compareEntityNames,
  entityNameForm,
  type EntityNameForm,
  type EntityNameMatch,
} from './entity-names';
import { birthDateOfCurp, birthDateOfRfc, genderOfCurp, normalizeIdentifier, rfcKind } from './identifiers';
import { agrees, compareGivenNames, compareSpellings, PART_DIFFERS, type PartMatch } from './name-parts';
import { normalizeNationalities, normalizeNationality } from './nationalities';
import { personNameForm, subjectReadings, type PersonReading } from './person-names';
import { chosenReadings, personRfcLetters } from './rfc-letters';
import {
  identifierMatch,
  notCompared,
  POSSIBLE_MATCH_FROM,
  entityScore,
  personScore,
  saysDeceased,
  scoreEntity,
  scorePerson,
  type AliasQuality,
  type PersonNameMatch,
  type Qualifiers,
} from './scoring';

/**
 * docs/watch-list-matching.md: a candidate against one list entry. Both sides are first prepared (folded,
 * split, identifiers and dates read) into the shapes below; the index keeps entries in a compact
 * form and rebuilds a `PreparedEntry` for the few it scores, so both paths share every rule.
 */

/** The candidate, read once per screening. */
export interface PreparedSubject {
  kind: 'person' | 'entity';
  /** A person's name, in each way it can be read (see `subjectReadings`). */
  readings: PersonReading[];
  /** A company's `businessName`. */
  entityName: EntityNameForm | null;
  rfc: string | null;
  curp: string | null;
  /** The birth date given, else the one the CURP or (a person's) RFC carries. */
  birthDates: BirthDate[];
  nationality: string | null;
  gender: 'H' | 'M' | null;
}

/** One published name of an entry, ready to compare: as a person's, as an entity's, or both (kind unknown). */
export interface PreparedName {
  alias: boolean;
  weakAlias: boolean;
  /**
   * Every way of reading it as a person's name (`readingsOf` its form), worked out once: the index
   * stores them, so that a screening never splits a listed name again.
   */
  person: PersonReading[] | null;
  entity: EntityNameForm | null;
}

/** What the matcher needs of an entry (no `raw`, no `listStatus`). */
export interface PreparedEntry {
  /** `unknown` only when neither the publisher nor an RFC tells (compared with both kinds). */
  kind: 'person' | 'entity' | 'unknown';
  redacted: boolean;
  names: PreparedName[];
  rfcs: string[];
  curps: string[];
  /** The dates published, else those of its CURPs or (a person's) RFCs. */
  birthDates: BirthDate[];
  nationalities: string[];
  gender: 'H' | 'M' | null;
  /** The person died: every comparison says so (`deceased`), the score does not change. */
  deceased: boolean;
}

/** The fields of an entry the matcher reads: a caller may load only these. */
export type MatchableEntry = Pick<
  WatchListEntry,
  'kind' | 'names' | 'rfcs' | 'curps' | 'birthDates' | 'nationalities' | 'gender' | 'redacted' | 'deceased'
>;

/** A comparison and the published name (primary or alias) it was made with. */
export interface EntryComparison extends Comparison {
  listedName: string;
  /** Position of that name in the entry's `names`. */
  nameIndex: number;
}

const present = <T>(value: T | null | undefined): value is T => value !== null && value !== undefined;

export function prepareSubject(subject: ScreeningSubject): PreparedSubject {
  const rfc = normalizeIdentifier(subject.rfc) || null;
  const curp = normalizeIdentifier(subject.curp) || null;
  const person = subject.kind === 'person';
  const dates = [parsePartialDate(subject.birthDate)].filter(present);
  if (!dates.length && person) {
    const derived = (curp && birthDateOfCurp(curp)) || (rfc && birthDateOfRfc(rfc));
    if (derived) dates.push(derived);
  }
  const gender = subject.gender === 'H' || subject.gender === 'M' ? subject.gender : null;
  return {
    kind: subject.kind,
    readings: person ? subjectReadings(subject).filter((r) => r.given.length || r.paternal) : [],
    entityName: !person && subject.businessName ? entityNameForm(subject.businessName) : null,
    rfc,
    curp,
    birthDates: dates,
    nationality: normalizeNationality(subject.nationality),
    gender: gender ?? (person && curp ? genderOfCurp(curp) : null),
  };
}

/** The entry's kind: the publisher's, else the RFC's length (13 física, 12 moral). */
export function resolveKind(kind: WatchListEntry['kind'], rfcs: readonly string[]): PreparedEntry['kind'] {
  if (kind !== 'unknown') return kind;
  for (const rfc of rfcs) {
    const found = rfcKind(rfc);
    if (found) return found;
  }
  return 'unknown';
}

/**
 * One published name, read: as a person's in every way it can be read (for a name in one string,
 * the ways the entry's persona física RFCs choose: `rfcLetters`, see `chosenReadings`), as an
 * entity's, or both.
 */
export function prepareName(
  name: ListedName,
  kind: PreparedEntry['kind'],
  rfcLetters: readonly string[] = [],
): PreparedName {
  return {
    alias: name.alias,
    weakAlias: name.alias && name.quality === 'weak',
    person: kind === 'entity' ? null : chosenReadings(personNameForm(name), rfcLetters),
    entity: kind === 'person' ? null : entityNameForm(name.text),
  };
}

/** Birth dates an entry carries: published ones, else those its CURPs or a person's RFCs encode. */
export function entryBirthDates(
  published: readonly string[],
  curps: readonly string[],
  rfcs: readonly string[],
  kind: PreparedEntry['kind'],
): BirthDate[] {
  const dates = published.map(parsePartialDate).filter(present);
  if (dates.length || kind === 'entity') return dates;
  const fromCurps = curps.map(birthDateOfCurp).filter(present);
  return fromCurps.length ? fromCurps : rfcs.map(birthDateOfRfc).filter(present);
}

/** The entry's sex: as published, else as its CURP records it. */
export function entryGender(published: 'H' | 'M' | null, curps: readonly string[]): 'H' | 'M' | null {
  return published ?? curps.map(genderOfCurp).find(present) ?? null;
}

export function prepareEntry(entry: MatchableEntry): PreparedEntry {
  const rfcs = entry.rfcs.map(normalizeIdentifier).filter(Boolean);
  const curps = entry.curps.map(normalizeIdentifier).filter(Boolean);
  const kind = resolveKind(entry.kind, rfcs);
  const letters = personRfcLetters(rfcs);
  return {
    kind,
    redacted: entry.redacted,
    names: entry.names.map((name) => prepareName(name, kind, letters)),
    rfcs,
    curps,
    birthDates: entryBirthDates(entry.birthDates, curps, rfcs, kind),
    nationalities: normalizeNationalities(entry.nationalities),
    gender: entryGender(entry.gender, curps),
    deceased: entry.deceased === true,
  };
}

function qualifiers(subject: PreparedSubject, entry: PreparedEntry): Qualifiers {
  const stem = subject.kind === 'person' ? rfcStemOf(subject.rfc) : null;
  const rfcStem = stem !== null && entry.rfcs.includes(stem);
  const nationality =
    subject.nationality && entry.nationalities.length
      ? entry.nationalities.includes(subject.nationality)
        ? 'same'
        : 'differs'
      : null;
  const gender =
    subject.kind === 'person' && subject.gender && entry.gender
      ? subject.gender === entry.gender
        ? 'same'
        : 'differs'
      : null;
  return {
    // Read only when the candidate has a date: the index decodes an entry's dates on demand.
    birthDates: subject.birthDates.length ? compareBirthDates(subject.birthDates, entry.birthDates) : null,
    nationality,
    gender,
    rfcDiffers:
      subject.rfc !== null && entry.rfcs.length > 0 && !entry.rfcs.includes(subject.rfc) && !rfcStem,
    curpDiffers: subject.curp !== null && entry.curps.length > 0 && !entry.curps.includes(subject.curp),
    rfcStem,
  };
}

/** The stem (RFC without homoclave, 10 characters) of a persona física's RFC; null for any other value. */
export const rfcStemOf = (rfc: string | null): string | null =>
  rfc !== null && rfc.length === 13 && rfcKind(rfc) === 'person' ? rfc.slice(0, 10) : null;

const surnamePart = (a: string | null, b: string | null): PartMatch | null =>
  a !== null && b !== null ? compareSpellings(a, b) : null;

/** One reading of the candidate's name against one reading of a listed name. */
export function comparePersonReadings(subject: PersonReading, listed: PersonReading): PersonNameMatch {
  return comparedReadings(subject, listed, false) as PersonNameMatch;
}

/**
 * With `hitsOnly`, null as soon as the paternal surname or the given names make the reading a
 * `no_match` (see `mayBeAHit`): the cheapest part first, the maternal surname never compared.
 */
function comparedReadings(
  subject: PersonReading,
  listed: PersonReading,
  hitsOnly: boolean,
): PersonNameMatch | null {
  const paternal = surnamePart(subject.paternal, listed.paternal);
  if (hitsOnly && (paternal === null || !agrees(paternal))) return null;
  const given =
    subject.given.length && listed.given.length ? compareGivenNames(subject.given, listed.given) : null;
  if (hitsOnly && (given === null || !agrees(given))) return null;
  return {
    given,
    paternal,
    maternal: surnamePart(subject.maternal, listed.maternal) ?? absorbedMaternal(subject, listed, given),
    subjectPaternal: subject.paternal,
    listedPaternal: listed.paternal,
    subjectMaternal: subject.maternal,
    listedMaternal: listed.maternal,
    reordered: subject.reordered === true,
  };
}

/**
 * A reading that has one side's maternal surname missing because it counts one more given name
 * (`HERNANDEZ LOPEZ JUAN` read as given names `LOPEZ JUAN`, against `Juan Hernández García`)
 * has not lost the maternal surname: it compares it with that extra name, and it differs (or
 * agrees) as a maternal surname would. Without this, every such reading would be a "missing
 * maternal surname" and a `possible_match`.
 */
function absorbedMaternal(
  subject: PersonReading,
  listed: PersonReading,
  given: PartMatch | null,
): PartMatch | null {
  if (!given || !agrees(given) || subject.given.length === listed.given.length) return null;
  const more = subject.given.length > listed.given.length ? subject : listed;
  const other = more === subject ? listed : subject;
  if (more.maternal !== null || other.maternal === null) return null;
  for (const name of more.given) {
    const found = compareSpellings(name, other.maternal);
    if (agrees(found)) return found;
  }
  return PART_DIFFERS;
}

const aliasOf = (name: PreparedName): AliasQuality =>
  name.alias ? (name.weakAlias ? 'weak' : 'strong') : null;

/** A comparison and which of the entry's names it was made with. */
export interface Scored {
  comparison: Comparison;
  nameIndex: number;
}

/** The best name of an entry and its score in thousandths, found without explaining any. */
interface Best<M> {
  match: M;
  nameIndex: number;
  score: number;
}

/**
 * Every reading of every name against every reading of the candidate's, scored without
 * explanation. With `hitsOnly` (the index), readings that cannot be a hit are not scored.
 */
function bestPersonName(
  subject: PreparedSubject,
  entry: PreparedEntry,
  q: Qualifiers,
  hitsOnly = false,
): Best<PersonNameMatch> | null {
  let best: Best<PersonNameMatch> | null = null;
  for (let index = 0; index < entry.names.length; index++) {
    const readings = entry.names[index].person;
    if (!readings) continue;
    const alias = aliasOf(entry.names[index]);
    for (const listed of readings)
      for (const reading of subject.readings) {
        const match = comparedReadings(reading, listed, hitsOnly);
        if (match === null) continue;
        const score = personScore(match, q, alias);
        // A tie keeps the earlier name: the primary name comes first.
        if (best === null || score > best.score) best = { match, nameIndex: index, score };
      }
  }
  return best;
}

function bestEntityName(
  subject: PreparedSubject,
  entry: PreparedEntry,
  q: Qualifiers,
): Best<EntityNameMatch> | null {
  const own = subject.entityName;
  if (!own || !own.words.length) return null;
  let best: Best<EntityNameMatch> | null = null;
  for (let index = 0; index < entry.names.length; index++) {
    const form = entry.names[index].entity;
    if (!form || !form.words.length) continue;
    const match = compareEntityNames(own, form);
    const score = entityScore(match, q, aliasOf(entry.names[index]));
    if (best === null || score > best.score) best = { match, nameIndex: index, score };
  }
  return best;
}

/**
 * The readings one of an entry's names was compared with: the reading of the listed name and the
 * candidate's reading that score best together, found as `scoreEntry` finds them (the publisher's
 * reading first, a tie keeping the earlier). Null when the name cannot be read as a person's or
 * the candidate gives no name.
 */
export function bestPersonReadings(
  subject: PreparedSubject,
  entry: PreparedEntry,
  nameIndex: number,
): { subject: PersonReading; listed: PersonReading } | null {
  const name = entry.names[nameIndex];
  if (!name?.person?.length || !subject.readings.length) return null;
  const q = qualifiers(subject, entry);
  const alias = aliasOf(name);
  let best: { subject: PersonReading; listed: PersonReading } | null = null;
  let bestScore = -1;
  for (const listed of name.person)
    for (const reading of subject.readings) {
      const score = personScore(comparePersonReadings(reading, listed), q, alias);
      if (score > bestScore) {
        best = { subject: reading, listed };
        bestScore = score;
      }
    }
  return best;
}

/** What decides before names: redaction, an identifier, the kinds. */
function decidedBeforeNames(subject: PreparedSubject, entry: PreparedEntry): Comparison | null {
  if (entry.redacted) return notCompared('redacted');
  if (subject.rfc && entry.rfcs.includes(subject.rfc)) return identifierMatch('rfc_exact');
  if (subject.curp && entry.curps.includes(subject.curp)) return identifierMatch('curp_exact');
  if (entry.kind !== 'unknown' && entry.kind !== subject.kind) return notCompared('kind_differs');
  return null;
}

/** An entry's score (thousandths) and, on demand, the comparison that explains it. */
export interface HitScore {
  score: number;
  explain(): Scored;
}

/**
 * The score (thousandths) `scoreEntry` would explain, when it can be a hit (`possible_match` or
 * `match`); lower (often 0) when it cannot. What the index ranks its candidates by; `explain`
 * then gives what `scoreEntry` gives without comparing the names again (a hit's best reading is
 * the best of all: a reading that cannot be a hit scores below `possible_match`).
 */
export function hitScore(subject: PreparedSubject, entry: PreparedEntry): HitScore {
  const found = hitScoreOf(subject, entry);
  if (!entry.deceased) return found;
  return { score: found.score, explain: () => deceasedScored(found.explain()) };
}

const deceasedScored = (scored: Scored): Scored => ({
  ...scored,
  comparison: saysDeceased(scored.comparison),
});

function hitScoreOf(subject: PreparedSubject, entry: PreparedEntry): HitScore {
  const decided = decidedBeforeNames(subject, entry);
  if (decided)
    return {
      score: Math.round(decided.score * 1000),
      explain: () => ({ comparison: decided, nameIndex: 0 }),
    };
  const q = qualifiers(subject, entry);
  const again = () => scoreEntry(subject, entry);
  if (q.rfcStem) {
    // At least a possible_match whatever the name (rare: scored in full).
    const scored = scoreEntryOf(subject, entry);
    return { score: Math.round(scored.comparison.score * 1000), explain: () => scored };
  }
  if (subject.kind === 'person') {
    const best = bestPersonName(subject, entry, q, true);
    if (!best) return { score: 0, explain: again };
    const explain = () => ({
      comparison: scorePerson(best.match, q, aliasOf(entry.names[best.nameIndex])),
      nameIndex: best.nameIndex,
    });
    return { score: best.score, explain: best.score >= POSSIBLE_MATCH_FROM * 1000 ? explain : again };
  }
  const best = bestEntityName(subject, entry, q);
  if (!best) return { score: 0, explain: again };
  return {
    score: best.score,
    explain: () => ({
      comparison: scoreEntity(best.match, q, aliasOf(entry.names[best.nameIndex])),
      nameIndex: best.nameIndex,
    }),
  };
}

/** Nothing known besides the names. */
const NAMES_ONLY: Qualifiers = {
  birthDates: null,
  nationality: null,
  gender: null,
  rfcDiffers: false,
  curpDiffers: false,
  rfcStem: false,
};

/** The highest score an entry can reach against a candidate, and the entries it does not bound. */
export interface ScoreCeiling {
  /** Thousandths; 1000 where the rules allow up to 1. */
  score: number;
  /**
   * Names an entry's maternal surname must not agree with for `score` to bound it: the
   * candidate's given names when it gives several (see `scoreCeiling`).
   */
  unlessMaternalIs: string[];
  /**
   * Thousandths: the highest score of an entry whose name gives only one of the candidate's given
   * names as its only given name (and whose maternal surname is none of `unlessMaternalIs`). The
   * index leaves such entries to the last where this is below `score`.
   */
  oneGivenName: number;
}

const NO_CEILING: ScoreCeiling = { score: 1000, unlessMaternalIs: [], oneGivenName: 1000 };

/**
 * The highest score `hitScore` can give an entry against this candidate. The index stops scoring
 * once it holds enough hits at this score (see `WatchListIndex.screen`), which matters for the
 * slowest screenings: the commonest names typed without a maternal surname, whose every namesake
 * in the lists is a hit.
 *
 * Worked out only for a person who gives given names and a paternal surname and nothing else (no
 * maternal surname, birth date, nationality, RFC or CURP). Against such a candidate a hit's
 * maternal surname is missing, unless the listed name gives fewer given names and its maternal
 * surname agrees with one of the candidate's (`absorbedMaternal`: those entries are not bounded,
 * and are named by `unlessMaternalIs`). With the maternal surname missing, the given names and the
 * paternal surname share the name's whole weight, each earning at most its share; agreeing on the
 * paternal surname costs at least that surname's commonness; aliases, sex and spellings only take
 * away. No such entry then beats the candidate's own name compared with itself.
 */
export function scoreCeiling(subject: PreparedSubject): ScoreCeiling {
  const namesOnly =
    subject.kind === 'person' &&
    subject.readings.length > 0 &&
    subject.rfc === null &&
    subject.curp === null &&
    subject.birthDates.length === 0 &&
    subject.nationality === null &&
    subject.readings.every(
      (r) => r.reordered || (r.maternal === null && r.paternal !== null && r.given.length > 0),
    );
  if (!namesOnly) return NO_CEILING;
  let score = 0;
  let reordered = 0;
  let oneGivenName: number | null = null;
  const unlessMaternalIs = new Set<string>();
  for (const reading of subject.readings) {
    const itself = comparedReadings(reading, reading, false) as PersonNameMatch;
    const own = personScore(itself, NAMES_ONLY, null);
    score = Math.max(score, own);
    // A reordered reading is limited below any of the candidate's own readings (see scoring.ts):
    // no entry it finds can rank above them, nor does it change which entries may wait.
    if (reading.reordered) {
      reordered = Math.max(reordered, own);
      continue;
    }
    if (reading.given.length < 2) continue;
    for (const name of reading.given) {
      unlessMaternalIs.add(name);
      // The best such an entry can be: that name alone, the same paternal surname, no maternal one.
      const alone = { given: [name], paternal: reading.paternal, maternal: null };
      const match = comparedReadings(reading, alone, false) as PersonNameMatch;
      oneGivenName = Math.max(oneGivenName ?? 0, personScore(match, NAMES_ONLY, null));
    }
  }
  // With one given name in every reading, no entry is found through one of several. An entry that
  // waits may still be a hit through a reordered reading: bounded by that reading's own score.
  return {
    score,
    unlessMaternalIs: [...unlessMaternalIs],
    oneGivenName: Math.max(oneGivenName ?? score, reordered),
  };
}

/**
 * docs/watch-list-matching.md, in this order: a redacted entry never matches; the candidate's RFC or CURP on
 * the entry is a `match` (score 1) whatever the name; a persona física is compared with persons
 * and a persona moral with entities; then the names (each published name, each way of reading
 * it, the best kept), with birth date, nationality and gender, and the limits of `scoring.ts`.
 */
export function scoreEntry(subject: PreparedSubject, entry: PreparedEntry): Scored {
  const scored = scoreEntryOf(subject, entry);
  return entry.deceased ? deceasedScored(scored) : scored;
}

function scoreEntryOf(subject: PreparedSubject, entry: PreparedEntry): Scored {
  const decided = decidedBeforeNames(subject, entry);
  if (decided) return { comparison: decided, nameIndex: 0 };
  const q = qualifiers(subject, entry);
  if (subject.kind === 'person') {
    const best = bestPersonName(subject, entry, q);
    if (best)
      return {
        comparison: scorePerson(best.match, q, aliasOf(entry.names[best.nameIndex])),
        nameIndex: best.nameIndex,
      };
  } else {
    const best = bestEntityName(subject, entry, q);
    if (best)
      return {
        comparison: scoreEntity(best.match, q, aliasOf(entry.names[best.nameIndex])),
        nameIndex: best.nameIndex,
      };
  }
  return { comparison: notCompared('name_missing'), nameIndex: 0 };
}

/** A candidate (or an ad-hoc screening's body) against one list entry. */
export function compareWithEntry(subject: ScreeningSubject, entry: MatchableEntry): EntryComparison {
  const { comparison, nameIndex } = scoreEntry(prepareSubject(subject), prepareEntry(entry));
  return { ...comparison, listedName: entry.names[nameIndex]?.text ?? '', nameIndex };
}
