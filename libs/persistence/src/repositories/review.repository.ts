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
import { SqlExecutor } from './executor';
import { hotStatement, scalar } from './hot-sql';
import { col, epochMs, json, jsonList, jsonObject, readStatement, type RowOf } from './read-sql';

/** A process of a request under review, as stored. */
const REVIEWED_PROCESS_FIELDS = {
  id: col('uuid', 'p.id'),
  generation: col('int', 'p.generation'),
  name: col('text', 'p.name'),
  status: col('text', 'p.status').as<ProcessStatus>(),
  result: col('text', 'p.result').as<ProcessResult>(),
  startDate: epochMs('p.start_date').orNull(),
  endDate: epochMs('p.end_date').orNull(),
  summary: json<unknown>('p.summary'),
  review: json<ProcessReview | null>('p.review'),
};
export type ReviewedProcessRow = RowOf<typeof REVIEWED_PROCESS_FIELDS>;

const findingOf = (alias: string) =>
  jsonObject({ source: col('text', `${alias}.source`), entryId: col('text', `${alias}.entry_id`) });

/** A review as answered. */
const REVIEW_FIELDS = {
  id: col('uuid', 'r.id'),
  finding: findingOf('r'),
  decision: col('text', 'r.decision').as<ReviewDecision>(),
  reason: col('text', 'r.reason').orNull(),
  reviewer: jsonObject({ id: col('uuid', 'r.reviewer_id'), email: col('text', 'r.reviewer_email').orNull() }),
  at: epochMs('r.created_at'),
};
export type ReviewRow = RowOf<typeof REVIEW_FIELDS>;

/** A dispute as answered; `status` is decided by the domain. */
const DISPUTE_FIELDS = {
  id: col('uuid', 'd.id'),
  processId: col('uuid', 'd.process_id'),
  finding: findingOf('d'),
  statement: col('text', 'd.statement').orNull(),
  at: epochMs('d.created_at'),
};
export type DisputeRow = RowOf<typeof DISPUTE_FIELDS>;

/** The request under review (locked when `lock`: a decision); unknown, another client's or suppressed: none. */
const requestUnderReview = (name: string, lock: string) =>
  readStatement(
    name,
    { requestId: scalar('uuid'), clientIds: scalar('text[]') },
    {
      id: col('uuid', 'r.id'),
      clientId: col('text', 'r.client_id'),
      blocked: col('bool', 'r.blocked_at IS NOT NULL'),
      confirmedAlertResult: col('text', 'r.confirmed_alert_result').orNull().as<FinalResult | null>(),
    },
    (q, select) => `SELECT ${select}
  FROM candidate_request r
 WHERE r.id = ${q.requestId} AND r.client_id = ANY(${q.clientIds}) AND r.suppressed_at IS NULL${lock}`,
  );
export const LOCK_REQUEST_UNDER_REVIEW = requestUnderReview('review-lock-request', '\n   FOR UPDATE');
export const READ_REQUEST_UNDER_REVIEW = requestUnderReview('review-read-request', '');

/** The processes of a request under review, in their order. */
export const READ_REVIEWED_PROCESSES = readStatement(
  'review-processes',
  { requestId: scalar('uuid') },
  REVIEWED_PROCESS_FIELDS,
  (q, select) =>
    `SELECT ${select} FROM request_process p WHERE p.request_id = ${q.requestId} ORDER BY p.position`,
);

/** The request an alert of the caller's clients belongs to. */
export const READ_REQUEST_OF_ALERT = readStatement(
  'review-request-of-alert',
  { alertId: scalar('uuid'), clientIds: scalar('text[]') },
  { requestId: col('uuid', 'request_id') },
  (q, select) =>
    `SELECT ${select} FROM monitor_alert WHERE id = ${q.alertId} AND client_id = ANY(${q.clientIds})`,
);

/** Every decision on a request's findings and every dispute, oldest first. */
export const READ_DECISIONS_AND_DISPUTES = readStatement(
  'review-decisions-and-disputes',
  { requestId: scalar('uuid') },
  (q) => ({
    decisions: jsonList(
      {
        finding: findingOf('r'),
        decision: col('text', 'r.decision').as<ReviewDecision>(),
        at: epochMs('r.created_at'),
        processId: col('uuid', 'r.process_id').orNull(),
        processGeneration: col('smallint', 'r.process_generation').orNull(),
        entryState: col('text', 'r.entry_state').orNull(),
      },
      `finding_review r WHERE r.request_id = ${q.requestId}`,
      'r.seq',
    ),
    disputes: jsonList(
      { finding: findingOf('d'), processId: col('uuid', 'd.process_id'), at: epochMs('d.created_at') },
      `finding_dispute d WHERE d.request_id = ${q.requestId}`,
      'd.seq',
    ),
  }),
  (_q, select) => `SELECT ${select}`,
);

/** The entries a list process kept as imported (its raw details). */
export const READ_IMPORTED_ENTRIES = readStatement(
  'review-imported-entries',
  { processId: scalar('uuid') },
  { entries: json<WatchListEntry[] | null>(`p.raw_details->'payload'->'entries'`) },
  (q, select) => `SELECT ${select} FROM request_process p WHERE p.id = ${q.processId}`,
);

/** A decision on a finding, answered as a review. */
export const INSERT_REVIEW = readStatement(
  'review-insert',
  {
    id: scalar('uuid'),
    clientId: scalar('text'),
    requestId: scalar('uuid'),
    processId: scalar('uuid'),
    processGeneration: scalar('smallint'),
    alertId: scalar('uuid'),
    source: scalar('text'),
    entryId: scalar('text'),
    entryState: scalar('text'),
    decision: scalar('text'),
    reason: scalar('text'),
    reviewerId: scalar('uuid'),
    reviewerEmail: scalar('text'),
  },
  REVIEW_FIELDS,
  (
    q,
    select,
  ) => `INSERT INTO finding_review AS r (id, client_id, request_id, process_id, process_generation, alert_id, source,
                                 entry_id, entry_state, decision, reason, reviewer_id, reviewer_email)
VALUES (${q.id}, ${q.clientId}, ${q.requestId}, ${q.processId}, ${q.processGeneration}, ${q.alertId}, ${q.source},
        ${q.entryId}, ${q.entryState}, ${q.decision}, ${q.reason}, ${q.reviewerId}, ${q.reviewerEmail})
RETURNING ${select}`,
);

/** A candidate's dispute of a finding, answered as a dispute. */
export const INSERT_DISPUTE = readStatement(
  'review-insert-dispute',
  {
    id: scalar('uuid'),
    clientId: scalar('text'),
    requestId: scalar('uuid'),
    processId: scalar('uuid'),
    source: scalar('text'),
    entryId: scalar('text'),
    statement: scalar('text'),
    createdBy: scalar('uuid'),
  },
  DISPUTE_FIELDS,
  (
    q,
    select,
  ) => `INSERT INTO finding_dispute AS d (id, client_id, request_id, process_id, source, entry_id, statement, created_by)
VALUES (${q.id}, ${q.clientId}, ${q.requestId}, ${q.processId}, ${q.source}, ${q.entryId}, ${q.statement}, ${q.createdBy})
RETURNING ${select}`,
);

/** A request's confirmed alerts, a legal-records one with its person's lawsuits as the corpus has them now. */
export const READ_CONFIRMED_ALERTS = readStatement(
  'review-confirmed-alerts',
  { requestId: scalar('uuid') },
  {
    source: col('text', 'a.source'),
    entryId: col('text', 'a.entry_id'),
    match: json<ConfirmedAlert['match']>('a.match'),
    person: json<ConfirmedAlert['person']>(`CASE WHEN a.source = 'legal-records' THEN
        (SELECT json_build_object('lawsuits', p.lawsuit_count, 'asDefendant', p.as_defendant)
           FROM legal_person p WHERE p.uuid::text = a.entry_id) END`),
  },
  (q, select) => `SELECT ${select}
  FROM monitor_alert a WHERE a.request_id = ${q.requestId} AND a.status = 'confirmed'`,
);

/** The processes' reviews the decisions changed. */
export const WRITE_PROCESS_REVIEWS = hotStatement<never>()(
  'review-write-process-reviews',
  { processes: scalar('jsonb'), requestId: scalar('uuid') },
  (q) => `UPDATE request_process p SET review = c.review, updated_at = now()
  FROM jsonb_to_recordset(${q.processes}) AS c(id uuid, review jsonb)
 WHERE p.id = c.id AND p.request_id = ${q.requestId}`,
);

/** The result the request's confirmed alerts raise it to. */
export const WRITE_CONFIRMED_ALERT_RESULT = hotStatement<never>()(
  'review-write-confirmed-alert-result',
  { requestId: scalar('uuid'), result: scalar('text') },
  (q) => `UPDATE candidate_request SET confirmed_alert_result = ${q.result} WHERE id = ${q.requestId}`,
);

/** The reviews of one process, oldest first. */
export const READ_REVIEWS_OF_PROCESS = readStatement(
  'review-reviews-of-process',
  { processId: scalar('uuid') },
  REVIEW_FIELDS,
  (q, select) => `SELECT ${select} FROM finding_review r WHERE r.process_id = ${q.processId} ORDER BY r.seq`,
);

/** The disputes of a request, oldest first. */
export const READ_DISPUTES_OF_REQUEST = readStatement(
  'review-disputes-of-request',
  { requestId: scalar('uuid') },
  DISPUTE_FIELDS,
  (q, select) => `SELECT ${select} FROM finding_dispute d WHERE d.request_id = ${q.requestId} ORDER BY d.seq`,
);

/** A request locked for a review: what deciding on one of its findings reads. */
export type RequestUnderReview = RowOf<typeof LOCK_REQUEST_UNDER_REVIEW.fields> & {
  processes: ReviewedProcessRow[];
};

/** A review as an access export shows it: which request, and the process or alert it decided on. */
export const READ_EXPORTED_REVIEWS = readStatement(
  'review-exported-reviews',
  { requestIds: scalar('uuid[]') },
  {
    ...REVIEW_FIELDS,
    requestId: col('uuid', 'r.request_id'),
    processId: col('uuid', 'r.process_id').orNull(),
    alertId: col('uuid', 'r.alert_id').orNull(),
  },
  (q, select) =>
    `SELECT ${select} FROM finding_review r WHERE r.request_id = ANY(${q.requestIds}) ORDER BY r.seq`,
);
export type ExportedReviewRow = RowOf<typeof READ_EXPORTED_REVIEWS.fields>;

/** A dispute as an access export shows it. */
export const READ_EXPORTED_DISPUTES = readStatement(
  'review-exported-disputes',
  { requestIds: scalar('uuid[]') },
  { ...DISPUTE_FIELDS, requestId: col('uuid', 'd.request_id') },
  (q, select) =>
    `SELECT ${select} FROM finding_dispute d WHERE d.request_id = ANY(${q.requestIds}) ORDER BY d.seq`,
);
export type ExportedDisputeRow = RowOf<typeof READ_EXPORTED_DISPUTES.fields>;

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
      const read = mode === 'decide' ? LOCK_REQUEST_UNDER_REVIEW : READ_REQUEST_UNDER_REVIEW;
      const [request] = await read.query(tx, { requestId, clientIds });
      if (!request) return null;
      const processes = await READ_REVIEWED_PROCESSES.query(tx, { requestId });
      const loaded: RequestUnderReview = { ...request, processes };
      return { value: await work(tx, loaded) };
    });
  }

  /** The request an alert of the caller's clients belongs to, or null. */
  async requestOfAlert(alertId: string, clientIds: string[]): Promise<string | null> {
    const [row] = await READ_REQUEST_OF_ALERT.query(this.dataSource, { alertId, clientIds });
    return row?.requestId ?? null;
  }

  /** Every decision on the request's findings and every dispute, oldest first. */
  async decisionsAndDisputes(
    executor: SqlExecutor | null,
    requestId: string,
  ): Promise<{ decisions: DecisionRecord[]; disputes: DisputeRecord[] }> {
    const db = executor ?? this.dataSource;
    const [row] = await READ_DECISIONS_AND_DISPUTES.query(db, { requestId });
    return { decisions: row?.decisions ?? [], disputes: row?.disputes ?? [] };
  }

  /** The entries a list process kept as imported (its raw details), to know an entry's state. */
  async importedEntries(tx: SqlExecutor, processId: string): Promise<WatchListEntry[]> {
    const [row] = await READ_IMPORTED_ENTRIES.query(tx, { processId });
    return Array.isArray(row?.entries) ? row.entries : [];
  }

  async insertReview(tx: SqlExecutor, review: NewReview): Promise<ReviewRow> {
    const [row] = await INSERT_REVIEW.query(tx, {
      id: randomUUID(),
      clientId: review.clientId,
      requestId: review.requestId,
      processId: review.processId,
      processGeneration: review.processGeneration,
      alertId: review.alertId,
      source: review.finding.source,
      entryId: review.finding.entryId,
      entryState: review.entryState,
      decision: review.decision,
      reason: review.reason,
      reviewerId: review.reviewer.id,
      reviewerEmail: review.reviewer.email,
    });
    return row;
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
    const [row] = await INSERT_DISPUTE.query(tx, {
      id: randomUUID(),
      clientId: dispute.clientId,
      requestId: dispute.requestId,
      processId: dispute.processId,
      source: dispute.finding.source,
      entryId: dispute.finding.entryId,
      statement: dispute.statement,
      createdBy: dispute.createdBy,
    });
    return row;
  }

  /** The request's confirmed alerts, a legal-records one with its person's lawsuits as the corpus has them now. */
  async confirmedAlerts(tx: SqlExecutor, requestId: string): Promise<ConfirmedAlert[]> {
    return READ_CONFIRMED_ALERTS.query(tx, { requestId });
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
      await WRITE_PROCESS_REVIEWS.query(tx, { processes: changes.processes, requestId: request.id });
    await WRITE_CONFIRMED_ALERT_RESULT.query(tx, {
      requestId: request.id,
      result: changes.confirmedAlertResult,
    });
    if (changes.events.length) await this.events.append(tx, request.clientId, changes.events);
  }

  /** The reviews of one process, oldest first. */
  async reviewsOfProcess(tx: SqlExecutor, processId: string): Promise<ReviewRow[]> {
    return READ_REVIEWS_OF_PROCESS.query(tx, { processId });
  }

  /** The disputes of a request, oldest first. */
  async disputesOfRequest(tx: SqlExecutor, requestId: string): Promise<DisputeRow[]> {
    return READ_DISPUTES_OF_REQUEST.query(tx, { requestId });
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
      READ_EXPORTED_REVIEWS.query(this.dataSource, { requestIds }),
      READ_EXPORTED_DISPUTES.query(this.dataSource, { requestIds }),
    ]);
    return { reviews, disputes };
  }
}
