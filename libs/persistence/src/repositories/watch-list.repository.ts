import {
  entryFingerprint,
  ListedName,
  PartyKind,
  RejectedRow,
  WatchListEntry,
  WatchListSource,
} from '@app/domain';
import { DataSource, EntityManager } from 'typeorm';
import { queryRows } from './executor';

/** What a version row says (CONTRACT 10.2). */
export interface WatchListVersionRow {
  id: number;
  source: WatchListSource;
  version: number;
  asOf: string;
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
  asOf: string;
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

/** Rows kept of the rejected ones (CONTRACT 10.2). */
export const REJECTED_ROWS_KEPT = 100;
/** Entries written per statement: 5,000 rows of 13 arrays stay well under PostgreSQL's limits. */
const INSERT_BATCH = 5000;
/** Entries read per page when an index loads a version. */
const LOAD_PAGE = 10_000;
/** The channel an activation is announced on (NOTIFY is sent at commit, so never early). */
export const WATCH_LIST_CHANNEL = 'watch_list_activated';

const VERSION_COLUMNS = `id, source, version, to_char(as_of, 'YYYY-MM-DD') AS "asOf", sha256,
  imported_at AS "importedAt", rows, entries, redacted, rejected, status, reason`;

/**
 * Versions of the watch lists and their entries (CONTRACT 10.2). Free of Nest (the module provides
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
      for (let i = 0; i < entries.length; i += INSERT_BATCH)
        await this.insertEntries(tx, versionId, entries.slice(i, i + INSERT_BATCH));
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
                e.list_status, e.redacted
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

  /** Entries of one version as imported (raw cells included), for a result's rawDetails. */
  async entriesByKeys(versionId: number, keys: readonly string[]): Promise<WatchListEntry[]> {
    if (keys.length === 0) return [];
    const rows = await queryRows<EntryRow & { raw: Record<string, unknown> }>(
      this.dataSource,
      `SELECT v.source, e.key, e.kind, e.names, e.rfcs, e.curps, e.birth_dates, e.nationalities, e.gender,
              e.list_status, e.redacted, e.raw
         FROM watch_list_entry e JOIN watch_list_version v ON v.id = e.version_id
        WHERE e.version_id = $1 AND e.key = ANY($2::text[])`,
      [versionId, keys],
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

  private async insertEntries(
    tx: EntityManager,
    versionId: number,
    entries: readonly WatchListEntry[],
  ): Promise<void> {
    // Arrays of arrays cannot be unnested into rows, so the list columns travel as JSON text.
    await tx.query(
      `INSERT INTO watch_list_entry (version_id, key, kind, names, rfcs, curps, birth_dates, nationalities, gender,
                                     list_status, redacted, fingerprint, raw)
       SELECT $1, e.key, e.kind, e.names::jsonb,
              ARRAY(SELECT jsonb_array_elements_text(e.rfcs::jsonb)),
              ARRAY(SELECT jsonb_array_elements_text(e.curps::jsonb)),
              ARRAY(SELECT jsonb_array_elements_text(e.birth_dates::jsonb)),
              ARRAY(SELECT jsonb_array_elements_text(e.nationalities::jsonb)),
              e.gender, e.list_status, e.redacted, e.fingerprint, e.raw::jsonb
         FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[],
                     $10::text[], $11::boolean[], $12::text[], $13::text[])
              AS e(key, kind, names, rfcs, curps, birth_dates, nationalities, gender, list_status, redacted,
                   fingerprint, raw)`,
      [
        versionId,
        entries.map((e) => e.key),
        entries.map((e) => e.kind),
        entries.map((e) => JSON.stringify(e.names)),
        entries.map((e) => JSON.stringify(e.rfcs)),
        entries.map((e) => JSON.stringify(e.curps)),
        entries.map((e) => JSON.stringify(e.birthDates)),
        entries.map((e) => JSON.stringify(e.nationalities)),
        entries.map((e) => e.gender),
        entries.map((e) => e.listStatus),
        entries.map((e) => e.redacted),
        entries.map((e) => entryFingerprint(e)),
        entries.map((e) => JSON.stringify(e.raw)),
      ],
    );
  }
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
  };
}
