import doubleMetaphone from 'talisman/phonetics/double-metaphone';
import type { WatchListSource } from '../../entry';
import { entryBirthDates, entryGender, prepareName, resolveKind, type MatchableEntry } from '../compare';
import { normalizeIdentifier } from '../identifiers';
import { normalizeNationalities } from '../nationalities';
import { nameUnits } from '../folding';
import type { PersonReading } from '../person-names';
import { personRfcLetters } from '../rfc-letters';
import {
  fnv1a,
  rowLists,
  StringColumnBuilder,
  TermFilter,
  Uint32Builder,
  Uint8Builder,
  type RowLists,
} from './columns';
import { bornKey, COMPOUND_MATERNAL_KEY, noMaternalKey, personPartKeys, standInKey } from './keys';
import {
  ALIAS,
  DECEASED,
  encodeDate,
  ENTITY,
  FIRST_TERM,
  GROUP_END,
  KINDS,
  PERSON,
  MAX_ENTRIES,
  KEY_IS_RFC,
  NONE,
  PAIR_SHIFT,
  pairKey,
  ROLES,
  WatchListSegment,
  type Role,
  WEAK_ALIAS,
} from './segment';

/** An entry as the index takes it: the fields the matcher reads and the source's key. */
export type IndexableEntry = MatchableEntry & { key: string };

function perRole<T>(make: (role: Role) => T): Record<Role, T> {
  return { given: make('given'), sole: make('sole'), entity: make('entity') };
}

/** A filed key is `role x ROLE_SHIFT + row` (a pair's or a term's): 2^28 rows, 3 roles, within 32 bits. */
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
  /** Per role, entry + 1 that last filed a row: an entry is filed once under a row however often it has it. */
  private readonly rowLastEntry = perRole((): number[] => []);
  /** Pair key (see `pairKey`) -> its row in the `given` and `sole` postings; dropped by `build`. */
  private pairRows = new Map<number, number>();
  /** Terms some entry is looked up by (they get a phonetic code). */
  private readonly looked: boolean[] = [];
  /** Terms some reading files as a given name (found by their initial: `J` for `JOSE`). */
  private readonly givenTerms: boolean[] = [];
  private readonly maternalStarts = new Uint32Builder();
  private readonly maternalKeys = new Uint32Builder();
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
      this.maternalStarts,
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

  private file(role: Role, row: number, entry: number): void {
    const last = this.rowLastEntry[role];
    if (last[row] === entry + 1) return;
    last[row] = entry + 1;
    this.filed.push(ROLES.indexOf(role) * ROLE_SHIFT + row);
  }

  private lookedUp(key: string): number {
    const term = this.termId(key);
    this.looked[term] = true;
    return term;
  }

  private filePair(role: 'given' | 'sole', given: number, paternal: number, entry: number): void {
    const key = pairKey(given, paternal);
    let row = this.pairRows.get(key);
    if (row === undefined) this.pairRows.set(key, (row = this.pairRows.size));
    this.file(role, row, entry);
  }

  /** Kept once per entry (its keys are few: a scan beats a set). */
  private fileMaternal(key: string, from: number): void {
    const term = this.lookedUp(key);
    for (let at = from; at < this.maternalKeys.length; at++) if (this.maternalKeys.get(at) === term) return;
    this.maternalKeys.push(term);
  }

  /**
   * A person's name is filed under the pairs of a given name and the paternal surname each
   * reading makes, and keeps what can stand for its maternal surname in each reading.
   */
  private filePerson(readings: readonly PersonReading[], entry: number, from: number): void {
    for (const reading of readings) {
      if (reading.paternal && reading.given.length) {
        const paternal = nameUnits(reading.paternal.split(' ')).flatMap((part) =>
          personPartKeys(part).map((key) => this.lookedUp(key)),
        );
        const sole = reading.given.length === 1;
        for (const part of reading.given)
          for (const key of personPartKeys(part)) {
            const given = this.lookedUp(key);
            this.givenTerms[given] = true;
            for (const surname of paternal) {
              this.filePair('given', given, surname, entry);
              if (sole) this.filePair('sole', given, surname, entry);
            }
          }
      }
      // A reading without a maternal surname: marked, and its given names kept as maternal too
      // (against a candidate with fewer given names, the extra one is compared as the maternal).
      if (reading.maternal) {
        const units = nameUnits(reading.maternal.split(' '));
        for (const part of units) for (const key of personPartKeys(part)) this.fileMaternal(key, from);
        if (units.length > 1) this.fileMaternal(COMPOUND_MATERNAL_KEY, from);
      } else
        for (const part of reading.given)
          for (const key of personPartKeys(part)) this.fileMaternal(standInKey(key), from);
      if (!reading.maternal) this.fileMaternal(noMaternalKey(reading.given.length), from);
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
    this.genders.push((gender === 'H' ? 1 : gender === 'M' ? 2 : 0) | (entry.deceased ? DECEASED : 0));
    const keyIsRfc = rfcs.length === 1 && curps.length === 0 && rfcs[0] === entry.key;
    this.identifiers.push(keyIsRfc ? KEY_IS_RFC : `${rfcs.join(' ')}|${curps.join(' ')}`);
    for (const identifier of [...rfcs, ...curps])
      this.identifierPairs.push(fnv1a(identifier) * MAX_ENTRIES + at);

    const maternalFrom = this.maternalKeys.length;
    for (const date of entryBirthDates(entry.birthDates, curps, rfcs, kind)) {
      this.dates.push(encodeDate(date));
      this.fileMaternal(bornKey(date.yearOfCentury), maternalFrom);
    }
    this.dateStarts.push(this.dates.length);
    for (const code of normalizeNationalities(entry.nationalities)) {
      let id = this.nationalityIds.get(code);
      if (id === undefined) this.nationalityIds.set(code, (id = this.nationalityIds.size));
      this.nationalities.push(id);
    }
    this.nationalityStarts.push(this.nationalities.length);

    const letters = personRfcLetters(rfcs);
    for (const listed of entry.names) {
      const name = prepareName(listed, kind, letters);
      let flags = (name.alias ? ALIAS : 0) | (name.weakAlias ? WEAK_ALIAS : 0);
      if (name.person) {
        flags |= PERSON;
        for (const reading of name.person) {
          for (const part of reading.given) this.stream.push(this.termId(part));
          this.stream.push(GROUP_END);
          this.stream.push(reading.paternal === null ? NONE : this.termId(reading.paternal));
          this.stream.push(reading.maternal === null ? NONE : this.termId(reading.maternal));
        }
        this.filePerson(name.person, at, maternalFrom);
      }
      if (name.entity) {
        this.stream.push(ENTITY);
        this.stream.push(name.entity.legalForm === null ? NONE : this.termId(name.entity.legalForm));
        for (const word of name.entity.words) {
          this.stream.push(this.lookedUp(word));
          this.file('entity', this.termId(word), at);
        }
      }
      this.nameFlags.push(flags);
      this.streamStarts.push(this.stream.length);
    }
    this.entryNames.push(this.nameFlags.length);
    this.filedStarts.push(this.filed.length);
    this.maternalStarts.push(this.maternalKeys.length);
    return this;
  }

  private phonetics() {
    const ids = new Map<string, number>();
    const codes = new Uint32Builder();
    const terms = new Uint32Builder();
    this.terms.forEach((term, id) => {
      if (!this.looked[id] || term.length < PHONETIC_MIN_LENGTH || !/^[A-Z]+$/.test(term)) return;
      const code = doubleMetaphone(term)[0];
      let codeId = ids.get(code);
      if (codeId === undefined) ids.set(code, (codeId = ids.size));
      codes.push(codeId);
      terms.push(id);
    });
    return { phoneticIds: ids, phoneticTerms: rowLists(ids.size, codes.build(), terms.build()) };
  }

  /** Given-name terms by their first letter (`A`..`Z` rows 0..25), for a candidate's initial. */
  private initials(): RowLists {
    const letters = new Uint32Builder();
    const terms = new Uint32Builder();
    this.givenTerms.forEach((isGiven, id) => {
      const letter = isGiven ? this.terms[id].charCodeAt(0) - 65 : -1;
      if (letter < 0 || letter > 25) return;
      letters.push(letter);
      terms.push(id);
    });
    return rowLists(26, letters.build(), terms.build());
  }

  /** Each role's inverted lists: each row's entries, ascending (entries were filed in order). */
  private postings(): Record<Role, RowLists> {
    const filed = this.filed.build();
    const entryStarts = this.filedStarts.build();
    const rows = ROLES.map((role) => (role === 'entity' ? this.terms.length : this.pairRows.size));
    const starts = rows.map((count) => new Uint32Array(count + 1));
    for (const key of filed) starts[Math.floor(key / ROLE_SHIFT)][(key % ROLE_SHIFT) + 1]++;
    starts.forEach((counts, role) => {
      for (let t = 0; t < rows[role]; t++) counts[t + 1] += counts[t];
    });
    const values = starts.map((counts, role) => new Uint32Array(counts[rows[role]]));
    const next = starts.map((counts, role) => counts.slice(0, rows[role]));
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

  /** The pairs' keys in ascending order (searched by halves) and each one's row. */
  private pairTable(): { pairKeys: Float64Array; pairRows: Uint32Array } {
    const pairKeys = Float64Array.from(this.pairRows.keys()).sort();
    const pairRows = new Uint32Array(pairKeys.length);
    for (let at = 0; at < pairKeys.length; at++) pairRows[at] = this.pairRows.get(pairKeys[at]) as number;
    this.pairRows = new Map();
    return { pairKeys, pairRows };
  }

  build(): WatchListSegment {
    if (this.terms.length >= PAIR_SHIFT) throw new Error(`A segment holds at most ${PAIR_SHIFT} terms`);
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
      ...this.pairTable(),
      postings,
      maternalKeys: { starts: this.maternalStarts.build(), values: this.maternalKeys.build() },
      ...this.phonetics(),
      initials: this.initials(),
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
