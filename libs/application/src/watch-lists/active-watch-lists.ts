import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import type {
  ListChecked,
  ScreeningSubject,
  WatchListEntry,
  WatchListHit,
  WatchListSource,
} from '@app/domain';
import {
  IndexedEntry,
  WatchListActivations,
  WatchListRepository,
  WatchListVersionRow,
} from '@app/persistence';
import { APP_CONFIG, AppConfig } from '@app/platform';
import { SourceIndex, SourceIndexBuilder } from './source-index';

/** What one screening read: one version of each list asked for, and what matched in them. */
export interface ListScreening {
  listsChecked: ListChecked[];
  /** Matches and possible matches, in no particular order. */
  hits: WatchListHit[];
  /** Lists asked for that have no active version. */
  missing: WatchListSource[];
  /** The version each checked list was read in (to fetch a hit's entry as imported). */
  versionIds: Partial<Record<WatchListSource, number>>;
}

interface LoadedVersion {
  row: WatchListVersionRow;
  index: SourceIndex;
}

/** A resync even without a notification: a missed NOTIFY (a dropped connection) heals by then. */
const RESYNC_MS = 60_000;

/**
 * The active version of every watch list, indexed in memory for screening (the api's ad-hoc
 * screenings, the processor's list processes). It learns of an activation from the database's
 * notification (never from a restart) and swaps in the new version's index whole: a screening
 * takes its versions once at its start, so it reads one version of each list from start to end.
 */
@Injectable()
export class ActiveWatchLists implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(ActiveWatchLists.name);
  private loaded = new Map<WatchListSource, LoadedVersion>();
  private readonly activations: WatchListActivations;
  private syncing: Promise<void> | null = null;
  private syncAgain = false;
  private firstSync: Promise<void> = Promise.resolve();
  private resync: NodeJS.Timeout | null = null;

  constructor(
    private readonly versions: WatchListRepository,
    private readonly builder: SourceIndexBuilder,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.activations = new WatchListActivations(config.databaseUrl, () => void this.sync());
  }

  onModuleInit(): void {
    // Loading real-size lists takes seconds: the app starts serving meanwhile, and a screening
    // waits for the first load rather than answering from no lists.
    this.firstSync = this.sync();
    void this.activations.start();
    this.resync = setInterval(() => void this.sync(), RESYNC_MS);
    this.resync.unref();
  }

  async onModuleDestroy(): Promise<void> {
    if (this.resync) clearInterval(this.resync);
    await this.activations.stop();
  }

  /** Screens a subject against the active versions of `sources`. */
  async screen(subject: ScreeningSubject, sources: readonly WatchListSource[]): Promise<ListScreening> {
    await this.firstSync;
    const screening: ListScreening = { listsChecked: [], hits: [], missing: [], versionIds: {} };
    for (const source of sources) {
      const loaded = this.loaded.get(source);
      if (!loaded) {
        screening.missing.push(source);
        continue;
      }
      screening.listsChecked.push({ source, version: loaded.row.version, asOf: loaded.row.asOf });
      screening.versionIds[source] = loaded.row.id;
      screening.hits.push(...loaded.index.screen(subject));
    }
    return screening;
  }

  /** The hits' entries as imported (raw cells included), from the versions the screening read. */
  async entriesOf(screening: ListScreening, hits: readonly WatchListHit[]): Promise<WatchListEntry[]> {
    const bySource = new Map<WatchListSource, string[]>();
    for (const hit of hits)
      bySource.set(hit.entry.source, [...(bySource.get(hit.entry.source) ?? []), hit.entry.key]);
    const entries = await Promise.all(
      [...bySource].map(([source, keys]) => this.versions.entriesByKeys(screening.versionIds[source]!, keys)),
    );
    return entries.flat();
  }

  /** The versions in memory (for health and tests). */
  loadedVersions(): WatchListVersionRow[] {
    return [...this.loaded.values()].map((l) => l.row);
  }

  /** Brings the indexes in line with the active versions; concurrent calls run it once more at most. */
  sync(): Promise<void> {
    if (this.syncing) {
      this.syncAgain = true;
      return this.syncing;
    }
    this.syncing = (async () => {
      do {
        this.syncAgain = false;
        try {
          await this.syncOnce();
        } catch (error) {
          this.logger.warn(
            { err: error },
            'Could not load the active watch lists; retrying on the next change',
          );
        }
      } while (this.syncAgain);
    })().finally(() => (this.syncing = null));
    return this.syncing;
  }

  private async syncOnce(): Promise<void> {
    const active = await this.versions.activeVersions();
    const next = new Map<WatchListSource, LoadedVersion>();
    for (const row of active) {
      const current = this.loaded.get(row.source);
      if (current?.row.id === row.id) {
        next.set(row.source, current);
        continue;
      }
      const started = Date.now();
      const index = await this.builder.build(row.source, this.pagesOf(row.id));
      next.set(row.source, { row, index });
      this.logger.log(
        { source: row.source, version: row.version, entries: row.entries, ms: Date.now() - started },
        'Watch list version loaded',
      );
    }
    this.loaded = next;
  }

  private pagesOf(versionId: number): AsyncIterable<IndexedEntry[]> {
    return this.versions.indexedEntries(versionId);
  }
}
