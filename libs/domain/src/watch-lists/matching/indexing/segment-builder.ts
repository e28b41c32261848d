import doubleMetaphone from 'talisman/phonetics/double-metaphone';
import type { WatchListSource } from '../../entry';
import { entryBirthDates, entryGender, prepareName, resolveKind, type MatchableEntry } from '../compare';
import { normalizeIdentifier } from '../identifiers';
import { normalizeNationalities } from '../nationalities';
import { nameUnits } from '../folding';
import { readingsOf, type PersonNameForm } from '../person-names';
import {
  fnv1a,
  rowLists,
  StringColumnBuilder,
  TermFilter,
  Uint32Builder,
  Uint8Builder,
  type RowLists,
} from './columns';
import { bornKey, noMaternalKey, personPartKeys } from './keys';
import {
  ALIAS,
  encodeDate,
  ENTITY,
  FIRST_TERM,
  GROUP_END,
  KINDS,
  LAYOUT_SHIFT,
  LAYOUTS,
  MAX_ENTRIES,
  KEY_IS_RFC,
  NONE,
  ROLES,
  WatchListSegment,
  type Role,
  WEAK_ALIAS,
} from './segment';

/** An entry as the index takes it: the fields the matcher reads and the source's key. */
export type IndexableEntry = MatchableEntry & { key: string };

function perRole<T>(make: (role: Role) => T): Record<Role, T> {
  return {
    given: make('given'),
    sole: make('sole'),
    paternal: make('paternal'),
    maternal: make('maternal'),
    born: make('born'),
    entity: make('entity'),
  };
}

/** A filed key is `role x ROLE_SHIFT + term`: 2^28 terms, 6 roles, within 32 bits. */
const ROLE_SHIFT = 1 << 28;

/** Terms shorter than this get no phonetic code (too many words share a short one). */
const PHONETIC_MIN_LENGTH = 4;

/**
 * Builds one source's segment entry by entry, so a caller can stream a version's entries from the
 * database and never hold them all: only the compact columns grow.
 */
export class WatchListSegmentBuilder {
  private readonly keys = new StringColumnBuilder();
  private readonly kinds = new Uint8Builder();
  private readonly genders = new Uint8Builder();
  private readonly identifiers = new StringColumnBuilder();
  private readonly identifierPairs: number[] = [];
  private readonly dateStarts = new Uint32Builder();
  private readonly dates = new Uint32Builder();
  private readonly nationalityStarts = new Uint32Builder();
  private readonly nationalities = new Uint32Builder();
  private readonly nationalityIds = new Map<string, number>();
  private readonly entryNames = new Uint32Builder();
  private readonly nameFlags = new Uint8Builder();
  private readonly streamStarts = new Uint32Builder();
  private readonly stream = new Uint32Builder();
  /** The markers' ids are taken by empty terms (see FIRST_TERM). */
  private readonly terms: string[] = Array.from({ length: FIRST_TERM }, () => '');
  private readonly termIds = new Map<string, number>();
  /** Per role, entry + 1 that last filed a term: an entry is filed once under a term however often it has it. */
  private readonly termLastEntry = perRole((): number[] => []);
  /**
   * What each entry is filed under, in entry order, one number a key (role and term packed):
   * `build` turns it around into each term's entries. Half what (term, entry) pairs would hold.
   */
  private readonly filed = new Uint32Builder(1 << 16);
  private readonly filedStarts = new Uint32Builder();
  private size = 0;
  private redacted = 0;

  constructor(
    private readonly source: WatchListSource,
    private readonly version: number,
  ) {
    for (const starts of [
      this.dateStarts,
      this.nationalityStarts,
      this.entryNames,
      this.streamStarts,
      this.filedStarts,
    ])
      starts.push(0);
  }

  private termId(text: string): number {
    let id = this.termIds.get(text);
    if (id === undefined) {
      id = this.terms.length;
      this.terms.push(text);
      this.termIds.set(text, id);
    }
    return id;
  }

  private file(role: Role, key: string, entry: number): void {
    const term = this.termId(key);
    const last = this.termLastEntry[role];
    if (last[term] === entry + 1) return;
    last[term] = entry + 1;
    this.filed.push(ROLES.indexOf(role) * ROLE_SHIFT + term);
  }

  /** A person's name is filed under the parts each reading makes given names or paternal surname. */
  private filePerson(form: PersonNameForm, entry: number): void {
    for (const reading of readingsOf(form)) {
      for (const part of reading.given)
        for (const key of personPartKeys(part)) this.file('given', key, entry);
      if (reading.given.length === 1)
        for (const key of personPartKeys(reading.given[0])) this.file('sole', key, entry);
      if (reading.paternal)
        for (const part of nameUnits(reading.paternal.split(' ')))
          for (const key of personPartKeys(part)) this.file('paternal', key, entry);
      // A reading without a maternal surname: marked, and its given names filed as maternal too
      // (against a candidate with fewer given names, the extra one is compared as the maternal).
      const maternal = reading.maternal ? nameUnits(reading.maternal.split(' ')) : reading.given;
      for (const part of maternal) for (const key of personPartKeys(part)) this.file('maternal', key, entry);
      if (!reading.maternal) this.file('maternal', noMaternalKey(reading.given.length), entry);
    }
  }

  add(entry: IndexableEntry): this {
    if (entry.redacted) {
      this.redacted++;
      return this;
    }
    const at = this.size++;
    if (at >= MAX_ENTRIES) throw new Error(`A segment holds at most ${MAX_ENTRIES} entries`);
    const clean = (values: readonly string[]) =>
      values.map((value) => normalizeIdentifier(value).replace(/\|/g, '')).filter(Boolean);
    const rfcs = clean(entry.rfcs);
    const curps = clean(entry.curps);
    const kind = resolveKind(entry.kind, rfcs);

    this.keys.push(entry.key);
    this.kinds.push(KINDS.indexOf(kind));
    const gender = entryGender(entry.gender, curps);
    this.genders.push(gender === 'H' ? 1 : gender === 'M' ? 2 : 0);
    const keyIsRfc = rfcs.length === 1 && curps.length === 0 && rfcs[0] === entry.key;
    this.identifiers.push(keyIsRfc ? KEY_IS_RFC : `${rfcs.join(' ')}|${curps.join(' ')}`);
    for (const identifier of [...rfcs, ...curps])
      this.identifierPairs.push(fnv1a(identifier) * MAX_ENTRIES + at);

    for (const date of entryBirthDates(entry.birthDates, curps, rfcs, kind)) {
      this.dates.push(encodeDate(date));
      this.file('born', bornKey(date.yearOfCentury), at);
    }
    this.dateStarts.push(this.dates.length);
    for (const code of normalizeNationalities(entry.nationalities)) {
      let id = this.nationalityIds.get(code);
      if (id === undefined) this.nationalityIds.set(code, (id = this.nationalityIds.size));
      this.nationalities.push(id);
    }
    this.nationalityStarts.push(this.nationalities.length);

    for (const listed of entry.names) {
      const name = prepareName(listed, kind);
      let flags = (name.alias ? ALIAS : 0) | (name.weakAlias ? WEAK_ALIAS : 0);
      if (name.person) {
        flags |= (LAYOUTS.indexOf(name.person.layout) + 1) << LAYOUT_SHIFT;
        for (const group of name.person.groups) {
          for (const part of group) this.stream.push(this.termId(part));
          this.stream.push(GROUP_END);
        }
        this.filePerson(name.person, at);
      }
      if (name.entity) {
        this.stream.push(ENTITY);
        this.stream.push(name.entity.legalForm === null ? NONE : this.termId(name.entity.legalForm));
        for (const word of name.entity.words) {
          this.stream.push(this.termId(word));
          this.file('entity', word, at);
        }
      }
      this.nameFlags.push(flags);
      this.streamStarts.push(this.stream.length);
    }
    this.entryNames.push(this.nameFlags.length);
    this.filedStarts.push(this.filed.length);
    return this;
  }

  private phonetics(postings: Record<Role, RowLists>) {
    const ids = new Map<string, number>();
    const codes = new Uint32Builder();
    const terms = new Uint32Builder();
    this.terms.forEach((term, id) => {
      const filed = ROLES.some((role) => postings[role].starts[id + 1] > postings[role].starts[id]);
      if (!filed || term.length < PHONETIC_MIN_LENGTH || !/^[A-Z]+$/.test(term)) return;
      const code = doubleMetaphone(term)[0];
      let codeId = ids.get(code);
      if (codeId === undefined) ids.set(code, (codeId = ids.size));
      codes.push(codeId);
      terms.push(id);
    });
    return { phoneticIds: ids, phoneticTerms: rowLists(ids.size, codes.build(), terms.build()) };
  }

  /** Each role's inverted lists: each term's entries, ascending (entries were filed in order). */
  private postings(): Record<Role, RowLists> {
    const filed = this.filed.build();
    const entryStarts = this.filedStarts.build();
    const terms = this.terms.length;
    const starts = ROLES.map(() => new Uint32Array(terms + 1));
    for (const key of filed) starts[Math.floor(key / ROLE_SHIFT)][(key % ROLE_SHIFT) + 1]++;
    for (const counts of starts) for (let t = 0; t < terms; t++) counts[t + 1] += counts[t];
    const values = starts.map((counts) => new Uint32Array(counts[terms]));
    const next = starts.map((counts) => counts.slice(0, terms));
    for (let entry = 0; entry < this.size; entry++)
      for (let at = entryStarts[entry]; at < entryStarts[entry + 1]; at++) {
        const role = Math.floor(filed[at] / ROLE_SHIFT);
        values[role][next[role][filed[at] % ROLE_SHIFT]++] = entry;
      }
    return perRole((role) => {
      const at = ROLES.indexOf(role);
      return { starts: starts[at], values: values[at] };
    });
  }

  build(): WatchListSegment {
    const postings = this.postings();
    const identifierTable = Float64Array.from(this.identifierPairs).sort();
    return new WatchListSegment({
      source: this.source,
      version: this.version,
      keys: this.keys.build(),
      kinds: this.kinds.build(),
      genders: this.genders.build(),
      identifiers: this.identifiers.build(),
      identifierTable,
      dates: { starts: this.dateStarts.build(), values: this.dates.build() },
      nationalities: { starts: this.nationalityStarts.build(), values: this.nationalities.build() },
      nationalityCodes: [...this.nationalityIds.keys()],
      entryNames: this.entryNames.build(),
      nameFlags: this.nameFlags.build(),
      nameStreams: { starts: this.streamStarts.build(), values: this.stream.build() },
      terms: this.terms,
      termIds: this.termIds,
      termFilter: new TermFilter(this.terms),
      postings,
      ...this.phonetics(postings),
      redacted: this.redacted,
    });
  }
}

/** A segment from all of a version's entries at once (tests, small lists). */
export function buildSegment(
  source: WatchListSource,
  version: number,
  entries: Iterable<IndexableEntry>,
): WatchListSegment {
  const builder = new WatchListSegmentBuilder(source, version);
  for (const entry of entries) builder.add(entry);
  return builder.build();
}
