import type { WatchListSource } from '../../entry';
import type { BirthDate } from '../birth-dates';
import type { PreparedEntry, PreparedName } from '../compare';
import type { EntityNameForm } from '../entity-names';
import type { PersonReading } from '../person-names';
import { fnv1a, type RowLists, type StringColumn, type TermFilter } from './columns';

/**
 * One source's version in the index, frozen: what the matcher needs of each entry, in typed
 * arrays and byte columns (see columns.ts), plus the inverted lists that find candidates. Built by
 * `WatchListSegmentBuilder`; replaced whole when the source's next version is activated.
 *
 * A name is stored as a stream of term ids (`nameStreams`): each reading of it as a person's name
 * (its given names closed by `GROUP_END`, then its paternal and its maternal surname, `NONE` where
 * it has none; read once, when the entry is added, never on a screening), then, for an entity
 * form, `ENTITY` followed by the legal form's term (or `NONE`) and the words.
 */
export const GROUP_END = 0;
export const ENTITY = 1;
export const NONE = 2;
/**
 * Term ids below this are the markers above (their terms are empty strings): small numbers keep
 * every value of the streams a small integer, which V8 reads fastest.
 */
export const FIRST_TERM = 3;
/** The identifiers column's value for an entry whose only identifier is its key, an RFC. */
export const KEY_IS_RFC = '=';

/**
 * How a person's name is looked up (see candidates.ts): by pairs of a given name and the paternal
 * surname of the same reading of the name (`given`; `sole` when it is the reading's only given
 * name), so that a common name like JUAN or GARCIA never walks its own long list; the entity
 * names by their words (`entity`). What can stand for a person's maternal surname (see
 * `maternalKeys`) and their birth year are kept per entry and checked on the few entries the pairs
 * find.
 */
export type Role = 'given' | 'sole' | 'entity';
export const ROLES: readonly Role[] = ['given', 'sole', 'entity'];

/** A pair's key: `given term x PAIR_SHIFT + paternal term` (exact in a double while terms < 2^26). */
export const PAIR_SHIFT = 1 << 26;
export const pairKey = (given: number, paternal: number): number => given * PAIR_SHIFT + paternal;

export const KINDS: readonly PreparedEntry['kind'][] = ['person', 'entity', 'unknown'];
/** Name flags: alias, weak alias, read as a person's name. */
export const ALIAS = 1;
export const WEAK_ALIAS = 2;
export const PERSON = 4;
/** Added to an entry's gender code: the person died. */
export const DECEASED = 4;

/** Entry indexes share a double with a 32-bit hash in the identifier table: 2^20 entries per segment. */
export const MAX_ENTRIES = 1 << 20;

/** Added to a date whose century is unknown (an RFC's `YYMMDD`). */
const NO_CENTURY = 100_000_000;

/** A birth date as one integer: YYYYMMDD (or NO_CENTURY + YYMMDD), 0 for an unknown month or day. */
export const encodeDate = (date: BirthDate): number =>
  (date.year ?? NO_CENTURY / 10_000 + date.yearOfCentury) * 10_000 +
  (date.month ?? 0) * 100 +
  (date.day ?? 0);
const decodeDate = (code: number): BirthDate => {
  const month = Math.floor(code / 100) % 100 || null;
  const day = code % 100 || null;
  if (code >= NO_CENTURY)
    return { year: null, yearOfCentury: Math.floor((code - NO_CENTURY) / 10_000), month, day };
  const year = Math.floor(code / 10_000);
  return { year, yearOfCentury: year % 100, month, day };
};

export interface SegmentColumns {
  source: WatchListSource;
  version: number;
  keys: StringColumn;
  kinds: Uint8Array;
  /** `H` 1, `M` 2, 0 unknown (as published, else as a CURP records it); plus `DECEASED`. */
  genders: Uint8Array;
  /** `RFC RFC|CURP` per entry; `=` when the only identifier is an RFC equal to the key (SAT rows). */
  identifiers: StringColumn;
  /** Sorted `hash x 2^20 + entry` of every RFC and CURP. */
  identifierTable: Float64Array;
  /** Birth dates as the matcher reads them: published, else those the CURPs or RFCs carry. */
  dates: RowLists;
  nationalities: RowLists;
  nationalityCodes: string[];
  /** Entry -> its names (rows of `nameFlags`, `nameTexts`, `nameStreams`). */
  entryNames: Uint32Array;
  nameFlags: Uint8Array;
  nameStreams: RowLists;
  terms: string[];
  termIds: Map<string, number>;
  termFilter: TermFilter;
  /** Pair keys, ascending, and the row of each in the `given` and `sole` postings. */
  pairKeys: Float64Array;
  pairRows: Uint32Array;
  /**
   * Row -> entries filed under it, ascending: a pair's row in `given` and `sole`, a term's in
   * `entity`.
   */
  postings: Record<Role, RowLists>;
  /**
   * Entry -> terms that can stand for its maternal surname in some reading (the surname, the
   * marks of a reading without one, see `noMaternalKey`) and the years of its birth dates
   * (`bornKey`).
   */
  maternalKeys: RowLists;
  /** Double Metaphone code -> terms with that code. */
  phoneticIds: Map<string, number>;
  phoneticTerms: RowLists;
  /** First letter (`A` 0 .. `Z` 25) -> terms filed as a given name that begin with it. */
  initials: RowLists;
  /** Redacted entries counted but not stored (never matched). */
  redacted: number;
}

const EMPTY = new Uint32Array(0);

const span = (lists: RowLists, row: number): Uint32Array =>
  lists.values.subarray(lists.starts[row], lists.starts[row + 1]);

export class WatchListSegment {
  constructor(private readonly c: SegmentColumns) {}

  get source(): WatchListSource {
    return this.c.source;
  }

  get version(): number {
    return this.c.version;
  }

  /** Entries stored (redacted ones are not). */
  get size(): number {
    return this.c.kinds.length;
  }

  get redacted(): number {
    return this.c.redacted;
  }

  kindOf(entry: number): PreparedEntry['kind'] {
    return KINDS[this.c.kinds[entry]];
  }

  /** A persona física is compared with persons, a persona moral with entities; `unknown` with both. */
  comparableWith(entry: number, kind: 'person' | 'entity'): boolean {
    const stored = KINDS[this.c.kinds[entry]];
    return stored === 'unknown' || stored === kind;
  }

  key(entry: number): string {
    return this.c.keys.get(entry);
  }

  /** Entries with a company name's word (ascending). */
  entityPostings(term: number): Uint32Array {
    return span(this.c.postings.entity, term);
  }

  /**
   * Entries with a reading whose given names include `given` (its only one, for `sole`) and whose
   * paternal surname is `paternal` (ascending); empty when none.
   */
  pairPostings(role: 'given' | 'sole', given: number, paternal: number): Uint32Array {
    const keys = this.c.pairKeys;
    const key = pairKey(given, paternal);
    let lo = 0;
    let hi = keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (keys[mid] < key) lo = mid + 1;
      else hi = mid;
    }
    return lo < keys.length && keys[lo] === key ? span(this.c.postings[role], this.c.pairRows[lo]) : EMPTY;
  }

  /** True when one of the entry's maternal keys (see `maternalKeys`) is in `wanted`. */
  hasMaternalKey(entry: number, wanted: ReadonlySet<number>): boolean {
    const { starts, values } = this.c.maternalKeys;
    for (let i = starts[entry]; i < starts[entry + 1]; i++) if (wanted.has(values[i])) return true;
    return false;
  }

  termId(text: string): number | undefined {
    return this.c.termIds.get(text);
  }

  /** False when `fnv1a(text)` proves the segment has no such term (see `TermFilter`). */
  mayHaveTerm(hash: number): boolean {
    return this.c.termFilter.mayHave(hash);
  }

  term(id: number): string {
    return this.c.terms[id];
  }

  /** Terms filed as a given name that begin with `letter` (one of `A`..`Z`). */
  givenTermsStartingWith(letter: string): Uint32Array {
    const row = letter.charCodeAt(0) - 65;
    return row >= 0 && row < 26 ? span(this.c.initials, row) : EMPTY;
  }

  /** Terms whose Double Metaphone code is `code`. */
  phonetic(code: string): Uint32Array {
    const id = this.c.phoneticIds.get(code);
    return id === undefined ? EMPTY : span(this.c.phoneticTerms, id);
  }

  /** The entry's RFCs and CURPs, normalised. */
  identifiers(entry: number): { rfcs: string[]; curps: string[] } {
    const stored = this.c.identifiers.get(entry);
    if (stored === KEY_IS_RFC) return { rfcs: [this.key(entry)], curps: [] };
    const [rfcs, curps] = stored.split('|');
    return { rfcs: rfcs ? rfcs.split(' ') : [], curps: curps ? curps.split(' ') : [] };
  }

  /** Entries that list this (normalised) RFC or CURP. */
  entriesWithIdentifier(identifier: string): number[] {
    const table = this.c.identifierTable;
    const hash = fnv1a(identifier);
    const low = hash * MAX_ENTRIES;
    let lo = 0;
    let hi = table.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (table[mid] < low) lo = mid + 1;
      else hi = mid;
    }
    const found: number[] = [];
    for (let i = lo; i < table.length && table[i] < low + MAX_ENTRIES; i++) {
      const entry = table[i] - low;
      const { rfcs, curps } = this.identifiers(entry);
      if (rfcs.includes(identifier) || curps.includes(identifier)) found.push(entry);
    }
    return found;
  }

  private personReadings(from: number, to: number): PersonReading[] {
    const { values } = this.c.nameStreams;
    const terms = this.c.terms;
    const readings: PersonReading[] = [];
    let given: string[] = [];
    for (let i = from; i < to; i++) {
      if (values[i] !== GROUP_END) {
        given.push(terms[values[i]]);
        continue;
      }
      const paternal = values[i + 1];
      const maternal = values[i + 2];
      readings.push({
        given,
        paternal: paternal === NONE ? null : terms[paternal],
        maternal: maternal === NONE ? null : terms[maternal],
      });
      given = [];
      i += 2;
    }
    return readings;
  }

  private entityForm(from: number, to: number): EntityNameForm {
    const { values } = this.c.nameStreams;
    const words: string[] = [];
    for (let i = from + 1; i < to; i++) words.push(this.c.terms[values[i]]);
    return { words, legalForm: values[from] === NONE ? null : this.c.terms[values[from]] };
  }

  /** Names of an entry, read from the columns. */
  names(entry: number): PreparedName[] {
    const c = this.c;
    const names: PreparedName[] = [];
    const { starts, values } = c.nameStreams;
    for (let row = c.entryNames[entry]; row < c.entryNames[entry + 1]; row++) {
      const flags = c.nameFlags[row];
      const from = starts[row];
      const to = starts[row + 1];
      let entityAt = from;
      while (entityAt < to && values[entityAt] !== ENTITY) entityAt++;
      names.push({
        alias: (flags & ALIAS) !== 0,
        weakAlias: (flags & WEAK_ALIAS) !== 0,
        person: flags & PERSON ? this.personReadings(from, entityAt) : null,
        entity: entityAt < to ? this.entityForm(entityAt + 1, to) : null,
      });
    }
    return names;
  }

  birthDates(entry: number): BirthDate[] {
    const { starts, values } = this.c.dates;
    const dates: BirthDate[] = [];
    for (let i = starts[entry]; i < starts[entry + 1]; i++) dates.push(decodeDate(values[i]));
    return dates;
  }

  nationalities(entry: number): string[] {
    const { starts, values } = this.c.nationalities;
    const codes: string[] = [];
    for (let i = starts[entry]; i < starts[entry + 1]; i++) codes.push(this.c.nationalityCodes[values[i]]);
    return codes;
  }

  gender(entry: number): 'H' | 'M' | null {
    const code = this.c.genders[entry] & 3;
    return code === 1 ? 'H' : code === 2 ? 'M' : null;
  }

  deceased(entry: number): boolean {
    return (this.c.genders[entry] & DECEASED) !== 0;
  }

  /** The entry as the matcher reads it (what `prepareEntry` gives for the entry that was added). */
  prepared(entry: number): PreparedEntry {
    return new StoredEntry(this, entry);
  }
}

/**
 * An entry read from a segment. The matcher reads an entry's identifiers, dates, nationalities
 * and sex only when the candidate has them to compare, so each is decoded on first use (dates
 * and sex were worked out from the identifiers when the entry was added).
 */
class StoredEntry implements PreparedEntry {
  readonly kind: PreparedEntry['kind'];
  readonly redacted = false;
  readonly names: PreparedName[];
  readonly deceased: boolean;
  private ids?: { rfcs: string[]; curps: string[] };
  private dates?: BirthDate[];
  private codes?: string[];

  constructor(
    private readonly segment: WatchListSegment,
    private readonly entry: number,
  ) {
    this.kind = segment.kindOf(entry);
    this.names = segment.names(entry);
    this.deceased = segment.deceased(entry);
  }

  private get identifiers() {
    return (this.ids ??= this.segment.identifiers(this.entry));
  }

  get rfcs(): string[] {
    return this.identifiers.rfcs;
  }

  get curps(): string[] {
    return this.identifiers.curps;
  }

  get birthDates(): BirthDate[] {
    return (this.dates ??= this.segment.birthDates(this.entry));
  }

  get nationalities(): string[] {
    return (this.codes ??= this.segment.nationalities(this.entry));
  }

  get gender(): 'H' | 'M' | null {
    return this.segment.gender(this.entry);
  }
}
