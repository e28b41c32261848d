import type { ScreeningSubject, WatchListHit, WatchListSource } from '@app/domain';
import type { IndexedEntry } from '@app/persistence';

/** One list version indexed for screening. */
export interface SourceIndex {
  /** Matches and possible matches of the subject in this version. */
  screen(subject: ScreeningSubject): WatchListHit[];
}

/** Builds a version's index from its entries, read a page at a time (the token is the class). */
export abstract class SourceIndexBuilder {
  abstract build(source: WatchListSource, pages: AsyncIterable<IndexedEntry[]>): Promise<SourceIndex>;
}
