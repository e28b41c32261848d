import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type {
  ConfirmedAlert,
  DecisionRecord,
  DisputeRecord,
  DomainEvent,
  FinalResult,
  Finding,
  ProcessResult,
  ProcessReview,
  ProcessStatus,
  ReviewDecision,
  WatchListEntry,
} from '@app/domain';
import { DataSource } from 'typeorm';
import { EventRepository } from './event.repository';
import { queryRows, SqlExecutor } from './executor';

/** A process of a request under review, as stored. */
export interface ReviewedProcessRow {
  id: string;
  generation: number;
  name: string;
  status: ProcessStatus;
  result: ProcessResult;
  startDate: number | null;
  endDate: number | null;
  summary: unknown;
  review: ProcessReview | null;
}

/** A request locked for a review: what deciding on one of its findings reads. */
export interface RequestUnderReview {
  id: string;
  clientId: string;
  blocked: boolean;
  confirmedAlertResult: FinalResult | null;
  processes: ReviewedProcessRow[];
}

/** A review as answered. */
export interface ReviewRow {
  id: string;
  finding: Finding;
  decision: ReviewDecision;
  reason: string | null;
  reviewer: { id: string; email: string | null };
  at: number;
}

/** A dispute as answered; `status` is decided by the domain. */
export interface DisputeRow {
  id: string;
  processId: string;
  finding: Finding;
  statement: string | null;
  at: number;
}

/** A review as an access export shows it: which request, and the process or alert it decided on. */
export interface ExportedReviewRow extends ReviewRow {
  requestId: string;
  processId: string | null;
  alertId: string | null;
}

/** A dispute as an access export shows it. */
export interface ExportedDisputeRow extends DisputeRow {
  requestId: string;
}

/** A decision to record. */
export interface NewReview {
  clientId: string;
  requestId: string;
  processId: string | null;
  processGeneration: number | null;
  alertId: string | null;
  finding: Finding;
  entryState: string | null;
  decision: ReviewDecision;
  reason: string | null;
  reviewer: { id: string; email: string | null };
}

const PROCESS_COLUMNS = `p.id, p.generation, p.name, p.status, p.result,
  (extract(epoch FROM p.start_date) * 1000)::bigint AS "startDate",
  (extract(epoch FROM p.end_date) * 1000)::bigint AS "endDate", p.summary, p.review`;

const REVIEW_VIEW = `r.id, json_build_object('source', r.source, 'entryId', r.entry_id) AS finding, r.decision, r.reason,
  json_build_object('id', r.reviewer_id, 'email', r.reviewer_email) AS reviewer,
  (extract(epoch FROM r.created_at) * 1000)::bigint AS at`;

const DISPUTE_VIEW = `d.id, d.process_id AS "processId",
  json_build_object('source', d.source, 'entryId', d.entry_id) AS finding, d.statement,
  (extract(epoch FROM d.created_at) * 1000)::bigint AS at`;

const toNumber = (value: unknown): number | null =>
  value === null || value === undefined ? null : Number(value);

/**
 * Reviews of findings and disputes (docs/reviews.md). Every decision is written inside
 * `underReview`, which holds the request's row locked: two reviews of one request are decided one
 * after the other, each on what the other wrote, so the stored review states and the
 * `review_changed` events follow the decisions in order.
 */
@Injectable()
export class ReviewRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly events: EventRepository,
  ) {}

  /**
   * Runs `work` in a transaction holding the request locked (or, to read only, not locked); null
   * (and nothing run) when the request is unknown, another client's, or suppressed.
   */
  async underReview<T>(
    requestId: string,
    clientIds: string[],
    work: (tx: SqlExecutor, request: RequestUnderReview) => Promise<T>,
    mode: 'decide' | 'read' = 'decide',
  ): Promise<{ value: T } | null> {
    return this.dataSource.transaction(async (tx) => {
      const [request] = await queryRows<Omit<RequestUnderReview, 'processes'>>(
        tx,
        `SELECT r.id, r.client_id AS "clientId", r.blocked_at IS NOT NULL AS blocked,
                r.confirmed_alert_result AS "confirmedAlertResult"
           FROM candidate_request r
          WHERE r.id = $1 AND r.client_id = ANY($2) AND r.suppressed_at IS NULL
          ${mode === 'decide' ? 'FOR UPDATE' : ''}`,
        [requestId, clientIds],
      );
      if (!request) return null;
      const processes = await queryRows<ReviewedProcessRow>(
        tx,
        `SELECT ${PROCESS_COLUMNS} FROM request_process p WHERE p.request_id = $1 ORDER BY p.position`,
        [requestId],
      );
      const loaded: RequestUnderReview = {
        ...request,
        processes: processes.map((p) => ({
          ...p,
          startDate: toNumber(p.startDate),
          endDate: toNumber(p.endDate),
        })),
      };
      return { value: await work(tx, loaded) };
    });
  }

  /** The request an alert of the caller's clients belongs to, or null. */
  async requestOfAlert(alertId: string, clientIds: string[]): Promise<string | null> {
    const [row] = await queryRows<{ requestId: string }>(
      this.dataSource,
      `SELECT request_id AS "requestId" FROM monitor_alert WHERE id = $1 AND client_id = ANY($2)`,
      [alertId, clientIds],
    );
    return row?.requestId ?? null;
  }

  /** Every decision on the request's findings and every dispute, oldest first. */
  async decisionsAndDisputes(
    executor: SqlExecutor | null,
    requestId: string,
  ): Promise<{ decisions: DecisionRecord[]; disputes: DisputeRecord[] }> {
    const db = executor ?? this.dataSource;
    const [row] = await queryRows<{ decisions: DecisionRecord[] | null; disputes: DisputeRecord[] | null }>(
      db,
      `SELECT
         (SELECT json_agg(json_build_object(
                   'finding', json_build_object('source', r.source, 'entryId', r.entry_id),
                   'decision', r.decision, 'at', (extract(epoch FROM r.created_at) * 1000)::bigint,
                   'processId', r.process_id, 'processGeneration', r.process_generation,
                   'entryState', r.entry_state) ORDER BY r.seq)
            FROM finding_review r WHERE r.request_id = $1) AS decisions,
         (SELECT json_agg(json_build_object(
                   'finding', json_build_object('source', d.source, 'entryId', d.entry_id),
                   'processId', d.process_id, 'at', (extract(epoch FROM d.created_at) * 1000)::bigint) ORDER BY d.seq)
            FROM finding_dispute d WHERE d.request_id = $1) AS disputes`,
      [requestId],
    );
    return { decisions: row?.decisions ?? [], disputes: row?.disputes ?? [] };
  }

  /** The entries a list process kept as imported (its raw details), to know an entry's state. */
  async importedEntries(tx: SqlExecutor, processId: string): Promise<WatchListEntry[]> {
    const [row] = await queryRows<{ entries: WatchListEntry[] | null }>(
      tx,
      `SELECT p.raw_details->'payload'->'entries' AS entries FROM request_process p WHERE p.id = $1`,
      [processId],
    );
    return Array.isArray(row?.entries) ? row.entries : [];
  }

  async insertReview(tx: SqlExecutor, review: NewReview): Promise<ReviewRow> {
    const [row] = await queryRows<ReviewRow>(
      tx,
      `INSERT INTO finding_review AS r (id, client_id, request_id, process_id, process_generation, alert_id, source,
                                   entry_id, entry_state, decision, reason, reviewer_id, reviewer_email)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
       RETURNING ${REVIEW_VIEW}`,
      [
        randomUUID(),
        review.clientId,
        review.requestId,
        review.processId,
        review.processGeneration,
        review.alertId,
        review.finding.source,
        review.finding.entryId,
        review.entryState,
        review.decision,
        review.reason,
        review.reviewer.id,
        review.reviewer.email,
      ],
    );
    return { ...row, at: Number(row.at) };
  }

  async insertDispute(
    tx: SqlExecutor,
    dispute: {
      clientId: string;
      requestId: string;
      processId: string;
      finding: Finding;
      statement: string;
      createdBy: string;
    },
  ): Promise<DisputeRow> {
    const [row] = await queryRows<DisputeRow>(
      tx,
      `INSERT INTO finding_dispute AS d (id, client_id, request_id, process_id, source, entry_id, statement, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       RETURNING ${DISPUTE_VIEW}`,
      [
        randomUUID(),
        dispute.clientId,
        dispute.requestId,
        dispute.processId,
        dispute.finding.source,
        dispute.finding.entryId,
        dispute.statement,
        dispute.createdBy,
      ],
    );
    return { ...row, at: Number(row.at) };
  }

  /** The request's confirmed alerts, a legal-records one with its person's lawsuits as the corpus has them now. */
  async confirmedAlerts(tx: SqlExecutor, requestId: string): Promise<ConfirmedAlert[]> {
    return queryRows<ConfirmedAlert>(
      tx,
      `SELECT a.source, a.entry_id AS "entryId", a.match,
              CASE WHEN a.source = 'legal-records' THEN
                (SELECT json_build_object('lawsuits', p.lawsuit_count, 'asDefendant', p.as_defendant)
                   FROM legal_person p WHERE p.uuid::text = a.entry_id) END AS person
         FROM monitor_alert a WHERE a.request_id = $1 AND a.status = 'confirmed'`,
      [requestId],
    );
  }

  /** Writes what the decisions changed: the processes' reviews, the confirmed alerts' result, the events. */
  async writeReviewState(
    tx: SqlExecutor,
    request: Pick<RequestUnderReview, 'id' | 'clientId'>,
    changes: {
      processes: Array<{ id: string; review: ProcessReview | null }>;
      confirmedAlertResult: FinalResult | null;
      events: DomainEvent[];
    },
  ): Promise<void> {
    if (changes.processes.length > 0)
      await tx.query(
        `UPDATE request_process p SET review = c.review, updated_at = now()
           FROM jsonb_to_recordset($1::jsonb) AS c(id uuid, review jsonb)
          WHERE p.id = c.id AND p.request_id = $2`,
        [JSON.stringify(changes.processes), request.id],
      );
    await tx.query(`UPDATE candidate_request SET confirmed_alert_result = $2 WHERE id = $1`, [
      request.id,
      changes.confirmedAlertResult,
    ]);
    if (changes.events.length) await this.events.append(tx, request.clientId, changes.events);
  }

  /** The reviews of one process, oldest first. */
  async reviewsOfProcess(tx: SqlExecutor, processId: string): Promise<ReviewRow[]> {
    const rows = await queryRows<ReviewRow>(
      tx,
      `SELECT ${REVIEW_VIEW} FROM finding_review r WHERE r.process_id = $1 ORDER BY r.seq`,
      [processId],
    );
    return rows.map((row) => ({ ...row, at: Number(row.at) }));
  }

  /** The disputes of a request, oldest first. */
  async disputesOfRequest(tx: SqlExecutor, requestId: string): Promise<DisputeRow[]> {
    const rows = await queryRows<DisputeRow>(
      tx,
      `SELECT ${DISPUTE_VIEW} FROM finding_dispute d WHERE d.request_id = $1 ORDER BY d.seq`,
      [requestId],
    );
    return rows.map((row) => ({ ...row, at: Number(row.at) }));
  }

  /**
   * Every review and dispute of these requests, oldest first (an access export: docs/privacy.md,
   * "ARCO requests"); the requests are the caller's, already matched in its client.
   */
  async ofRequests(
    requestIds: readonly string[],
  ): Promise<{ reviews: ExportedReviewRow[]; disputes: ExportedDisputeRow[] }> {
    if (requestIds.length === 0) return { reviews: [], disputes: [] };
    const [reviews, disputes] = await Promise.all([
      queryRows<ExportedReviewRow>(
        this.dataSource,
        `SELECT ${REVIEW_VIEW}, r.request_id AS "requestId", r.process_id AS "processId", r.alert_id AS "alertId"
           FROM finding_review r WHERE r.request_id = ANY($1::uuid[]) ORDER BY r.seq`,
        [requestIds],
      ),
      queryRows<ExportedDisputeRow>(
        this.dataSource,
        `SELECT ${DISPUTE_VIEW}, d.request_id AS "requestId"
           FROM finding_dispute d WHERE d.request_id = ANY($1::uuid[]) ORDER BY d.seq`,
        [requestIds],
      ),
    ]);
    return {
      reviews: reviews.map((row) => ({ ...row, at: Number(row.at) })),
      disputes: disputes.map((row) => ({ ...row, at: Number(row.at) })),
    };
  }
}
