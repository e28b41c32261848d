import type { Comparison, ScreeningSubject, WatchListHit } from '../../comparison';
import { WATCH_LIST_SOURCES, type WatchListEntry, type WatchListSource } from '../../entry';
import { hitScore, prepareSubject, scoreCeiling, type Scored } from '../compare';
import { POSSIBLE_MATCH_FROM } from '../scoring';
import { candidates, foundByOneGivenName, maternalTermsOf, Scratch, screeningQuery } from './candidates';
import type { WatchListSegment } from './segment';

/**
 * An entry a candidate matched (`match` or `possible_match`), named by its source's version and
 * key: the index keeps only what matching needs, so the caller loads the entry itself
 * (`listStatus`, `raw`) by `(source, version, key)` where it reports it.
 */
export interface IndexedHit {
  source: WatchListSource;
  version: number;
  /** The source's own key (docs/watch-list-matching.md `entryId`). */
  key: string;
  /**
   * Which of the entry's `names` (primary first, then aliases) the best comparison was made with:
   * its `text` is the hit's `listedName`.
   */
  nameIndex: number;
  comparison: Comparison;
}

/**
 * A hit with its entry, loaded by the caller by `(source, version, key)`: docs/watch-list-matching.md's
 * `WatchListHit`, whose `listedName` is the entry's name the comparison was made with.
 */
export function withEntry(hit: IndexedHit, entry: WatchListEntry): WatchListHit {
  const nameIndex = entry.names[hit.nameIndex] ? hit.nameIndex : 0;
  return { entry, comparison: hit.comparison, listedName: entry.names[nameIndex]?.text ?? '', nameIndex };
}

export interface ScreeningOptions {
  /** Only these sources (default: every source the index holds). */
  sources?: readonly WatchListSource[];
  /** At most this many hits, the best (default: all). Only those are explained. */
  limit?: number;
}

/** What the index holds of a source. */
export interface IndexedVersion {
  source: WatchListSource;
  version: number;
  entries: number;
  redacted: number;
}

const SOURCE_ORDER = new Map(WATCH_LIST_SOURCES.map((source, at) => [source, at]));

/** An entry that scored a hit, before it is explained. */
interface Found {
  segment: WatchListSegment;
  entry: number;
  score: number;
  /** Where the source ranks (see `byRank`). */
  order: number;
  explain(): Scored;
}

/** The sources asked for, in the order hits of equal score rank in. */
const inRankOrder = (sources: readonly WatchListSource[]): WatchListSource[] =>
  [...new Set(sources)].sort((a, b) => (SOURCE_ORDER.get(a) ?? 0) - (SOURCE_ORDER.get(b) ?? 0));

/** Best first: score, then the sources' order, then the entries' order in their version. */
const byRank = (a: Found, b: Found): number => b.score - a.score || a.order - b.order || a.entry - b.entry;

/**
 * The active version of each source, in memory, answering "which entries does this candidate
 * match" (docs/watch-list-matching.md, docs/watch-lists.md). One segment per source: activating a source's next version swaps
 * its segment and leaves the others alone. A screening is synchronous, so it reads one version of
 * each source from start to end even while a new one is being swapped in.
 */
/** A source's segment and its scratch arrays. */
interface Held {
  segment: WatchListSegment;
  scratch: Scratch;
}

export class WatchListIndex {
  private readonly segments = new Map<WatchListSource, Held>();

  /** Makes `segment` the source's version (the previous one, if any, is dropped). */
  replace(segment: WatchListSegment): void {
    this.segments.set(segment.source, { segment, scratch: new Scratch(segment.size) });
  }

  remove(source: WatchListSource): void {
    this.segments.delete(source);
  }

  versions(): IndexedVersion[] {
    return WATCH_LIST_SOURCES.flatMap((source) => {
      const held = this.segments.get(source);
      return held
        ? [
            {
              source,
              version: held.segment.version,
              entries: held.segment.size,
              redacted: held.segment.redacted,
            },
          ]
        : [];
    });
  }

  /** How many entries a screening of `subject` scores (what the lookups narrow every entry down to). */
  countCandidates(subject: ScreeningSubject, options: ScreeningOptions = {}): number {
    const query = screeningQuery(prepareSubject(subject));
    let count = 0;
    for (const source of options.sources ?? WATCH_LIST_SOURCES) {
      const held = this.segments.get(source);
      if (held) count += candidates(held.segment, held.scratch, query).length;
    }
    return count;
  }

  /**
   * Entries the subject matches or possibly matches, best first (score, then the sources' order,
   * then the entries' order in their version). With a `limit`, sources and entries are scored in
   * that order, and once `limit` hits reach the highest score an entry can have (`scoreCeiling`),
   * only the entries that ceiling does not bound are still scored: every other entry left would
   * rank after those hits. The answer is the same as scoring every candidate; a name without
   * maternal surname then scores tens of its namesakes instead of every one of them. Candidates
   * that cannot reach that ceiling (a listed name with one of several given names) wait until the
   * end, and are scored only if fewer than `limit` hits reach it.
   */
  screen(subject: ScreeningSubject, options: ScreeningOptions = {}): IndexedHit[] {
    const prepared = prepareSubject(subject);
    const query = screeningQuery(prepared);
    const limit = options.limit ?? Infinity;
    const ceiling = limit < Infinity ? scoreCeiling(prepared) : null;
    const found: Found[] = [];
    let atCeiling = 0;
    const scoreCandidate = (segment: WatchListSegment, entry: number, order: number) => {
      const { score, explain } = hitScore(prepared, segment.prepared(entry));
      if (score < POSSIBLE_MATCH_FROM * 1000) return;
      found.push({ segment, entry, score, order, explain });
      if (ceiling && score >= ceiling.score) atCeiling++;
    };
    // Candidates that cannot reach the ceiling cannot move where the `limit`-th hit at the ceiling
    // is: they wait, and are scored only if fewer than `limit` hits reach it.
    const someWait = ceiling !== null && ceiling.oneGivenName < ceiling.score;
    const waits = ({ segment, scratch }: Held, unbounded: Set<number> | null, entry: number) =>
      foundByOneGivenName(scratch, entry) && !(unbounded && segment.hasMaternalKey(entry, unbounded));
    const passes: Array<{
      held: Held;
      entries: Iterable<number>;
      order: number;
      unbounded: Set<number> | null;
    }> = [];
    for (const source of inRankOrder(options.sources ?? WATCH_LIST_SOURCES)) {
      if (atCeiling >= limit && !ceiling?.unlessMaternalIs.length) break;
      const held = this.segments.get(source);
      if (!held) continue;
      const { segment, scratch } = held;
      const order = SOURCE_ORDER.get(source) ?? 0;
      // In the version's order when scoring may stop early. A typed array sorts natively: thousands
      // of candidates through a comparator were the screening's largest single cost in the api.
      const entries = ceiling
        ? Uint32Array.from(candidates(segment, scratch, query)).sort()
        : candidates(segment, scratch, query);
      const unbounded =
        ceiling && ceiling.unlessMaternalIs.length
          ? maternalTermsOf(segment, scratch, ceiling.unlessMaternalIs)
          : null;
      for (const entry of entries) {
        if (atCeiling >= limit) {
          if (!unbounded) break;
          if (!segment.hasMaternalKey(entry, unbounded)) continue;
        } else if (someWait && waits(held, unbounded, entry)) continue;
        scoreCandidate(segment, entry, order);
      }
      if (someWait) passes.push({ held, entries, order, unbounded });
    }
    // Scoring never stopped early, so every candidate that waited is still to score.
    if (someWait && atCeiling < limit)
      for (const { held, entries, order, unbounded } of passes)
        for (const entry of entries)
          if (waits(held, unbounded, entry)) scoreCandidate(held.segment, entry, order);
    found.sort(byRank);
    return found.slice(0, options.limit ?? found.length).map(({ segment, entry, explain }) => {
      const { comparison, nameIndex } = explain();
      return {
        source: segment.source,
        version: segment.version,
        key: segment.key(entry),
        nameIndex,
        comparison,
      };
    });
  }
}
