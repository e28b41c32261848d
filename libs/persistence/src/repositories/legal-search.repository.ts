import { Injectable } from '@nestjs/common';
import { type DomainEvent, searchNameKey } from '@app/domain';
import { DataSource } from 'typeorm';
import { EventRepository } from './event.repository';
import { SqlExecutor } from './executor';

export interface StoredMatch {
  uuid: string;
  name: string;
  count: number | null;
  categories: string[];
  normCategories: string[];
  /** ISO date (YYYY-MM-DD) or null. */
  agreementDate: string | null;
  state: string;
  normState: string;
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
  matches: StoredMatch[];
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
}

export interface MatchPage {
  total: number;
  rows: StoredMatch[];
}

/** Stored legal-records searches, their matches, unlocks and the billing ledger. */
@Injectable()
export class LegalSearchRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly events: EventRepository,
  ) {}

  async insertSearch(tx: SqlExecutor, s: NewSearch): Promise<void> {
    await tx.query(
      `INSERT INTO legal_search (id, client_id, created_by, search_query, outcome, total_in_source, kpis, slow_response, recoverable_until, name_key)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
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
      ],
    );
    if (s.matches.length === 0) return;
    const m = s.matches;
    await tx.query(
      `INSERT INTO legal_search_match (search_id, position, person_uuid, name, lawsuit_count, categories, norm_categories, agreement_date, state, norm_state)
       SELECT $1, t.position, t.person_uuid, t.name, t.lawsuit_count,
              string_to_array(t.categories, '|'), string_to_array(t.norm_categories, '|'),
              t.agreement_date, t.state, t.norm_state
         FROM unnest($2::smallint[], $3::uuid[], $4::text[], $5::int[], $6::text[], $7::text[], $8::date[], $9::text[], $10::text[])
           AS t(position, person_uuid, name, lawsuit_count, categories, norm_categories, agreement_date, state, norm_state)`,
      [
        s.id,
        m.map((_, i) => i),
        m.map((x) => x.uuid),
        m.map((x) => x.name),
        m.map((x) => x.count),
        // Category names never contain '|': one delimited string per row is far cheaper than jsonb.
        m.map((x) => x.categories.join('|')),
        m.map((x) => x.normCategories.join('|')),
        m.map((x) => x.agreementDate),
        m.map((x) => x.state),
        m.map((x) => x.normState),
      ],
    );
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

  async findSearch(searchId: string, clientIds: string[]): Promise<StoredSearch | null> {
    const rows: StoredSearch[] = await this.dataSource.query(
      `SELECT id, client_id AS "clientId", search_query AS query, outcome, total_in_source AS "totalInSource", kpis,
              slow_response AS "slowResponse", created_at AS "createdAt", recoverable_until AS "recoverableUntil"
         FROM legal_search WHERE id = $1 AND client_id = ANY($2)`,
      [searchId, clientIds],
    );
    return rows[0] ?? null;
  }

  /** A page of the stored matches, optionally filtered (any of the listed normalized values). */
  async pageMatches(
    searchId: string,
    filter: { normCategories?: string[]; normStates?: string[]; limit: number; offset: number },
  ): Promise<MatchPage> {
    const rows: Array<StoredMatch & { total: string }> = await this.dataSource.query(
      `SELECT person_uuid AS uuid, name, lawsuit_count AS count, categories, norm_categories AS "normCategories",
              to_char(agreement_date, 'YYYY-MM-DD') AS "agreementDate", state, norm_state AS "normState",
              count(*) OVER () AS total
         FROM legal_search_match
        WHERE search_id = $1
          AND ($2::text[] IS NULL OR norm_categories && $2::text[])
          AND ($3::text[] IS NULL OR norm_state = ANY($3::text[]))
        ORDER BY position
        LIMIT $4 OFFSET $5`,
      [searchId, filter.normCategories ?? null, filter.normStates ?? null, filter.limit, filter.offset],
    );
    if (rows.length > 0) return { total: Number(rows[0].total), rows: rows.map(({ total: _t, ...r }) => r) };
    const counted: Array<{ n: number }> = await this.dataSource.query(
      `SELECT count(*)::int AS n FROM legal_search_match
        WHERE search_id = $1 AND ($2::text[] IS NULL OR norm_categories && $2::text[]) AND ($3::text[] IS NULL OR norm_state = ANY($3::text[]))`,
      [searchId, filter.normCategories ?? null, filter.normStates ?? null],
    );
    return { total: counted[0].n, rows: [] };
  }

  async findMatch(searchId: string, personUuid: string): Promise<StoredMatch | null> {
    const rows: StoredMatch[] = await this.dataSource.query(
      `SELECT person_uuid AS uuid, name, lawsuit_count AS count, categories, norm_categories AS "normCategories",
              to_char(agreement_date, 'YYYY-MM-DD') AS "agreementDate", state, norm_state AS "normState"
         FROM legal_search_match WHERE search_id = $1 AND person_uuid = $2`,
      [searchId, personUuid],
    );
    return rows[0] ?? null;
  }

  async unlockedUuids(searchId: string): Promise<string[]> {
    const rows: Array<{ person_uuid: string }> = await this.dataSource.query(
      `SELECT person_uuid FROM legal_unlock WHERE search_id = $1 ORDER BY unlocked_at, person_uuid`,
      [searchId],
    );
    return rows.map((r) => r.person_uuid);
  }

  /**
   * Unlocks a record of a search and charges it, exactly once: of concurrent first readings one
   * inserts the unlock row (its charge and `firstUnlockEvents`) and the others wait on it and then
   * find it there.
   */
  async unlockOnce(
    searchId: string,
    personUuid: string,
    clientId: string,
    firstUnlockEvents: readonly DomainEvent[],
  ): Promise<{ newlyUnlocked: boolean; unlockedAt: Date }> {
    return this.dataSource.transaction(async (tx) => {
      const inserted: Array<{ unlocked_at: Date }> = await tx.query(
        `INSERT INTO legal_unlock (search_id, person_uuid) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING unlocked_at`,
        [searchId, personUuid],
      );
      if (inserted[0]) {
        await this.charge(tx, { clientId, kind: 'LEGAL_RECORD_UNLOCK', searchId, personUuid });
        await this.events.append(tx, clientId, firstUnlockEvents);
        return { newlyUnlocked: true, unlockedAt: inserted[0].unlocked_at };
      }
      const existing: Array<{ unlocked_at: Date }> = await tx.query(
        `SELECT unlocked_at FROM legal_unlock WHERE search_id = $1 AND person_uuid = $2`,
        [searchId, personUuid],
      );
      return { newlyUnlocked: false, unlockedAt: existing[0].unlocked_at };
    });
  }
}
