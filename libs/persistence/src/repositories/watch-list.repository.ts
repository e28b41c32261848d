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
import { hotStatement, scalar } from './hot-sql';
import { col, day, json, readStatement, type RowOf } from './read-sql';

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

/** What a version row says (docs/watch-lists.md). */
const VERSION_FIELDS = {
  id: col('int', 'id'),
  source: col('text', 'source').as<WatchListSource>(),
  version: col('int', 'version'),
  /** YYYY-MM-DD as the files date the version; null when they carry no date. */
  asOf: day('as_of').orNull(),
  sha256: col('text', 'sha256'),
  importedAt: col('timestamptz', 'imported_at'),
  rows: col('int', 'rows'),
  entries: col('int', 'entries'),
  redacted: col('int', 'redacted'),
  rejected: col('int', 'rejected'),
  status: col('text', 'status').as<'active' | 'superseded' | 'refused'>(),
  reason: col('text', 'reason').orNull(),
};
export type WatchListVersionRow = RowOf<typeof VERSION_FIELDS>;

/** A source's active version. */
export const READ_ACTIVE_VERSION = readStatement(
  'watch-list-active-version',
  { source: scalar('text') },
  VERSION_FIELDS,
  (q, select) => `SELECT ${select} FROM watch_list_version WHERE source = ${q.source} AND status = 'active'`,
);

/** Whether a source has any version (active, superseded or refused). */
export const READ_HAS_VERSION = readStatement(
  'watch-list-has-version',
  { source: scalar('text') },
  { one: col('int', '1') },
  (q, select) => `SELECT ${select} FROM watch_list_version WHERE source = ${q.source} LIMIT 1`,
);

/** The active version of every source that has one. */
export const READ_ACTIVE_VERSIONS = readStatement(
  'watch-list-active-versions',
  {},
  VERSION_FIELDS,
  (_q, select) => `SELECT ${select} FROM watch_list_version WHERE status = 'active' ORDER BY source`,
);

/** Imports of one source serialise on a transaction-scoped advisory lock of their own. */
export const LOCK_SOURCE = hotStatement<never>()(
  'watch-list-lock-source',
  { source: scalar('text') },
  (q) => `SELECT pg_advisory_xact_lock(hashtext('watch_list_version:' || ${q.source}))`,
);

/** The number the source's next version takes. */
export const READ_NEXT_VERSION = readStatement(
  'watch-list-next-version',
  { source: scalar('text') },
  { next: col('int', 'coalesce(max(version), 0) + 1') },
  (q, select) => `SELECT ${select} FROM watch_list_version WHERE source = ${q.source}`,
);

/** A version row (active or refused). */
export const INSERT_VERSION = readStatement(
  'watch-list-insert-version',
  {
    source: scalar('text'),
    version: scalar('int'),
    asOf: scalar('date'),
    sha256: scalar('text'),
    files: scalar('text[]'),
    rows: scalar('int'),
    entries: scalar('int'),
    redacted: scalar('int'),
    rejected: scalar('int'),
    rejectedRows: scalar('jsonb'),
    status: scalar('text'),
    reason: scalar('text'),
  },
  { id: col('int', 'id') },
  (
    q,
    select,
  ) => `INSERT INTO watch_list_version (source, version, as_of, sha256, files, rows, entries, redacted, rejected,
                                rejected_rows, status, reason)
VALUES (${q.source}, ${q.version}, ${q.asOf}, ${q.sha256}, ${q.files}, ${q.rows}, ${q.entries}, ${q.redacted},
        ${q.rejected}, ${q.rejectedRows}, ${q.status}, ${q.reason}) RETURNING ${select}`,
);

/** The source's active version stops being active (a new one takes its place in the transaction). */
export const SUPERSEDE_VERSION = hotStatement<never>()(
  'watch-list-supersede',
  { source: scalar('text') },
  (q) =>
    `UPDATE watch_list_version SET status = 'superseded' WHERE source = ${q.source} AND status = 'active'`,
);

/**
 * Fresh statistics before anyone reads a new version: with the planner's guess of a few thousand
 * rows, the apps' paged load of a 300,000-entry version scanned every remaining row per page (a
 * bitmap scan and a sort) instead of walking the key index.
 */
export const ANALYZE_ENTRIES = hotStatement<never>()(
  'watch-list-analyze',
  {},
  () => `ANALYZE watch_list_entry`,
);

/** The activation announced on WATCH_LIST_CHANNEL (sent at commit). */
export const NOTIFY_ACTIVATION = hotStatement<never>()(
  'watch-list-notify',
  { channel: scalar('text'), payload: scalar('text') },
  (q) => `SELECT pg_notify(${q.channel}, ${q.payload})`,
);

/** What the screening index reads of an entry: everything but the raw cells. */
const ENTRY_FIELDS = {
  source: col('text', 'v.source').as<WatchListSource>(),
  key: col('text', 'e.key'),
  kind: col('text', 'e.kind').as<PartyKind>(),
  names: json<ListedName[]>('e.names'),
  rfcs: json<string[]>('e.rfcs'),
  curps: json<string[]>('e.curps'),
  birth_dates: json<string[]>('e.birth_dates'),
  nationalities: json<string[]>('e.nationalities'),
  gender: col('text', 'e.gender').orNull().as<'H' | 'M' | null>(),
  list_status: col('text', 'e.list_status'),
  redacted: col('bool', 'e.redacted'),
  deceased: col('bool', 'e.deceased'),
};
type EntryRow = RowOf<typeof ENTRY_FIELDS>;

/** A version's entries after a key, a page at a time in key order. */
export const READ_INDEXED_ENTRIES = readStatement(
  'watch-list-indexed-entries',
  { versionId: scalar('int'), after: scalar('text') },
  ENTRY_FIELDS,
  (q, select) => `SELECT ${select}
  FROM watch_list_entry e JOIN watch_list_version v ON v.id = e.version_id
 WHERE e.version_id = ${q.versionId} AND e.key > ${q.after}
 ORDER BY e.key LIMIT ${LOAD_PAGE}`,
);

/** Entries by version and key, with their raw cells or without (`{}`). */
const entriesByKeys = (name: string, raw: string) =>
  readStatement(
    name,
    { versionIds: scalar('int[]'), keys: scalar('text[]') },
    { ...ENTRY_FIELDS, raw: json<Record<string, unknown>>(raw) },
    (q, select) => `SELECT ${select}
  FROM unnest(${q.versionIds}, ${q.keys}) AS w(version_id, key)
  JOIN watch_list_entry e ON e.version_id = w.version_id AND e.key = w.key
  JOIN watch_list_version v ON v.id = e.version_id`,
  );
export const READ_ENTRIES_BY_KEYS_RAW = entriesByKeys('watch-list-entries-by-keys-raw', 'e.raw');
export const READ_ENTRIES_BY_KEYS = entriesByKeys('watch-list-entries-by-keys', `'{}'::jsonb`);

/**
 * Versions of the watch lists and their entries (docs/watch-lists.md). Free of Nest (the module provides
 * it by a factory) so that the import CLI and `npm start`'s setup load it without the framework.
 */
export class WatchListRepository {
  constructor(private readonly dataSource: DataSource) {}

  async activeVersion(source: WatchListSource): Promise<WatchListVersionRow | null> {
    const [row] = await READ_ACTIVE_VERSION.query(this.dataSource, { source });
    return row ?? null;
  }

  async hasAnyVersion(source: WatchListSource): Promise<boolean> {
    const rows = await READ_HAS_VERSION.query(this.dataSource, { source });
    return rows.length > 0;
  }

  /** The active version of every source that has one. */
  async activeVersions(): Promise<WatchListVersionRow[]> {
    return READ_ACTIVE_VERSIONS.query(this.dataSource, {});
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
      const [previous] = await READ_ACTIVE_VERSION.query(tx, { source: facts.source });
      if (previous?.sha256 === facts.sha256) return { kind: 'unchanged', version: previous.version };
      const version = await this.nextVersion(tx, facts.source);
      await SUPERSEDE_VERSION.query(tx, { source: facts.source });
      const versionId = await this.insertVersion(tx, facts, version, 'active', null);
      await this.copyEntries(tx, versionId, entries);
      await ANALYZE_ENTRIES.query(tx, {});
      await afterActivation?.(tx, versionId, previous ?? null);
      await NOTIFY_ACTIVATION.query(tx, {
        channel: WATCH_LIST_CHANNEL,
        payload: `${facts.source}:${version}`,
      });
      return { kind: 'activated', version, versionId };
    });
  }

  /** A version's entries as the screening index reads them, a page at a time in key order. */
  async *indexedEntries(versionId: number): AsyncGenerator<IndexedEntry[]> {
    let after = '';
    for (;;) {
      const page = await READ_INDEXED_ENTRIES.query(this.dataSource, { versionId, after });
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
    const rows = await (raw ? READ_ENTRIES_BY_KEYS_RAW : READ_ENTRIES_BY_KEYS).query(this.dataSource, {
      versionIds: wanted.map((w) => w.versionId),
      keys: wanted.map((w) => w.key),
    });
    return rows.map((row) => ({ ...toIndexedEntry(row), raw: row.raw }));
  }

  /** Imports of one source serialise on a transaction-scoped advisory lock of their own. */
  private async lockSource(tx: EntityManager, source: WatchListSource): Promise<void> {
    await LOCK_SOURCE.query(tx, { source });
  }

  private async nextVersion(tx: EntityManager, source: WatchListSource): Promise<number> {
    const [{ next }] = await READ_NEXT_VERSION.query(tx, { source });
    return next;
  }

  private async insertVersion(
    tx: EntityManager,
    facts: ImportFacts,
    version: number,
    status: WatchListVersionRow['status'],
    reason: string | null,
  ): Promise<number> {
    const [{ id }] = await INSERT_VERSION.query(tx, {
      source: facts.source,
      version,
      asOf: facts.asOf,
      sha256: facts.sha256,
      files: facts.files,
      rows: facts.rows,
      entries: facts.entries,
      redacted: facts.redacted,
      rejected: facts.rejected.length,
      rejectedRows: facts.rejected.slice(0, REJECTED_ROWS_KEPT),
      status,
      reason,
    });
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
