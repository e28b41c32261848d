import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import {
  ListChecked,
  ScreeningSubject,
  WatchListEntry,
  WatchListHit,
  WatchListIndex,
  WatchListSegmentBuilder,
  WatchListSource,
  withEntry,
} from '@app/domain';
import { WatchListActivations, WatchListRepository, WatchListVersionRow } from '@app/persistence';
import { APP_CONFIG, AppConfig, collectGarbageNow, PeriodicTask } from '@app/platform';
import { HitEntries } from './hit-entries';

/** A hit with its entry as imported (raw cells included). */
export type ReadHit = WatchListHit & { entry: WatchListEntry };

/** What one screening read: one version of each list asked for, and what matched in them. */
export interface ListScreening {
  listsChecked: ListChecked[];
  /** Matches and possible matches, best first. */
  hits: ReadHit[];
  /** Lists asked for that have no active version. */
  missing: WatchListSource[];
}

/** A resync even without a notification: a missed NOTIFY (a dropped connection) heals by then. */
const RESYNC_MS = 60_000;

/**
 * What a caller needs of a screening's hits: at most `limit` (best first), with their entries' raw
 * cells or not. A process reads 100 with raw cells (20 are shown; every `match` ranks before every
 * `possible_match`, so the rest only weigh in a result already decided); an ad-hoc screening shows
 * 20 and no raw cells.
 */
export interface ScreeningReads {
  limit: number;
  raw: boolean;
}

/**
 * The active version of every watch list, indexed in memory (the domain's WatchListIndex, one
 * segment per list) for the api's ad-hoc screenings and the processor's list processes. It learns
 * of an activation from the database's notification, never from a restart, and swaps the list's
 * segment whole: a screening runs synchronously over the index, so it reads one version of each
 * list from start to end. The index keeps what matching needs; the hits' entries (list status,
 * raw cells) are read back from the versions that answered.
 */
@Injectable()
export class ActiveWatchLists implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(ActiveWatchLists.name);
  private readonly index = new WatchListIndex();
  private loaded = new Map<WatchListSource, WatchListVersionRow>();
  private readonly activations: WatchListActivations;
  private readonly entries: HitEntries;
  private syncing: Promise<void> | null = null;
  private syncAgain = false;
  private firstSync: Promise<void> = Promise.resolve();
  /** See RESYNC_MS; sync() says its own failures. */
  private readonly resync = new PeriodicTask({
    name: 'Watch-list resync',
    everyMs: RESYNC_MS,
    logger: this.logger,
    run: () => this.sync(),
  });

  constructor(
    private readonly versions: WatchListRepository,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.activations = new WatchListActivations(config.databaseUrl, () => void this.sync());
    this.entries = new HitEntries(versions);
  }

  onModuleInit(): void {
    // Loading real-size lists takes seconds: the app starts serving meanwhile, and a screening
    // waits for the first load rather than answering from no lists.
    this.firstSync = this.sync();
    void this.activations.start();
    void this.resync.start();
  }

  async onModuleDestroy(): Promise<void> {
    this.resync.stop();
    await this.activations.stop();
  }

  /** Screens a subject against the active versions of `sources`. */
  async screen(
    subject: ScreeningSubject,
    sources: readonly WatchListSource[],
    reads: ScreeningReads,
  ): Promise<ListScreening> {
    await this.firstSync;
    // Taken together with the index's answer (no await in between): the versions it read.
    const versions = new Map(this.loaded);
    const indexed = this.index.screen(subject, { sources, limit: reads.limit });
    const listsChecked: ListChecked[] = [];
    const missing: WatchListSource[] = [];
    for (const source of sources) {
      const row = versions.get(source);
      if (row) listsChecked.push({ source, version: row.version, asOf: row.asOf });
      else missing.push(source);
    }
    // The hits' entries, from the versions the index answered with.
    const entries = await this.entries.read(
      indexed.map(({ source, key }) => ({ source, versionId: versions.get(source)!.id, key })),
      reads.raw,
    );
    const hits: ReadHit[] = [];
    for (const hit of indexed) {
      const entry = entries.get(`${hit.source}/${hit.key}`);
      if (entry) hits.push({ ...withEntry(hit, entry), entry });
    }
    return { listsChecked, hits, missing };
  }

  /** The versions in memory. */
  loadedVersions(): WatchListVersionRow[] {
    return [...this.loaded.values()];
  }

  /** Brings the index in line with the active versions; calls during a sync run it once more at most. */
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
    for (const row of active) {
      if (this.loaded.get(row.source)?.id === row.id) continue;
      const started = Date.now();
      const builder = new WatchListSegmentBuilder(row.source, row.version);
      for await (const page of this.versions.indexedEntries(row.id))
        for (const entry of page) builder.add(entry);
      // The segment and the version row change together, between two screenings.
      this.index.replace(builder.build());
      this.loaded.set(row.source, row);
      // The build's garbage and the previous segment go now, in one pause of a rare moment, not
      // when V8 next calms down (the processor held 282-316 MB for a minute after loading the
      // real-size lists, 190 MB after).
      collectGarbageNow();
      this.logger.log(
        { source: row.source, version: row.version, entries: row.entries, ms: Date.now() - started },
        'Watch list version loaded',
      );
    }
    for (const source of [...this.loaded.keys()])
      if (!active.some((row) => row.source === source)) {
        this.index.remove(source);
        this.loaded.delete(source);
      }
  }
}
