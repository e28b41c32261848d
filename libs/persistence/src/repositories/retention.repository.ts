import type { ClientRetention, RetentionCutOff, RetentionSettings } from '@app/domain';
import { DataSource } from 'typeorm';
import { APPEND_CLIENT_EVENTS } from './hot-statements';
import { queryRows, SqlExecutor } from './executor';
import { ErasureReport, PersonalDataEraser } from './personal-data-eraser';

/** What the domain needs to decide whether a request is blocked now (times in epoch ms). */
export interface RequestRetentionRow {
  id: string;
  clientId: string;
  createdAt: number;
  processes: Array<{ status: string; endDate: number | null }>;
  /** A monitor on the request is active. */
  monitored: boolean;
}

/**
 * Where a page of blocking candidates ends: the next page starts after it. `at` is the creation
 * time exactly as stored (microseconds: a millisecond would repeat a page of equal times forever).
 */
export interface CandidatePosition {
  at: string;
  id: string;
}

/** A blocking candidate: what the domain decides on, and where it stands in the candidates' order. */
export type BlockingCandidate = RequestRetentionRow & { position: CandidatePosition };

/** What a suppression did: the rows it marked and what the eraser touched. */
export interface Suppressed {
  ids: string[];
  erased: ErasureReport | null;
}

const FACTS = `r.id, r.client_id AS "clientId", (extract(epoch FROM r.created_at) * 1000)::float8 AS "createdAt",
  coalesce((SELECT json_agg(json_build_object('status', p.status,
                                              'endDate', (extract(epoch FROM p.end_date) * 1000)::float8))
              FROM request_process p WHERE p.request_id = r.id), '[]') AS processes,
  EXISTS (SELECT 1 FROM monitor m WHERE m.request_id = r.id AND m.status = 'active') AS monitored`;

/** The cut-offs as parameters: client ids, then one instant per client. */
function cutOffParams(cutOffs: readonly RetentionCutOff[], pick: (c: RetentionCutOff) => number) {
  return [cutOffs.map((c) => c.clientId), cutOffs.map((c) => new Date(pick(c)).toISOString())];
}

/** The blocking (or suppression) events of requests, one client each. */
async function appendEvents(
  tx: SqlExecutor,
  type: 'candidate_request.blocked' | 'candidate_request.suppressed',
  rows: ReadonlyArray<{ id: string; clientId: string }>,
): Promise<void> {
  if (rows.length === 0) return;
  await APPEND_CLIENT_EVENTS.query(tx, {
    events: rows.map((row) => ({ clientId: row.clientId, event: { type, data: { uuid: row.id } } })),
  });
}

/**
 * Retention of personal data (docs/privacy.md, "Retention: blocking, then suppression"): each
 * client's settings, the blocking and suppression of candidate requests and legal-records searches,
 * and `blockNow` for whoever must block at once (the cancellation right). Every change is
 * conditional (`blocked_at IS NULL`, `suppressed_at IS NULL`) on rows locked with SKIP LOCKED, so
 * two processors sweeping at once, or one sweeping twice, block and suppress each row once and
 * write each event once. The rules (what is due) are the domain's: the SQL gets cut-offs.
 */
export class RetentionRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly eraser: PersonalDataEraser,
  ) {}

  /** Null for an unknown client. */
  async settings(clientId: string): Promise<RetentionSettings | null> {
    const [row] = await queryRows<RetentionSettings>(
      this.dataSource,
      `SELECT retention_active_days AS "activeDays", retention_blocked_days AS "blockedDays" FROM client WHERE id = $1`,
      [clientId],
    );
    return row ?? null;
  }

  /**
   * Changes a client's settings to what `change` makes of the current ones (the domain's rule),
   * read under the client row's lock so two changes at once each see the other's; null for an
   * unknown client.
   */
  async changeSettings(
    clientId: string,
    change: (current: RetentionSettings) => RetentionSettings,
  ): Promise<RetentionSettings | null> {
    return this.dataSource.transaction(async (tx) => {
      const [current] = await queryRows<RetentionSettings>(
        tx,
        `SELECT retention_active_days AS "activeDays", retention_blocked_days AS "blockedDays"
           FROM client WHERE id = $1 FOR UPDATE`,
        [clientId],
      );
      if (!current) return null;
      const next = change(current);
      const [row] = await queryRows<RetentionSettings>(
        tx,
        `UPDATE client SET retention_active_days = $2, retention_blocked_days = $3 WHERE id = $1
         RETURNING retention_active_days AS "activeDays", retention_blocked_days AS "blockedDays"`,
        [clientId, next.activeDays, next.blockedDays],
      );
      return row;
    });
  }

  /** Every client's settings: the sweep computes their cut-offs. */
  clients(): Promise<ClientRetention[]> {
    return queryRows<ClientRetention>(
      this.dataSource,
      `SELECT id AS "clientId", retention_active_days AS "activeDays", retention_blocked_days AS "blockedDays"
         FROM client ORDER BY id`,
    );
  }

  /**
   * Unblocked requests created at or before their client's `blockFinishedBy` (a request's last
   * finish is never before its creation, so no other can be due), after `after` in (creation, id)
   * order, with what the domain needs to decide. Read from the partial index of unblocked requests.
   */
  async blockingCandidates(
    cutOffs: readonly RetentionCutOff[],
    after: CandidatePosition | null,
    limit: number,
  ): Promise<BlockingCandidate[]> {
    if (cutOffs.length === 0) return [];
    return queryRows<BlockingCandidate>(
      this.dataSource,
      `SELECT ${FACTS}, json_build_object('at', r.created_at::text, 'id', r.id) AS position
         FROM unnest($1::text[], $2::timestamptz[]) AS c(client_id, cut_off)
         CROSS JOIN LATERAL (
           SELECT r.id, r.client_id, r.created_at FROM candidate_request r
            WHERE r.client_id = c.client_id AND r.blocked_at IS NULL AND r.created_at <= c.cut_off
              AND (r.created_at, r.id) > ($3::timestamptz, $4::uuid)
            ORDER BY r.created_at, r.id LIMIT $5) r
        ORDER BY r.created_at, r.id LIMIT $5`,
      [
        ...cutOffParams(cutOffs, (c) => c.blockFinishedBy),
        after?.at ?? '-infinity',
        after?.id ?? '00000000-0000-0000-0000-000000000000',
        limit,
      ],
    );
  }

  /**
   * Blocks those of `ids` that `stillDue` says are due when read again under their lock (a request
   * another processor holds is left to it), with their `candidate_request.blocked` events, in one
   * transaction. The lock comes first and the facts are read by a later statement, so a step or a
   * monitor committed meanwhile is seen. Answers the ids blocked.
   */
  async blockRequests(
    ids: readonly string[],
    stillDue: (row: RequestRetentionRow) => boolean,
  ): Promise<string[]> {
    if (ids.length === 0) return [];
    return this.dataSource.transaction(async (tx) => {
      const locked = await queryRows<{ id: string }>(
        tx,
        `SELECT id FROM candidate_request WHERE id = ANY($1::uuid[]) AND blocked_at IS NULL
          ORDER BY id FOR UPDATE SKIP LOCKED`,
        [ids],
      );
      if (locked.length === 0) return [];
      const rows = await queryRows<RequestRetentionRow>(
        tx,
        `SELECT ${FACTS} FROM candidate_request r WHERE r.id = ANY($1::uuid[])`,
        [locked.map((row) => row.id)],
      );
      const due = rows.filter(stillDue);
      if (due.length === 0) return [];
      await tx.query(`UPDATE candidate_request SET blocked_at = now() WHERE id = ANY($1::uuid[])`, [
        due.map((row) => row.id),
      ]);
      await appendEvents(tx, 'candidate_request.blocked', due);
      return due.map((row) => row.id);
    });
  }

  /** Blocks up to `limit` searches created at or before their client's cut-off; answers their ids. */
  async blockDueSearches(cutOffs: readonly RetentionCutOff[], limit: number): Promise<string[]> {
    if (cutOffs.length === 0) return [];
    const rows = await queryRows<{ id: string }>(
      this.dataSource,
      `WITH due AS (
         SELECT s.id FROM unnest($1::text[], $2::timestamptz[]) AS c(client_id, cut_off)
          CROSS JOIN LATERAL (
            SELECT s.id FROM legal_search s
             WHERE s.client_id = c.client_id AND s.blocked_at IS NULL AND s.created_at <= c.cut_off
             ORDER BY s.created_at LIMIT $3 FOR UPDATE SKIP LOCKED) s
          LIMIT $3)
       UPDATE legal_search s SET blocked_at = now() FROM due WHERE s.id = due.id AND s.blocked_at IS NULL
       RETURNING s.id`,
      [...cutOffParams(cutOffs, (c) => c.blockFinishedBy), limit],
    );
    return rows.map((row) => row.id);
  }

  /**
   * Suppresses up to `limit` requests blocked at or before their client's `suppressBlockedBy`: their
   * personal data erased, `suppressed_at` set and their `candidate_request.suppressed` events
   * written, in one transaction.
   */
  async suppressDueRequests(cutOffs: readonly RetentionCutOff[], limit: number): Promise<Suppressed> {
    if (cutOffs.length === 0) return { ids: [], erased: null };
    return this.dataSource.transaction(async (tx) => {
      const rows = await queryRows<{ id: string; clientId: string }>(
        tx,
        `SELECT r.id, r.client_id AS "clientId" FROM unnest($1::text[], $2::timestamptz[]) AS c(client_id, cut_off)
          CROSS JOIN LATERAL (
            SELECT r.id, r.client_id FROM candidate_request r
             WHERE r.client_id = c.client_id AND r.blocked_at IS NOT NULL AND r.suppressed_at IS NULL
               AND r.blocked_at <= c.cut_off
             ORDER BY r.blocked_at LIMIT $3 FOR UPDATE SKIP LOCKED) r
          LIMIT $3`,
        [...cutOffParams(cutOffs, (c) => c.suppressBlockedBy), limit],
      );
      if (rows.length === 0) return { ids: [], erased: null };
      const ids = rows.map((row) => row.id);
      const erased = await this.eraser.erase(tx, { requestIds: ids, searchIds: [] });
      await tx.query(`UPDATE candidate_request SET suppressed_at = now() WHERE id = ANY($1::uuid[])`, [ids]);
      await appendEvents(tx, 'candidate_request.suppressed', rows);
      return { ids, erased };
    });
  }

  /** As suppressDueRequests, for searches (no events: searches emit none). */
  async suppressDueSearches(cutOffs: readonly RetentionCutOff[], limit: number): Promise<Suppressed> {
    if (cutOffs.length === 0) return { ids: [], erased: null };
    return this.dataSource.transaction(async (tx) => {
      const rows = await queryRows<{ id: string }>(
        tx,
        `SELECT s.id FROM unnest($1::text[], $2::timestamptz[]) AS c(client_id, cut_off)
          CROSS JOIN LATERAL (
            SELECT s.id FROM legal_search s
             WHERE s.client_id = c.client_id AND s.blocked_at IS NOT NULL AND s.suppressed_at IS NULL
               AND s.blocked_at <= c.cut_off
             ORDER BY s.blocked_at LIMIT $3 FOR UPDATE SKIP LOCKED) s
          LIMIT $3`,
        [...cutOffParams(cutOffs, (c) => c.suppressBlockedBy), limit],
      );
      if (rows.length === 0) return { ids: [], erased: null };
      const ids = rows.map((row) => row.id);
      const erased = await this.eraser.erase(tx, { requestIds: [], searchIds: ids });
      await tx.query(`UPDATE legal_search SET suppressed_at = now() WHERE id = ANY($1::uuid[])`, [ids]);
      return { ids, erased };
    });
  }

  /**
   * Blocks the given requests and searches now, whatever their age (the cancellation right): their
   * reads answer 410 at once, their active monitors stop, each request newly blocked gets its
   * `candidate_request.blocked` event, and the sweep suppresses them `blockedDays` later. Rows
   * already blocked are left as they are. Answers the ids newly blocked.
   */
  async blockNow(target: {
    requestIds: readonly string[];
    searchIds: readonly string[];
  }): Promise<{ requestIds: string[]; searchIds: string[] }> {
    return this.dataSource.transaction(async (tx) => {
      const requests = await queryRows<{ id: string; clientId: string }>(
        tx,
        `UPDATE candidate_request SET blocked_at = now() WHERE id = ANY($1::uuid[]) AND blocked_at IS NULL
         RETURNING id, client_id AS "clientId"`,
        [[...target.requestIds]],
      );
      if (requests.length > 0) {
        await tx.query(
          `UPDATE monitor SET status = 'stopped', ended_at = now() WHERE request_id = ANY($1::uuid[]) AND status = 'active'`,
          [requests.map((row) => row.id)],
        );
        await appendEvents(tx, 'candidate_request.blocked', requests);
      }
      const searches = await queryRows<{ id: string }>(
        tx,
        `UPDATE legal_search SET blocked_at = now() WHERE id = ANY($1::uuid[]) AND blocked_at IS NULL RETURNING id`,
        [[...target.searchIds]],
      );
      return { requestIds: requests.map((row) => row.id), searchIds: searches.map((row) => row.id) };
    });
  }
}
