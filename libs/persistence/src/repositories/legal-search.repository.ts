import { Injectable } from '@nestjs/common';
import type { DomainEvent } from '@app/domain';
import { DataSource } from 'typeorm';
import { preparedRows, SqlExecutor } from './executor';
import { INSERT_SEARCH, INSERT_SEARCH_SLICE, UNLOCK_ONCE } from './hot-statements';
import { MATCH_FIELDS, type MatchJson, matchPageParams, matchPageSql, UNNEST_SET } from './legal-match-page';

import { categoriesOfMask } from '../legal-corpus/vocabulary-filters';

export interface StoredMatch {
  uuid: string;
  name: string;
  count: number | null;
  categories: string[];
  /** ISO date (YYYY-MM-DD) or null. */
  agreementDate: string | null;
  state: string;
}

export interface NewSearch {
  id: string;
  clientId: string;
  createdBy: string;
  query: Record<string, string>;
  outcome: string;
  totalInSource: number;
  kpis: Record<string, unknown>;
  slowResponse: boolean;
  recoverableUntil: Date;
  /** The source's match set (null when the source failed). */
  matchSetId: string | null;
  /** The corpus version of that set's answer (null when the source failed). */
  corpusVersion: string | null;
}

export interface StoredSearch {
  id: string;
  clientId: string;
  query: Record<string, string>;
  outcome: string;
  totalInSource: number;
  kpis: Record<string, unknown>;
  slowResponse: boolean;
  createdAt: Date;
  recoverableUntil: Date;
  /**
   * The corpus version the search answered from: its record details are read as of it. Null for
   * a search the source could not answer, and for searches stored before versions were kept
   * (they read the corpus as loaded, before any ingest: version 0).
   */
  corpusVersion: string | null;
  /** Blocked under the client's retention policy (docs/privacy.md): its reads answer 410. */
  blocked: boolean;
}

export interface MatchPage {
  total: number;
  rows: StoredMatch[];
}

/** Which stored matches a page shows: filters as a category bit mask / state names (null: none). */
export interface MatchPageFilter {
  categoryMask: number | null;
  states: string[] | null;
  limit: number;
  offset: number;
}

/** Whether a page filters the set (otherwise it is a slice of it). */
function isFiltered(filter: MatchPageFilter): boolean {
  return filter.categoryMask !== null || filter.states !== null;
}

function toStoredMatch(m: MatchJson): StoredMatch {
  return {
    uuid: m.uuid,
    name: m.name,
    count: m.count,
    categories: categoriesOfMask(m.mask),
    agreementDate: m.date,
    state: m.state,
  };
}

function pageOf(raw: { total: number; rows: MatchJson[] } | null): MatchPage {
  return raw ? { total: raw.total, rows: raw.rows.map(toStoredMatch) } : { total: 0, rows: [] };
}

const SEARCH_FIELDS = `s.id, s.client_id AS "clientId", s.search_query AS query, s.outcome, s.total_in_source AS "totalInSource",
  s.kpis, s.slow_response AS "slowResponse", s.created_at AS "createdAt", s.recoverable_until AS "recoverableUntil",
  s.corpus_version::text AS "corpusVersion", s.blocked_at IS NOT NULL AS blocked`;

/** Stored legal-records searches, their matches, unlocks and the billing ledger. */
@Injectable()
export class LegalSearchRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Stores a search (pointing at its match set), its charge when `charge` and its events, in one
   * statement, and answers the first page of its matches. `executor` is the caller's transaction,
   * or the DataSource itself when the statement stands alone (then it runs prepared).
   */
  async insertSearch(
    executor: SqlExecutor,
    s: NewSearch,
    effects: { charge: boolean; events: readonly DomainEvent[]; page: MatchPageFilter },
  ): Promise<{ charged: boolean; page: MatchPage }> {
    const { categoryMask, states, limit, offset } = effects.page;
    const statement = isFiltered(effects.page) ? INSERT_SEARCH : INSERT_SEARCH_SLICE;
    const values = {
      searches: [s],
      charge: effects.charge,
      clientId: s.clientId,
      events: effects.events,
      mask: categoryMask,
      states,
      limit: String(limit),
      offset: String(offset),
    };
    const [row] =
      executor === this.dataSource
        ? await statement.prepared(this.dataSource, values)
        : await statement.query(executor, values);
    return { charged: row.charged, page: pageOf(row.page) };
  }

  /** One ledger row per billable event; a repeated event adds nothing. Returns whether it charged. */
  async charge(
    tx: SqlExecutor,
    event: {
      clientId: string;
      kind: 'LEGAL_SEARCH' | 'LEGAL_RECORD_UNLOCK';
      searchId: string;
      personUuid?: string;
    },
  ): Promise<boolean> {
    const rows: unknown[] = await tx.query(
      `INSERT INTO billing_charge (client_id, kind, search_id, person_uuid) VALUES ($1, $2, $3, $4)
       ON CONFLICT (kind, search_id, person_uuid) DO NOTHING RETURNING 1`,
      [event.clientId, event.kind, event.searchId, event.personUuid ?? null],
    );
    return rows.length > 0;
  }

  /**
   * A search of one of `clientIds`, with one page of its (filtered) matches and its unlocked uuids;
   * a suppressed search is not found (docs/privacy.md).
   */
  async findSearchPage(
    searchId: string,
    clientIds: string[],
    filter: MatchPageFilter,
  ): Promise<{ search: StoredSearch; page: MatchPage; unlocked: string[] } | null> {
    const rows: Array<
      StoredSearch & { page: { total: number; rows: MatchJson[] } | null; unlocked: string[] }
    > = await preparedRows(
      this.dataSource,
      isFiltered(filter) ? 'legal-search-page' : 'legal-search-page-slice',
      `SELECT ${SEARCH_FIELDS},
                (SELECT row_to_json(p) FROM (${matchPageSql('s.match_set_id', isFiltered(filter), matchPageParams(3))}) p
                  WHERE s.match_set_id IS NOT NULL) AS page,
                ARRAY(SELECT u.person_uuid FROM legal_unlock u WHERE u.search_id = s.id
                       ORDER BY u.unlocked_at, u.person_uuid) AS unlocked
           FROM legal_search s WHERE s.id = $1 AND s.client_id = ANY($2) AND s.suppressed_at IS NULL`,
      [searchId, clientIds, filter.categoryMask, filter.states, filter.limit, filter.offset],
    );
    if (!rows[0]) return null;
    const { page, unlocked, ...search } = rows[0];
    return { search, page: pageOf(page), unlocked };
  }

  /**
   * A search of one of `clientIds` and, when `personUuid` is one of its matches, that match and
   * when it was unlocked in the search (null: not yet).
   */
  async findSearchMatch(
    searchId: string,
    clientIds: string[],
    personUuid: string | null,
  ): Promise<{ search: StoredSearch; match: StoredMatch | null; unlockedAt: Date | null } | null> {
    const rows: Array<StoredSearch & { match: MatchJson | null; unlockedAt: Date | null }> =
      await preparedRows(
        this.dataSource,
        'legal-search-match',
        `SELECT ${SEARCH_FIELDS},
              (SELECT row_to_json(m) FROM (
                 SELECT ${MATCH_FIELDS} FROM legal_match_set ms, ${UNNEST_SET}
                  WHERE ms.id = s.match_set_id AND t.uuid = $3::uuid LIMIT 1) m) AS match,
              (SELECT u.unlocked_at FROM legal_unlock u WHERE u.search_id = s.id AND u.person_uuid = $3::uuid) AS "unlockedAt"
         FROM legal_search s WHERE s.id = $1 AND s.client_id = ANY($2) AND s.suppressed_at IS NULL`,
        [searchId, clientIds, personUuid],
      );
    if (!rows[0]) return null;
    const { match, unlockedAt, ...search } = rows[0];
    return { search, match: match ? toStoredMatch(match) : null, unlockedAt };
  }

  /**
   * Unlocks a record of a search and charges it, exactly once: of concurrent first readings one
   * inserts the unlock row (its charge and `firstUnlockEvents`, in the same statement) and the
   * others wait on it and then find it there.
   */
  async unlockOnce(
    searchId: string,
    personUuid: string,
    clientId: string,
    firstUnlockEvents: readonly DomainEvent[],
  ): Promise<{ newlyUnlocked: boolean; unlockedAt: Date }> {
    const [row] = await UNLOCK_ONCE.prepared(this.dataSource, {
      searchId,
      personUuid,
      clientId,
      events: firstUnlockEvents,
    });
    if (row.inserted) return { newlyUnlocked: true, unlockedAt: row.inserted };
    if (row.existing) return { newlyUnlocked: false, unlockedAt: row.existing };
    // The first reading committed while this statement waited on its row: its snapshot predates it.
    const [existing] = await preparedRows<{ unlocked_at: Date }>(
      this.dataSource,
      'legal-unlock-read',
      `SELECT unlocked_at FROM legal_unlock WHERE search_id = $1 AND person_uuid = $2`,
      [searchId, personUuid],
    );
    return { newlyUnlocked: false, unlockedAt: existing.unlocked_at };
  }
}
