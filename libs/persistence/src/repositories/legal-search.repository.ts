import { Injectable } from '@nestjs/common';
import type { DomainEvent } from '@app/domain';
import { DataSource } from 'typeorm';
import { SqlExecutor } from './executor';
import { scalar } from './hot-sql';
import { INSERT_SEARCH, INSERT_SEARCH_SLICE, UNLOCK_ONCE } from './hot-statements';
import { MATCH_FIELDS, type MatchJson, matchPageSql, UNNEST_SET } from './legal-match-page';
import { col, json, readStatement, type RowOf } from './read-sql';

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

/** A stored search as its readers see it. */
const SEARCH_FIELDS = {
  id: col('uuid', 's.id'),
  clientId: col('text', 's.client_id'),
  query: json<Record<string, string>>('s.search_query'),
  outcome: col('text', 's.outcome'),
  totalInSource: col('int', 's.total_in_source'),
  kpis: json<Record<string, unknown>>('s.kpis'),
  slowResponse: col('bool', 's.slow_response'),
  createdAt: col('timestamptz', 's.created_at'),
  recoverableUntil: col('timestamptz', 's.recoverable_until'),
  /**
   * The corpus version the search answered from: its record details are read as of it. Null for
   * a search the source could not answer, and for searches stored before versions were kept
   * (they read the corpus as loaded, before any ingest: version 0).
   */
  corpusVersion: col('text', 's.corpus_version::text').orNull(),
  /** Blocked under the client's retention policy (docs/privacy.md): its reads answer 410. */
  blocked: col('bool', 's.blocked_at IS NOT NULL'),
};
export type StoredSearch = RowOf<typeof SEARCH_FIELDS>;

/** A search of some clients (not suppressed: docs/privacy.md). */
const OWN_SEARCH = (q: { searchId: string; clientIds: string }) =>
  `legal_search s WHERE s.id = ${q.searchId} AND s.client_id = ANY(${q.clientIds}) AND s.suppressed_at IS NULL`;

/**
 * A search with one page of its matches (filtered, or a slice: see `matchPageSql`) and its
 * unlocked uuids; one text per kind of page, each prepared under its own name.
 */
const searchPage = (name: string, filtered: boolean) =>
  readStatement(
    name,
    {
      searchId: scalar('uuid'),
      clientIds: scalar('text[]'),
      mask: scalar('int'),
      states: scalar('text[]'),
      limit: scalar('bigint'),
      offset: scalar('bigint'),
    },
    (q) => ({
      ...SEARCH_FIELDS,
      page: json<{ total: number; rows: MatchJson[] } | null>(
        `(SELECT row_to_json(p) FROM (${matchPageSql('s.match_set_id', filtered, q)}) p
           WHERE s.match_set_id IS NOT NULL)`,
      ),
      unlocked: col(
        'uuid[]',
        'ARRAY(SELECT u.person_uuid FROM legal_unlock u WHERE u.search_id = s.id ORDER BY u.unlocked_at, u.person_uuid)',
      ),
    }),
    (q, select) => `SELECT ${select} FROM ${OWN_SEARCH(q)}`,
  );
export const READ_SEARCH_PAGE = searchPage('legal-search-page', true);
export const READ_SEARCH_PAGE_SLICE = searchPage('legal-search-page-slice', false);

/** A search and, when a person is one of its matches, that match and when it was unlocked. */
export const READ_SEARCH_MATCH = readStatement(
  'legal-search-match',
  { searchId: scalar('uuid'), clientIds: scalar('text[]'), personUuid: scalar('uuid') },
  (q) => ({
    ...SEARCH_FIELDS,
    match: json<MatchJson | null>(`(SELECT row_to_json(m) FROM (
       SELECT ${MATCH_FIELDS} FROM legal_match_set ms, ${UNNEST_SET}
        WHERE ms.id = s.match_set_id AND t.uuid = ${q.personUuid} LIMIT 1) m)`),
    unlockedAt: col(
      'timestamptz',
      `(SELECT u.unlocked_at FROM legal_unlock u WHERE u.search_id = s.id AND u.person_uuid = ${q.personUuid})`,
    ).orNull(),
  }),
  (q, select) => `SELECT ${select} FROM ${OWN_SEARCH(q)}`,
);

/** When a record of a search was unlocked. */
export const READ_UNLOCK = readStatement(
  'legal-unlock-read',
  { searchId: scalar('uuid'), personUuid: scalar('uuid') },
  { unlocked_at: col('timestamptz', 'unlocked_at') },
  (q, select) =>
    `SELECT ${select} FROM legal_unlock WHERE search_id = ${q.searchId} AND person_uuid = ${q.personUuid}`,
);

/** One ledger row per billable event; a repeated event adds nothing. */
export const CHARGE_SEARCH_EVENT = readStatement(
  'legal-search-charge',
  { clientId: scalar('text'), kind: scalar('text'), searchId: scalar('uuid'), personUuid: scalar('uuid') },
  { charged: col('int', '1') },
  (q, select) => `INSERT INTO billing_charge (client_id, kind, search_id, person_uuid)
VALUES (${q.clientId}, ${q.kind}, ${q.searchId}, ${q.personUuid})
ON CONFLICT (kind, search_id, person_uuid) DO NOTHING RETURNING ${select}`,
);

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
    const rows = await CHARGE_SEARCH_EVENT.query(tx, {
      clientId: event.clientId,
      kind: event.kind,
      searchId: event.searchId,
      personUuid: event.personUuid ?? null,
    });
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
    const rows = await (isFiltered(filter) ? READ_SEARCH_PAGE : READ_SEARCH_PAGE_SLICE).prepared(
      this.dataSource,
      {
        searchId,
        clientIds,
        mask: filter.categoryMask,
        states: filter.states,
        limit: String(filter.limit),
        offset: String(filter.offset),
      },
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
    const rows = await READ_SEARCH_MATCH.prepared(this.dataSource, { searchId, clientIds, personUuid });
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
    const [existing] = await READ_UNLOCK.prepared(this.dataSource, { searchId, personUuid });
    return { newlyUnlocked: false, unlockedAt: existing.unlocked_at };
  }
}
