import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { basename } from 'node:path';
import { decideImport, WatchListSource } from '@app/domain';
// By path, not the barrel: the CLI and npm start's setup load this without Nest.
import {
  ImportFacts,
  WatchListRepository,
  WatchListVersionRow,
} from '@app/persistence/repositories/watch-list.repository';
import type { EntityManager } from 'typeorm';
import { readWatchListFiles, WatchListFileRefused, WatchListRead } from '@app/adapters/watch-lists';

/**
 * Reads a source's files (the publishers' formats); throws WatchListFileRefused when they are not.
 * `importDate` (YYYY-MM-DD) dates what the files leave undated (the century of an RFC's birth date).
 */
export type WatchListReader = (
  source: WatchListSource,
  paths: string[],
  importDate: string,
) => Promise<WatchListRead>;

export const readListFiles: WatchListReader = (source, paths, importDate) =>
  readWatchListFiles(
    source,
    paths.map((path) => ({ path })),
    { importDate },
  );

/**
 * Work that must exist exactly when a version became active, written in the activation's
 * transaction (the monitors' activation row and its outbox job: see recordMonitorActivation).
 */
export type ActivationHook = (
  tx: EntityManager,
  versionId: number,
  previous: WatchListVersionRow | null,
) => Promise<void>;

export type ImportOutcome =
  | { kind: 'activated'; source: WatchListSource; version: number; facts: ImportFacts }
  | { kind: 'unchanged'; source: WatchListSource; version: number }
  | { kind: 'refused'; source: WatchListSource; version: number; reason: string };

/**
 * `npm run lists:import` (docs/watch-lists.md): hash the files, skip them when they are the active
 * version, read them, and either activate them as a new version or record why they were refused
 * (the active version stays). Each rule of what is refused is the domain's (decideImport).
 */
export class ImportWatchList {
  constructor(
    private readonly versions: WatchListRepository,
    private readonly read: WatchListReader,
    private readonly today: () => string,
    private readonly afterActivation?: ActivationHook,
  ) {}

  /** Whether the source was ever imported (an active, superseded or refused version). */
  async hasAnyVersion(source: WatchListSource): Promise<boolean> {
    return this.versions.hasAnyVersion(source);
  }

  async execute(source: WatchListSource, paths: string[], force = false): Promise<ImportOutcome> {
    const sha256 = await sha256Of(paths);
    const active = await this.versions.activeVersion(source);
    if (active?.sha256 === sha256) return { kind: 'unchanged', source, version: active.version };

    const base = { source, sha256, files: paths.map((p) => basename(p)) };
    let read: WatchListRead;
    try {
      read = await this.read(source, paths, this.today());
    } catch (error) {
      if (!(error instanceof WatchListFileRefused)) throw error;
      const reason = error.message;
      const facts: ImportFacts = {
        ...base,
        asOf: null,
        rows: 0,
        entries: 0,
        redacted: 0,
        rejected: [],
      };
      return { kind: 'refused', source, reason, version: await this.versions.recordRefusal(facts, reason) };
    }
    const facts: ImportFacts = {
      ...base,
      // The files' own date, or none: the import date is `importedAt`, never an as-of date.
      asOf: read.asOf,
      rows: read.rows,
      entries: read.entries.length,
      redacted: read.redacted,
      rejected: read.rejected,
    };
    const decision = decideImport(
      { sha256, rows: read.rows, entries: read.entries.length, asOf: read.asOf },
      active,
      force,
    );
    if (decision.kind === 'unchanged') return { kind: 'unchanged', source, version: decision.version };
    if (decision.kind === 'refuse')
      return {
        kind: 'refused',
        source,
        reason: decision.reason,
        version: await this.versions.recordRefusal(facts, decision.reason),
      };
    const activated = await this.versions.activateVersion(facts, read.entries, this.afterActivation);
    if (activated.kind === 'unchanged') return { kind: 'unchanged', source, version: activated.version };
    return { kind: 'activated', source, version: activated.version, facts };
  }
}

/** sha256 of the files' bytes in the order given, streamed. */
export async function sha256Of(paths: readonly string[]): Promise<string> {
  const hash = createHash('sha256');
  for (const path of paths) for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
