import { BoundedCache, type WatchListEntry, type WatchListSource } from '@app/domain';
import type { WatchListRepository } from '@app/persistence';

/**
 * Entries kept for the api's screenings (read without raw cells): the best twenty of a common name
 * are the same on every screening of it. ~1 KB each.
 */
const KEPT_ENTRIES = 5_000;

/** An entry a screening hit, in the version the index answered with. */
export interface WantedEntry {
  source: WatchListSource;
  versionId: number;
  key: string;
}

/**
 * The entries of a screening's hits, read in one query. Those read without raw cells are kept
 * (bounded): an entry of a version never changes, a version is only replaced by the next, whose
 * entries are other keys here. Raw cells are most of an entry's bytes and only list processes
 * read them, so those are read every time.
 */
export class HitEntries {
  private readonly kept = new BoundedCache<string, WatchListEntry>({ maxEntries: KEPT_ENTRIES });

  constructor(private readonly versions: Pick<WatchListRepository, 'entriesByKeys'>) {}

  /** The entries found, by `source/key`. */
  async read(wanted: readonly WantedEntry[], raw: boolean): Promise<Map<string, WatchListEntry>> {
    const found = new Map<string, WatchListEntry>();
    const keptAs = (versionId: number, key: string) => `${versionId}/${key}`;
    const missing = raw
      ? wanted
      : wanted.filter(({ source, versionId, key }) => {
          const kept = this.kept.get(keptAs(versionId, key));
          if (kept) found.set(`${source}/${key}`, kept);
          return !kept;
        });
    if (!missing.length) return found;
    const versionOf = new Map(missing.map(({ source, versionId }) => [source, versionId]));
    for (const entry of await this.versions.entriesByKeys(missing, { raw })) {
      found.set(`${entry.source}/${entry.key}`, entry);
      if (!raw) this.kept.set(keptAs(versionOf.get(entry.source)!, entry.key), entry);
    }
    return found;
  }
}
