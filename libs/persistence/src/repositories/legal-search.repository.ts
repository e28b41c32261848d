import { Injectable } from '@nestjs/common';
import { type DomainEvent, searchNameKey } from '@app/domain';
import { DataSource } from 'typeorm';
import { eventRows } from './event-rows';
import { preparedRows, SqlExecutor } from './executor';

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

interface MatchJson {
  uuid: string;
  name: string;
  count: number | null;
  mask: number;
  date: string | null;
  state: string;
}

const MATCH_FIELDS = `t.uuid, t.name, t.count, t.mask, t.date, t.state`;
/** The set's parallel arrays, in the order of MATCH_FIELDS. */
const SET_COLUMNS_IN_ORDER = ['uuids', 'names', 'counts', 'category_masks', 'agreement_dates', 'states'];
const UNNEST_SET = `unnest(${SET_COLUMNS_IN_ORDER.map((c) => `ms.${c}`).join(', ')})
  WITH ORDINALITY AS t(uuid, name, count, mask, date, state, ord)`;

/**
 * One page of the filtered matches of the set `setExpr` (a scalar expression), with the filtered
 * total, as one row `{ total, rows }`: the set holds at most 300 matches, so filtering and counting
 * them all costs less than a second statement. $m = category mask, $s = states, $l = limit, $o = offset.
 *
 * Without a filter (`filtered` false: the caller passes null for both) the page is a slice of the
 * set's arrays and the total their length, which skips unnesting and numbering all 300 matches:
 * about 0.2 ms less of PostgreSQL per search created, on the most common pair.
 */
function matchPageSql(
  setExpr: string,
  filtered: boolean,
  m: number,
  st: number,
  l: number,
  o: number,
): string {
  const page = `json_agg(json_build_object('uuid', uuid, 'name', name, 'count', count, 'mask', mask, 'date', date,
                                          'state', state) ORDER BY ord)`;
  if (!filtered) {
    // Array subscripts are int4 and pages go up to 2^53: a clamped bound past the set slices nothing.
    const bound = (expr: string) => `least(${expr}, 2147483646)::int`;
    const slice = (column: string) =>
      `ms.${column}[${bound(`$${o}::bigint + 1`)} : ${bound(`$${o}::bigint + $${l}::bigint`)}]`;
    return `SELECT cardinality(ms.uuids) AS total,
              (SELECT coalesce(${page}, '[]')
                 FROM unnest(${SET_COLUMNS_IN_ORDER.map(slice).join(', ')})
                      WITH ORDINALITY AS t(uuid, name, count, mask, date, state, ord)) AS rows
         FROM legal_match_set ms
        WHERE ms.id = ${setExpr} AND $${m}::int IS NULL AND $${st}::text[] IS NULL`;
  }
  return `SELECT count(*)::int AS total,
            coalesce(${page} FILTER (WHERE rn > $${o}::bigint AND rn <= $${o}::bigint + $${l}::bigint), '[]') AS rows
       FROM (SELECT ${MATCH_FIELDS}, t.ord, row_number() OVER (ORDER BY t.ord) AS rn
               FROM legal_match_set ms, ${UNNEST_SET}
              WHERE ms.id = ${setExpr}
                AND ($${m}::int IS NULL OR t.mask & $${m}::int <> 0)
                AND ($${st}::text[] IS NULL OR t.state = ANY($${st}::text[]))) f`;
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
    const ev = eventRows(effects.events);
    const filtered = isFiltered(effects.page);
    const sql = `WITH s AS (
         INSERT INTO legal_search (id, client_id, created_by, search_query, outcome, total_in_source, kpis, slow_response,
                                   recoverable_until, name_key, match_set_id, corpus_version)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $20) RETURNING id),
       c AS (INSERT INTO billing_charge (client_id, kind, search_id) SELECT $2, 'LEGAL_SEARCH', id FROM s WHERE $12::boolean
             RETURNING 1),
       e AS (INSERT INTO event (client_id, type, subject, data)
             SELECT $2, * FROM unnest($13::text[], $14::text[], $15::jsonb[]) RETURNING 1)
       SELECT EXISTS (SELECT 1 FROM c) AS charged,
              (SELECT row_to_json(p) FROM (${matchPageSql('$11', filtered, 16, 17, 18, 19)}) p WHERE $11::bigint IS NOT NULL) AS page`;
    const params = [
      s.id,
      s.clientId,
      s.createdBy,
      JSON.stringify(s.query),
      s.outcome,
      s.totalInSource,
      JSON.stringify(s.kpis),
      s.slowResponse,
      s.recoverableUntil,
      searchNameKey(s.query),
      s.matchSetId,
      effects.charge,
      ev.types,
      ev.subjects,
      ev.data,
      effects.page.categoryMask,
      effects.page.states,
      effects.page.limit,
      effects.page.offset,
      s.corpusVersion,
    ];
    const rows: Array<{ charged: boolean; page: { total: number; rows: MatchJson[] } | null }> =
      executor === this.dataSource
        ? await preparedRows(
            this.dataSource,
            filtered ? 'legal-search-insert' : 'legal-search-insert-slice',
            sql,
            params,
          )
        : await executor.query(sql, params);
    return { charged: rows[0].charged, page: pageOf(rows[0].page) };
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
                (SELECT row_to_json(p) FROM (${matchPageSql('s.match_set_id', isFiltered(filter), 3, 4, 5, 6)}) p
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
    const ev = eventRows(firstUnlockEvents);
    const [row] = await preparedRows<{ inserted: Date | null; existing: Date | null }>(
      this.dataSource,
      'legal-unlock-once',
      `WITH u AS (INSERT INTO legal_unlock (search_id, person_uuid) VALUES ($1, $2) ON CONFLICT DO NOTHING
                  RETURNING unlocked_at),
            c AS (INSERT INTO billing_charge (client_id, kind, search_id, person_uuid)
                  SELECT $3, 'LEGAL_RECORD_UNLOCK', $1, $2 FROM u
                  ON CONFLICT (kind, search_id, person_uuid) DO NOTHING),
            e AS (INSERT INTO event (client_id, type, subject, data)
                  SELECT $3, t.type, t.subject, t.data FROM u, unnest($4::text[], $5::text[], $6::jsonb[]) AS t(type, subject, data))
       SELECT (SELECT unlocked_at FROM u) AS inserted,
              (SELECT unlocked_at FROM legal_unlock WHERE search_id = $1 AND person_uuid = $2) AS existing`,
      [searchId, personUuid, clientId, ev.types, ev.subjects, ev.data],
    );
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
