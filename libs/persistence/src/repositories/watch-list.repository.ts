import {
  entryFingerprint,
  ListedName,
  PartyKind,
  RejectedRow,
  WatchListEntry,
  WatchListSource,
} from '@app/domain';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { DataSource, EntityManager } from 'typeorm';
import { queryRows } from './executor';

/** What a version row says (docs/watch-lists.md). */
export interface WatchListVersionRow {
  id: number;
  source: WatchListSource;
  version: number;
  /** YYYY-MM-DD as the files date the version; null when they carry no date. */
  asOf: string | null;
  sha256: string;
  importedAt: Date;
  rows: number;
  entries: number;
  redacted: number;
  rejected: number;
  status: 'active' | 'superseded' | 'refused';
  reason: string | null;
}

/** The facts of an import, whatever becomes of it. */
export interface ImportFacts {
  source: WatchListSource;
  /** As the files date the version; null when they carry no date (never the import date). */
  asOf: string | null;
  sha256: string;
  files: string[];
  rows: number;
  entries: number;
  redacted: number;
  /** Every unreadable row; the first 100 are kept. */
  rejected: RejectedRow[];
}

/** What the screening index reads of an entry: everything but the raw cells. */
export type IndexedEntry = Omit<WatchListEntry, 'raw'>;

/** Rows kept of the rejected ones (docs/watch-lists.md). */
export const REJECTED_ROWS_KEPT = 100;
/** Entries read per page when an index loads a version. */
const LOAD_PAGE = 10_000;
/** The channel an activation is announced on (NOTIFY is sent at commit, so never early). */
export const WATCH_LIST_CHANNEL = 'watch_list_activated';

const VERSION_COLUMNS = `id, source, version, to_char(as_of, 'YYYY-MM-DD') AS "asOf", sha256,
  imported_at AS "importedAt", rows, entries, redacted, rejected, status, reason`;

/**
 * Versions of the watch lists and their entries (docs/watch-lists.md). Free of Nest (the module provides
 * it by a factory) so that the import CLI and `npm start`'s setup load it without the framework.
 */
export class WatchListRepository {
  constructor(private readonly dataSource: DataSource) {}

  async activeVersion(source: WatchListSource): Promise<WatchListVersionRow | null> {
    const [row] = await queryRows<WatchListVersionRow>(
      this.dataSource,
      `SELECT ${VERSION_COLUMNS} FROM watch_list_version WHERE source = $1 AND status = 'active'`,
      [source],
    );
    return row ?? null;
  }

  async hasAnyVersion(source: WatchListSource): Promise<boolean> {
    const rows = await queryRows(
      this.dataSource,
      `SELECT 1 FROM watch_list_version WHERE source = $1 LIMIT 1`,
      [source],
    );
    return rows.length > 0;
  }

  /** The active version of every source that has one. */
  async activeVersions(): Promise<WatchListVersionRow[]> {
    return queryRows<WatchListVersionRow>(
      this.dataSource,
      `SELECT ${VERSION_COLUMNS} FROM watch_list_version WHERE status = 'active' ORDER BY source`,
    );
  }

  /** Records a refused import (the active version stays as it was); answers its version number. */
  async recordRefusal(facts: ImportFacts, reason: string): Promise<number> {
    return this.dataSource.transaction(async (tx) => {
      await this.lockSource(tx, facts.source);
      const version = await this.nextVersion(tx, facts.source);
      await this.insertVersion(tx, facts, version, 'refused', reason);
      return version;
    });
  }

  /**
   * Writes a new version with its entries and makes it the source's active one, in one transaction:
   * a screening reads either the previous version whole or this one whole. Answers `unchanged`
   * when, by the time the source's lock is held, the same files are already active (two imports
   * of one download racing).
   */
  async activateVersion(
    facts: ImportFacts,
    entries: readonly WatchListEntry[],
    afterActivation?: (
      tx: EntityManager,
      versionId: number,
      previous: WatchListVersionRow | null,
    ) => Promise<void>,
  ): Promise<
    { kind: 'activated'; version: number; versionId: number } | { kind: 'unchanged'; version: number }
  > {
    return this.dataSource.transaction(async (tx) => {
      await this.lockSource(tx, facts.source);
      const [previous] = await queryRows<WatchListVersionRow>(
        tx,
        `SELECT ${VERSION_COLUMNS} FROM watch_list_version WHERE source = $1 AND status = 'active'`,
        [facts.source],
      );
      if (previous?.sha256 === facts.sha256) return { kind: 'unchanged', version: previous.version };
      const version = await this.nextVersion(tx, facts.source);
      await tx.query(
        `UPDATE watch_list_version SET status = 'superseded' WHERE source = $1 AND status = 'active'`,
        [facts.source],
      );
      const versionId = await this.insertVersion(tx, facts, version, 'active', null);
      await this.copyEntries(tx, versionId, entries);
      // Fresh statistics before anyone reads the version: with the planner's guess of a few
      // thousand rows, the apps' paged load of a 300,000-entry version scanned every remaining
      // row per page (a bitmap scan and a sort) instead of walking the key index.
      await tx.query(`ANALYZE watch_list_entry`);
      await afterActivation?.(tx, versionId, previous ?? null);
      await tx.query(`SELECT pg_notify($1, $2)`, [WATCH_LIST_CHANNEL, `${facts.source}:${version}`]);
      return { kind: 'activated', version, versionId };
    });
  }

  /** A version's entries as the screening index reads them, a page at a time in key order. */
  async *indexedEntries(versionId: number): AsyncGenerator<IndexedEntry[]> {
    let after = '';
    for (;;) {
      const page = await queryRows<EntryRow>(
        this.dataSource,
        `SELECT v.source, e.key, e.kind, e.names, e.rfcs, e.curps, e.birth_dates, e.nationalities, e.gender,
                e.list_status, e.redacted, e.deceased
           FROM watch_list_entry e JOIN watch_list_version v ON v.id = e.version_id
          WHERE e.version_id = $1 AND e.key > $2
          ORDER BY e.key LIMIT ${LOAD_PAGE}`,
        [versionId, after],
      );
      if (page.length === 0) return;
      yield page.map(toIndexedEntry);
      if (page.length < LOAD_PAGE) return;
      after = page[page.length - 1].key;
    }
  }

  /**
   * Entries as imported, for the hits of a screening, in one read whatever their lists: with their
   * raw cells (a result's rawDetails) or without (`raw: {}`; an ad-hoc screening shows none, and
   * they are most of an entry's bytes).
   */
  async entriesByKeys(
    wanted: ReadonlyArray<{ versionId: number; key: string }>,
    { raw }: { raw: boolean },
  ): Promise<WatchListEntry[]> {
    if (wanted.length === 0) return [];
    const rows = await queryRows<EntryRow & { raw: Record<string, unknown> }>(
      this.dataSource,
      `SELECT v.source, e.key, e.kind, e.names, e.rfcs, e.curps, e.birth_dates, e.nationalities, e.gender,
              e.list_status, e.redacted, e.deceased, ${raw ? 'e.raw' : `'{}'::jsonb AS raw`}
         FROM unnest($1::int[], $2::text[]) AS w(version_id, key)
         JOIN watch_list_entry e ON e.version_id = w.version_id AND e.key = w.key
         JOIN watch_list_version v ON v.id = e.version_id`,
      [wanted.map((w) => w.versionId), wanted.map((w) => w.key)],
    );
    return rows.map((row) => ({ ...toIndexedEntry(row), raw: row.raw }));
  }

  /** Imports of one source serialise on a transaction-scoped advisory lock of their own. */
  private async lockSource(tx: EntityManager, source: WatchListSource): Promise<void> {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('watch_list_version:' || $1))`, [source]);
  }

  private async nextVersion(tx: EntityManager, source: WatchListSource): Promise<number> {
    const [{ next }] = await queryRows<{ next: number }>(
      tx,
      `SELECT coalesce(max(version), 0) + 1 AS next FROM watch_list_version WHERE source = $1`,
      [source],
    );
    return next;
  }

  private async insertVersion(
    tx: EntityManager,
    facts: ImportFacts,
    version: number,
    status: WatchListVersionRow['status'],
    reason: string | null,
  ): Promise<number> {
    const [{ id }] = await queryRows<{ id: number }>(
      tx,
      `INSERT INTO watch_list_version (source, version, as_of, sha256, files, rows, entries, redacted, rejected,
                                       rejected_rows, status, reason)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
      [
        facts.source,
        version,
        facts.asOf,
        facts.sha256,
        facts.files,
        facts.rows,
        facts.entries,
        facts.redacted,
        facts.rejected.length,
        JSON.stringify(facts.rejected.slice(0, REJECTED_ROWS_KEPT)),
        status,
        reason,
      ],
    );
    return id;
  }

  /**
   * Writes a version's entries with COPY: at 300,000 entries (the article 69 list) it takes a
   * fraction of what multi-row INSERTs of parameter arrays took, inside the same transaction.
   */
  private async copyEntries(
    tx: EntityManager,
    versionId: number,
    entries: readonly WatchListEntry[],
  ): Promise<void> {
    const client = (await tx.queryRunner!.connect()) as PoolClient;
    const sink = client.query(
      copyFrom(
        `COPY watch_list_entry (version_id, key, kind, names, rfcs, curps, birth_dates, nationalities, gender,
                               list_status, redacted, deceased, fingerprint, raw) FROM STDIN`,
      ),
    );
    await pipeline(Readable.from(copyLines(versionId, entries)), sink);
  }
}

/** A value in COPY's text format: backslash escapes, `\\N` for NULL. */
function copyValue(value: string | null): string {
  if (value === null) return '\\N';
  return value.replace(/[\\\n\r\t]/g, (c) =>
    c === '\\' ? '\\\\' : c === '\n' ? '\\n' : c === '\r' ? '\\r' : '\\t',
  );
}

/** The entries as COPY lines, in chunks of about 64 kB. */
function* copyLines(versionId: number, entries: readonly WatchListEntry[]): Generator<string> {
  let chunk = '';
  for (const e of entries) {
    const values = [
      String(versionId),
      e.key,
      e.kind,
      JSON.stringify(e.names),
      JSON.stringify(e.rfcs),
      JSON.stringify(e.curps),
      JSON.stringify(e.birthDates),
      JSON.stringify(e.nationalities),
      e.gender,
      e.listStatus,
      e.redacted ? 't' : 'f',
      e.deceased ? 't' : 'f',
      entryFingerprint(e),
      JSON.stringify(e.raw),
    ];
    chunk += values.map(copyValue).join('\t') + '\n';
    if (chunk.length > 65_536) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

interface EntryRow {
  source: WatchListSource;
  key: string;
  kind: PartyKind;
  names: ListedName[];
  rfcs: string[];
  curps: string[];
  birth_dates: string[];
  nationalities: string[];
  gender: 'H' | 'M' | null;
  list_status: string;
  redacted: boolean;
  deceased: boolean;
}

function toIndexedEntry(row: EntryRow): IndexedEntry {
  return {
    source: row.source,
    key: row.key,
    kind: row.kind,
    names: row.names,
    rfcs: row.rfcs,
    curps: row.curps,
    birthDates: row.birth_dates,
    nationalities: row.nationalities,
    gender: row.gender,
    listStatus: row.list_status,
    redacted: row.redacted,
    ...(row.deceased ? { deceased: true } : {}),
  };
}
