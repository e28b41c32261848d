import type { ScreeningSubject } from '../watch-lists/comparison';
import type { ListedName } from '../watch-lists/entry';
import {
  prepareEntry,
  rfcStemOf,
  type MatchableEntry,
  type PreparedSubject,
} from '../watch-lists/matching/compare';
import { normalizeIdentifier } from '../watch-lists/matching/identifiers';
import { candidates, Scratch, screeningQuery } from '../watch-lists/matching/indexing/candidates';
import { noMaternalKey } from '../watch-lists/matching/indexing/keys';
import type { WatchListSegment } from '../watch-lists/matching/indexing/segment';
import {
  type IndexableEntry,
  WatchListSegmentBuilder,
} from '../watch-lists/matching/indexing/segment-builder';

/**
 * Reverse screening (docs/monitoring.md): when a list changes, which monitored candidates can a changed
 * entry concern? The watch-list index answers "which entries can this candidate match" with
 * lookups that mirror the scoring limits; here the same index is built over the monitored
 * candidates (each filed as a person or company under its name parts and identifiers) and looked
 * up with the entry's names, so an activation scores only the few monitors an entry can concern,
 * never every monitor against every entry. The index only narrows: the caller then compares each
 * candidate it names with the entry in the usual direction (compareWithEntry), so a reverse hit is
 * decided by exactly the rules of a screening.
 */

/** A monitored candidate as the index files it: the monitor's id and who it watches. */
export interface MonitoredSubject {
  monitorId: string;
  subject: ScreeningSubject;
}

/**
 * A monitor's candidate written as a list entry would be (given names, then both surnames), with
 * what a screening also reads of it: its fields the other way round (surnames typed as given
 * names, as an alias read surnames first) and its RFC's stem (an entry may list only that).
 */
export function subjectAsEntry({ monitorId, subject }: MonitoredSubject): IndexableEntry {
  const text = (parts: Array<string | null | undefined>) => parts.filter((p) => p && p.trim()).join(' ');
  const names: ListedName[] = [];
  if (subject.kind === 'entity') {
    if (subject.businessName) names.push({ text: subject.businessName, order: 'entity', alias: false });
  } else if (subject.name || subject.lastName) {
    names.push({
      text: text([subject.name, subject.lastName, subject.secondLastName]),
      order: 'given-first',
      given: subject.name ?? '',
      surnames: text([subject.lastName, subject.secondLastName]),
      alias: false,
    });
    if (subject.name && subject.lastName)
      names.push({
        text: text([subject.name, subject.lastName, subject.secondLastName]),
        order: 'surnames-first',
        alias: true,
      });
  }
  const rfc = subject.rfc ? normalizeIdentifier(subject.rfc) : null;
  const stem = subject.kind === 'person' ? rfcStemOf(rfc) : null;
  return {
    key: monitorId,
    kind: subject.kind,
    names,
    rfcs: rfc ? (stem ? [rfc, stem] : [rfc]) : [],
    curps: subject.curp ? [subject.curp] : [],
    birthDates: subject.birthDate ? [subject.birthDate] : [],
    nationalities: subject.nationality ? [subject.nationality] : [],
    gender: subject.gender === 'H' || subject.gender === 'M' ? subject.gender : null,
    redacted: false,
  };
}

/** Monitors per segment: under the segment's limit, and small enough to build in a few seconds. */
export const MONITORS_PER_SEGMENT = 250_000;

/** Every given-name count a reading without a maternal surname is filed under (see noMaternalKey). */
const ANY_NO_MATERNAL = [1, 2, 3].map(noMaternalKey);

/**
 * The monitored candidates, in segments added as monitors are created (a segment is immutable, so
 * new monitors make a new small segment; the owner rebuilds the whole when segments pile up).
 * Monitors that stopped stay filed until then: the caller keeps only the active ones it is given.
 */
export class MonitorIndex {
  private readonly segments: Array<{ segment: WatchListSegment; scratch: Scratch }> = [];
  private monitors = 0;

  /** Files these monitors (in one or more new segments). */
  add(subjects: Iterable<MonitoredSubject>): this {
    let builder: WatchListSegmentBuilder | null = null;
    let inBuilder = 0;
    const flush = () => {
      if (builder && inBuilder > 0) {
        const segment = builder.build();
        this.segments.push({ segment, scratch: new Scratch(segment.size) });
      }
      builder = null;
      inBuilder = 0;
    };
    for (const monitored of subjects) {
      // The segment's source and version are labels only: monitors are not a list.
      builder ??= new WatchListSegmentBuilder('peps', this.segments.length + 1);
      builder.add(subjectAsEntry(monitored));
      this.monitors++;
      if (++inBuilder >= MONITORS_PER_SEGMENT) flush();
    }
    flush();
    return this;
  }

  get size(): number {
    return this.monitors;
  }

  get segmentCount(): number {
    return this.segments.length;
  }

  /**
   * The monitors an entry can concern: each person reading of its names (every published name,
   * every way of reading it) looked up as a query, each company name as another, and its
   * identifiers. Meant never to leave out a monitor the matcher could rate `possible_match` or
   * better (a spec checks it on the labelled pairs).
   */
  candidatesFor(entry: MatchableEntry): Set<string> {
    const found = new Set<string>();
    if (entry.redacted || this.segments.length === 0) return found;
    const prepared = prepareEntry(entry);
    const queries: PreparedSubject[] = [];
    const base = {
      entityName: null,
      rfc: null,
      curp: null,
      birthDates: prepared.birthDates,
      nationality: null,
      gender: null,
    };
    if (prepared.kind !== 'entity') {
      // One query per reading: a query counts the given names it needs from its own reading.
      for (const name of prepared.names)
        if (name.person)
          for (const reading of name.person) queries.push({ ...base, kind: 'person', readings: [reading] });
    }
    if (prepared.kind !== 'person')
      for (const name of prepared.names)
        if (name.entity?.words.length)
          queries.push({ ...base, kind: 'entity', readings: [], entityName: name.entity });
    const identifiers = [...prepared.rfcs, ...prepared.curps];
    for (const { segment, scratch } of this.segments) {
      for (const subject of queries) {
        const query = screeningQuery(subject);
        // The entry's maternal surname must not rule out a monitor filed without one, whatever
        // its number of given names (the candidate side of a screening knows its own count).
        for (const reading of query.readings) if (reading.maternal) reading.maternal.keys = ANY_NO_MATERNAL;
        for (const at of candidates(segment, scratch, query)) found.add(segment.key(at));
      }
      for (const identifier of identifiers)
        for (const at of segment.entriesWithIdentifier(identifier)) found.add(segment.key(at));
    }
    return found;
  }
}
