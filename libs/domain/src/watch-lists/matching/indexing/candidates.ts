import { BoundedCache } from '../../../bounded-cache';
import { coreOf, nameUnits } from '../folding';
import { rfcStemOf, type PreparedSubject } from '../compare';
import { entityWordWeight } from '../entity-names';
import { agrees, compareSpellings, TYPO_MIN_LENGTH } from '../name-parts';
import doubleMetaphone from 'talisman/phonetics/double-metaphone';
import { fnv1a } from './columns';
import {
  bornKey,
  COMPOUND_MATERNAL_KEY,
  noMaternalKey,
  oneEditAway,
  personPartKeys,
  standInKey,
} from './keys';
import type { WatchListSegment } from './segment';

/**
 * Which entries of a segment are worth scoring for a candidate (the index's question; scoring
 * every entry is never done). The lookups follow the limits of scoring.ts, so that no entry the
 * rules could rate `possible_match` or better is left out (a spec compares them with comparing
 * every entry):
 * - a person: given names AND paternal surname AND, with a maternal surname, what can still make
 *   a hit (see `personCandidates`); each part exact, one typo away or sounding alike. A common
 *   name like JUAN or GARCIA alone never makes an entry a candidate;
 * - a company: entries whose words cover at least 55 % of the weight of the candidate's words
 *   (a weighted Dice similarity of 0.75 needs 60 %; the margin covers the qualifiers);
 * - both: entries that list the candidate's RFC or CURP.
 */

/** A word of the candidate as the index looks it up. */
export interface QueryWord {
  word: string;
  /** Looked up as they are (see `personPartKeys`). */
  keys: string[];
  /** One edit away, looked up and kept where the scoring rules call them a typo. */
  edits: string[];
  /** `fnv1a` of each edit, for the segments' term filters. */
  editHashes: Uint32Array;
  /** Double Metaphone code, for spellings that sound alike. */
  code: string | null;
  /** Compared with the given-name rules (gender variants differ). */
  given: boolean;
  weight: number;
}

/** What one reading of the candidate's name looks up (see `personCandidates`). */
export interface ReadingQuery {
  given: QueryWord[];
  /**
   * The paternal surname's units (`nameUnits`): one, or several for a compound surname
   * (`HERNANDEZ GARCIA` read as one surname), whose every unit a listed surname must have.
   */
  paternal: QueryWord[];
  /**
   * When the reading has a maternal surname: its words, and the keys of the entries it can still
   * be a hit with otherwise (no maternal surname, the same birth year).
   */
  maternal: { words: QueryWord[]; keys: string[]; born: string[] } | null;
}

export interface ScreeningQuery {
  subject: PreparedSubject;
  /** A person's, one per reading of the name (see `subjectReadings`). */
  readings: ReadingQuery[];
  entity: QueryWord[];
  identifiers: string[];
}

/**
 * Query words, remembered: a word's hundreds of one-edit spellings and its phonetic code are the
 * same on every screening, and the commonest names (the slowest to screen) come back on most.
 * A word holds about 7 KB (its 250-550 spellings one edit away): at 10,000 words, as it was, a
 * stream of distinct names (every candidate of a processor's day) kept 72 MB alive in each app.
 * 1,000 hold the common names of a busy hour for about 7 MB.
 */
const queryWords = new BoundedCache<string, QueryWord>({ maxEntries: 1_000 });

/**
 * A part of a person's name (a given name when `given`) or, with `entity`, a company name's word.
 * A given name is also looked up by its initial (a list that writes `J. JESUS` for José Jesús).
 */
function queryWordOf(part: string, role: 'given' | 'surname' | 'entity'): QueryWord {
  return queryWords.getOrSet(`${role[0]}${part}`, () =>
    role === 'entity'
      ? queryWord(part, [part], false, entityWordWeight(part))
      : role === 'given' && part.length > 1
        ? queryWord(part, [...personPartKeys(part), part[0]], true)
        : queryWord(part, personPartKeys(part), role === 'given'),
  );
}

function queryWord(part: string, keys: string[], given: boolean, weight = 1): QueryWord {
  const word = coreOf(part);
  // A four-letter word may be a five-letter one with a letter left out.
  const edits = word.length >= TYPO_MIN_LENGTH - 1 ? oneEditAway(word) : [];
  return {
    word,
    keys,
    edits,
    editHashes: Uint32Array.from(edits, fnv1a),
    code: word.length >= 4 && /^[A-Z]+$/.test(word) ? doubleMetaphone(word)[0] : null,
    given,
    weight,
  };
}

function distinct(words: QueryWord[]): QueryWord[] {
  const seen = new Set<string>();
  return words.filter((w) => !seen.has(w.keys.join(' ')) && seen.add(w.keys.join(' ')));
}

export function screeningQuery(subject: PreparedSubject): ScreeningQuery {
  const born = [...new Set(subject.birthDates.map((date) => bornKey(date.yearOfCentury)))];
  const readings = subject.readings.flatMap((reading): ReadingQuery[] => {
    if (!reading.given.length || !reading.paternal) return [];
    const maternal =
      reading.maternal &&
      distinct(nameUnits(reading.maternal.split(' ')).map((part) => queryWordOf(part, 'surname')));
    return [
      {
        given: distinct(reading.given.map((part) => queryWordOf(part, 'given'))),
        paternal: distinct(
          nameUnits(reading.paternal.split(' ')).map((part) => queryWordOf(part, 'surname')),
        ),
        maternal: maternal
          ? {
              words: maternal,
              keys: Array.from({ length: Math.min(reading.given.length, 3) }, (_, at) =>
                noMaternalKey(at + 1),
              ),
              born,
            }
          : null,
      },
    ];
  });
  const entity = (subject.entityName?.words ?? []).map((word) => queryWordOf(word, 'entity'));
  return {
    subject,
    readings,
    entity: distinct(entity),
    // A persona física's RFC also finds the entries that list it without homoclave (its stem).
    identifiers: [
      subject.rfc,
      subject.curp,
      subject.kind === 'person' ? rfcStemOf(subject.rfc) : null,
    ].filter((id): id is string => !!id),
  };
}

/**
 * The segment's terms a query word stands for: itself, its typos and its sound-alikes that agree.
 * Remembered per segment (in its scratch): a segment never changes, and testing a word's hundreds
 * of one-edit spellings costs more than the lookups it leads to.
 */
function termsOf(segment: WatchListSegment, scratch: Scratch, word: QueryWord, inCompound = false): number[] {
  const cacheKey = `${inCompound ? 'c' : word.given ? 'g' : 's'}${word.keys.join(' ')}`;
  return scratch.terms.getOrSet(cacheKey, () => lookUpTerms(segment, word, inCompound));
}

/**
 * `inCompound`: the word is one unit of a compound surname, whose typo or sound-alike spelling
 * is judged on the whole surname (`GARCIA SOTA` is one typo from `GARCIA SOTO`, though `SOTA` is
 * not a typo of `SOTO`): every term one edit away or sounding alike is kept.
 */
function lookUpTerms(segment: WatchListSegment, word: QueryWord, inCompound: boolean): number[] {
  const found = new Set<number>();
  for (const key of word.keys) {
    const id = segment.termId(key);
    if (id !== undefined) found.add(id);
  }
  // A given name typed as its initial (`J. Alfredo`) stands for every given name it begins.
  if (word.given && word.word.length === 1)
    for (const id of segment.givenTermsStartingWith(word.word)) found.add(id);
  const agreeing = (term: string) => inCompound || agrees(compareSpellings(word.word, term, word.given));
  word.edits.forEach((edit, at) => {
    if (!segment.mayHaveTerm(word.editHashes[at])) return;
    const id = segment.termId(edit);
    if (id !== undefined && !found.has(id) && agreeing(edit)) found.add(id);
  });
  if (word.code)
    for (const id of segment.phonetic(word.code))
      if (!found.has(id) && agreeing(segment.term(id))) found.add(id);
  return [...found];
}

/** Scratch arrays of one segment, reused by every screening (screenings run one at a time). */
export class Scratch {
  readonly marks: Uint8Array;
  readonly covered: Float32Array;
  readonly stamps: Uint32Array;
  /**
   * `pairedStamp` on the entries of the last `candidates` found beside as many of the candidate's
   * given names as `pairedWith` asks for (not only as a listed name's only given name).
   */
  readonly paired: Uint32Array;
  stamp = 0;
  pairedStamp = 0;
  /** `termsOf` answers for this segment (a few dozen bytes each). */
  readonly terms = new BoundedCache<string, number[]>({ maxEntries: 10_000 });

  constructor(size: number) {
    this.marks = new Uint8Array(size);
    this.covered = new Float32Array(size);
    this.stamps = new Uint32Array(size);
    this.paired = new Uint32Array(size);
  }
}

/** Starts the stamps again from 1 (every entry unmarked). */
function resetStamps(scratch: Scratch): void {
  scratch.stamps.fill(0);
  scratch.paired.fill(0);
  scratch.stamp = 0;
}

/** A stamp the arrays have not seen: marks an entry once per query word. */
function nextStamp(scratch: Scratch): number {
  if (scratch.stamp === 0xffffffff) resetStamps(scratch);
  return ++scratch.stamp;
}

/**
 * True for an entry of the last `candidates` of a person who gives several given names, found
 * only as a listed name whose only given name is one of them (`pairedWith`'s second lookup): no
 * reading of it gives two of the candidate's given names beside the paternal surname, so it scores
 * at most `ScoreCeiling.oneGivenName` unless its maternal surname is one of them.
 */
export function foundByOneGivenName(scratch: Scratch, entry: number): boolean {
  return scratch.paired[entry] !== scratch.pairedStamp;
}

/**
 * The entries a person can be a hit with, mirroring the limits of scoring.ts, reading by reading
 * of the candidate's name (an entry is a hit through one of them):
 * 1. given names AND paternal surname, in one reading of the listed name (a given name or
 *    paternal surname that differs is a `no_match`), found by their pairs: every name of the side
 *    that gives fewer must agree with one of the other's, so for a reading with one given name,
 *    entries with it; with two or more, entries with two of them or with one of them as their only
 *    given name (counted per entry). A compound paternal surname agrees only with a listed one
 *    that has all its units: entries paired with every unit;
 * 2. AND, for a reading with a maternal surname, an entry whose maternal surname agrees, or that
 *    has none in some reading, or whose birth year is the candidate's: a maternal surname that
 *    differs limits the score to 0.70, and only the same birth date (or year) lifts it above 0.75.
 * The pairs of two common words (JUAN, HERNANDEZ) are a few hundred entries where each word alone
 * is tens of thousands; the maternal surname is then checked on those few, entry by entry.
 */
function personCandidates(segment: WatchListSegment, scratch: Scratch, query: ScreeningQuery): number[] {
  if (query.readings.length === 1) return readingCandidates(segment, scratch, query.readings[0]);
  const found = new Set<number>();
  for (const reading of query.readings)
    for (const entry of readingCandidates(segment, scratch, reading)) found.add(entry);
  return [...found];
}

function readingCandidates(segment: WatchListSegment, scratch: Scratch, reading: ReadingQuery): number[] {
  const compound = reading.paternal.length > 1;
  let found: number[] | null = null;
  for (const unit of reading.paternal) {
    const withUnit = pairedWith(segment, scratch, reading.given, termsOf(segment, scratch, unit, compound));
    if (found === null) found = withUnit;
    else {
      const stamp = nextStamp(scratch);
      for (const entry of withUnit) scratch.stamps[entry] = stamp;
      found = found.filter((entry) => scratch.stamps[entry] === stamp);
    }
    if (!found.length) return [];
  }
  const maternal = reading.maternal;
  if (!found || !maternal) return found ?? [];
  const wanted = new Set<number>();
  for (const word of maternal.words)
    for (const term of termsOf(segment, scratch, word)) {
      wanted.add(term);
      const standIn = segment.termId(standInKey(segment.term(term)));
      if (standIn !== undefined) wanted.add(standIn);
    }
  for (const key of [...maternal.keys, ...maternal.born]) {
    const term = segment.termId(key);
    if (term !== undefined) wanted.add(term);
  }
  return found.filter((entry) => segment.hasMaternalKey(entry, wanted));
}

/** Entries whose given names agree with the reading's (see 1. above) beside one of `paternal`'s terms. */
function pairedWith(
  segment: WatchListSegment,
  scratch: Scratch,
  given: readonly QueryWord[],
  paternal: readonly number[],
): number[] {
  if (!given.length || !paternal.length) return [];
  const { marks, stamps } = scratch;
  const need = given.length >= 2 ? 2 : 1;
  const touched: number[] = [];
  const givenTerms = given.map((word) => termsOf(segment, scratch, word));
  for (const terms of givenTerms) {
    const stamp = nextStamp(scratch);
    for (const term of terms)
      for (const surname of paternal)
        for (const entry of segment.pairPostings('given', term, surname)) {
          if (stamps[entry] === stamp) continue;
          stamps[entry] = stamp;
          if (marks[entry] === 0) touched.push(entry);
          if (marks[entry] < need) marks[entry]++;
        }
  }
  const { paired, pairedStamp } = scratch;
  for (const entry of touched) if (marks[entry] === need) paired[entry] = pairedStamp;
  if (need === 2)
    for (const terms of givenTerms)
      for (const term of terms)
        for (const surname of paternal)
          for (const entry of segment.pairPostings('sole', term, surname)) {
            if (marks[entry] === 0) touched.push(entry);
            marks[entry] = need;
          }
  const found = touched.filter((entry) => marks[entry] === need);
  for (const entry of touched) marks[entry] = 0;
  return found;
}

/**
 * The maternal keys of the segment's entries whose maternal surname may agree with one of `names`
 * compared as a surname (`absorbedMaternal` compares so): each name's terms, and the mark of a
 * compound maternal surname, which a name agrees with only as a whole.
 */
export function maternalTermsOf(
  segment: WatchListSegment,
  scratch: Scratch,
  names: readonly string[],
): Set<number> {
  const terms = new Set<number>();
  for (const name of names)
    for (const term of termsOf(segment, scratch, queryWordOf(name, 'surname'))) terms.add(term);
  const compound = segment.termId(COMPOUND_MATERNAL_KEY);
  if (compound !== undefined) terms.add(compound);
  return terms;
}

/** Share of the candidate's word weight an entry must cover to be scored. */
const ENTITY_COVER = 0.55;

function entityCandidates(segment: WatchListSegment, scratch: Scratch, query: ScreeningQuery): number[] {
  if (!query.entity.length) return [];
  const need = ENTITY_COVER * query.entity.reduce((sum, word) => sum + word.weight, 0) - 1e-6;
  const { covered, stamps } = scratch;
  const touched: number[] = [];
  for (const word of query.entity) {
    const stamp = nextStamp(scratch);
    for (const term of termsOf(segment, scratch, word))
      for (const entry of segment.entityPostings(term)) {
        if (stamps[entry] === stamp) continue;
        stamps[entry] = stamp;
        if (covered[entry] === 0) touched.push(entry);
        covered[entry] += word.weight;
      }
  }
  const found = touched.filter((entry) => covered[entry] >= need);
  for (const entry of touched) covered[entry] = 0;
  return found;
}

/** The entries of a segment to score for a query, each once. */
export function candidates(segment: WatchListSegment, scratch: Scratch, query: ScreeningQuery): number[] {
  // A reset in the middle of a call would unmark what `pairedStamp` marked: make it before (a
  // call draws a stamp per query word, far fewer than this margin).
  if (scratch.stamp >= 0xffff0000) resetStamps(scratch);
  scratch.pairedStamp = nextStamp(scratch);
  const byName =
    query.subject.kind === 'person'
      ? personCandidates(segment, scratch, query)
      : entityCandidates(segment, scratch, query);
  const wanted = byName.filter((entry) => segment.comparableWith(entry, query.subject.kind));
  const byIdentifier = query.identifiers.flatMap((identifier) => segment.entriesWithIdentifier(identifier));
  return byIdentifier.length ? [...new Set([...byIdentifier, ...wanted])] : wanted;
}
