import { Injectable } from '@nestjs/common';
import { offsetOf } from '@app/domain';
import type { AttemptOutcome, DeliveryStatus } from '@app/domain';
import { DataSource } from 'typeorm';
import { ENVELOPE, StoredEvent } from './event.repository';
import { queryRows, SqlExecutor } from './executor';
import { CANCEL_PENDING_DELIVERIES } from './webhook-endpoint.repository';

/** One attempt as the deliveries list shows it (CONTRACT 7.3). */
export interface DeliveryAttempt {
  /** Epoch milliseconds: when the attempt started. */
  at: number;
  /** Null when no HTTP answer came (refused, timed out, connection failed). */
  httpStatus: number | null;
  durationMs: number;
  /** Null on success. */
  error: string | null;
}

export interface DeliveryView {
  id: string;
  eventId: string;
  eventType: string;
  status: DeliveryStatus;
  attempts: DeliveryAttempt[];
  nextAttemptAt: number | null;
}

/** Everything one attempt needs, read once before it (outside any transaction). */
export interface DeliveryForAttempt {
  id: string;
  endpointId: string;
  subject: string;
  status: DeliveryStatus;
  generation: number;
  attemptsMade: number;
  url: string;
  secret: Buffer;
  previousSecret: Buffer | null;
  previousSecretUntil: number | null;
  event: StoredEvent;
}

/**
 * SQL that locks a chain (the deliveries of one subject to one endpoint) until the transaction ends:
 * the dispatcher adding deliveries to it and an attempt releasing its next one take it, so neither
 * misses what the other writes.
 */
export function chainLock(endpointId: string, subject: string): string {
  return `pg_advisory_xact_lock(hashtextextended(${endpointId} || '|' || ${subject}, 0))`;
}

const VIEW = `d.id, 'evt_' || d.event_tx || '_' || d.event_seq AS "eventId", d.event_type AS "eventType", d.status,
  d.attempts, (extract(epoch FROM d.next_attempt_at) * 1000)::bigint AS "nextAttemptAt"`;

/** jsonb keeps keys in its own order: give each attempt back in the order CONTRACT 7.3 shows. */
function viewOf(row: DeliveryView): DeliveryView {
  return {
    ...row,
    attempts: row.attempts.map(({ at, httpStatus, durationMs, error }) => ({
      at,
      httpStatus,
      durationMs,
      error,
    })),
    nextAttemptAt: row.nextAttemptAt === null ? null : Number(row.nextAttemptAt),
  };
}

/** Deliveries of webhook endpoints (CONTRACT 7.3, 7.4). */
@Injectable()
export class WebhookDeliveryRepository {
  constructor(private readonly dataSource: DataSource) {}

  inTransaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** Newest event first. The caller has checked the endpoint is the caller's. */
  async list(
    endpointId: string,
    filter: { status?: DeliveryStatus; page: number; limit: number },
  ): Promise<{ rows: DeliveryView[]; total: number }> {
    const [rows, counted] = await Promise.all([
      queryRows<DeliveryView>(
        this.dataSource,
        `SELECT ${VIEW} FROM webhook_delivery d
          WHERE d.endpoint_id = $1 AND ($2::text IS NULL OR d.status = $2)
          ORDER BY d.event_created_at DESC, d.event_tx DESC, d.event_seq DESC LIMIT $3 OFFSET $4`,
        [endpointId, filter.status ?? null, filter.limit, offsetOf(filter.page, filter.limit)],
      ),
      queryRows<{ n: number }>(
        this.dataSource,
        `SELECT count(*)::int AS n FROM webhook_delivery WHERE endpoint_id = $1 AND ($2::text IS NULL OR status = $2)`,
        [endpointId, filter.status ?? null],
      ),
    ]);
    return { rows: rows.map(viewOf), total: counted[0].n };
  }

  /**
   * A manual retry: pending again, due now, whatever its status; jobs of earlier generations become
   * stale. Null when the delivery is not the endpoint's.
   */
  async rescheduleNow(
    tx: SqlExecutor,
    endpointId: string,
    deliveryId: string,
  ): Promise<(DeliveryView & { generation: number }) | null> {
    const rows = await queryRows<DeliveryView & { generation: number }>(
      tx,
      `UPDATE webhook_delivery d SET status = 'pending', next_attempt_at = now(), generation = generation + 1
        WHERE d.id = $1 AND d.endpoint_id = $2 RETURNING ${VIEW}, d.generation`,
      [deliveryId, endpointId],
    );
    return rows[0] ? { ...viewOf(rows[0]), generation: rows[0].generation } : null;
  }

  async forAttempt(deliveryId: string): Promise<DeliveryForAttempt | null> {
    const rows = await queryRows<Omit<DeliveryForAttempt, 'event'> & StoredEvent & { deliveryId: string }>(
      this.dataSource,
      `SELECT d.id AS "deliveryId", d.endpoint_id AS "endpointId", d.subject, d.status, d.generation,
              jsonb_array_length(d.attempts) AS "attemptsMade", w.url, w.secret, w.previous_secret AS "previousSecret",
              (extract(epoch FROM w.previous_secret_until) * 1000)::bigint AS "previousSecretUntil", ${ENVELOPE}
         FROM webhook_delivery d
         JOIN webhook_endpoint w ON w.id = d.endpoint_id
         JOIN event e ON e.tx_id = d.event_tx AND e.seq = d.event_seq
        WHERE d.id = $1`,
      [deliveryId],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      id: row.deliveryId,
      endpointId: row.endpointId,
      subject: row.subject,
      status: row.status,
      generation: row.generation,
      attemptsMade: row.attemptsMade,
      url: row.url,
      secret: row.secret,
      previousSecret: row.previousSecret,
      previousSecretUntil: row.previousSecretUntil === null ? null : Number(row.previousSecretUntil),
      event: {
        id: row.id,
        type: row.type,
        createdAt: Number(row.createdAt),
        clientId: row.clientId,
        data: row.data,
      },
    };
  }

  /**
   * First in an attempt's transaction: locks the chain (so the dispatcher adding a delivery to it and
   * this attempt releasing the next one cannot miss each other), then the delivery, and reads what it
   * is now. Null when it is gone (its endpoint was deleted).
   */
  async lockForAttempt(
    tx: SqlExecutor,
    delivery: { id: string; endpointId: string; subject: string },
  ): Promise<{ status: DeliveryStatus; generation: number; attemptsMade: number } | null> {
    const rows = await queryRows<{ status: DeliveryStatus; generation: number; attemptsMade: number }>(
      tx,
      `SELECT d.status, d.generation, jsonb_array_length(d.attempts) AS "attemptsMade"
         FROM LATERAL (SELECT ${chainLock('$1::text', '$2::text')}) chain, webhook_delivery d
        WHERE d.id = $3 FOR UPDATE OF d`,
      [delivery.endpointId, delivery.subject, delivery.id],
    );
    return rows[0] ?? null;
  }

  /**
   * Records an attempt in one statement: appends it and applies `outcome` (null when the job was
   * stale: the attempt is only recorded; a retry bumps the generation); releases the next delivery
   * of the chain when none other waits for a first attempt (the rule of scheduleNewDeliveries); and
   * keeps the endpoint's failure streak. Answers the released delivery and since when the endpoint
   * has failed without a success.
   */
  async recordAttempt(
    tx: SqlExecutor,
    delivery: { id: string; endpointId: string; subject: string },
    attempt: DeliveryAttempt,
    outcome: AttemptOutcome | null,
  ): Promise<{ released: { id: string; generation: number } | null; failingSince: number | null }> {
    const rows = await queryRows<{
      released: { id: string; generation: number } | null;
      failingSince: string | null;
    }>(
      tx,
      `WITH recorded AS (
         UPDATE webhook_delivery d SET
           attempts = d.attempts || $3::jsonb,
           status = COALESCE($4, d.status),
           next_attempt_at = CASE WHEN $4 IS NULL THEN d.next_attempt_at ELSE $5::timestamptz END,
           generation = d.generation + CASE WHEN $4 = 'pending' THEN 1 ELSE 0 END
         WHERE d.id = $1),
       released AS (
         UPDATE webhook_delivery d SET next_attempt_at = now()
          WHERE d.id = (
                  SELECT id FROM webhook_delivery
                   WHERE endpoint_id = $2 AND subject = $6 AND status = 'pending' AND next_attempt_at IS NULL AND id <> $1
                   ORDER BY event_created_at, event_tx, event_seq LIMIT 1)
            AND NOT EXISTS (
                  SELECT 1 FROM webhook_delivery
                   WHERE endpoint_id = $2 AND subject = $6 AND status = 'pending' AND next_attempt_at IS NOT NULL
                     AND attempts = '[]' AND id <> $1)
         RETURNING d.id, d.generation),
       health AS (
         UPDATE webhook_endpoint w
            SET failing_since = CASE WHEN $7 THEN NULL ELSE $8::timestamptz END
          WHERE w.id = $2 AND (CASE WHEN $7 THEN w.failing_since IS NOT NULL ELSE w.failing_since IS NULL END)
         RETURNING w.failing_since)
       SELECT (SELECT row_to_json(released) FROM released) AS released,
              CASE WHEN $7 THEN NULL ELSE COALESCE((SELECT failing_since FROM health),
                (SELECT failing_since FROM webhook_endpoint WHERE id = $2)) END AS "failingSince"`,
      [
        delivery.id,
        delivery.endpointId,
        JSON.stringify([attempt]),
        outcome?.status ?? null,
        outcome?.status === 'pending' ? new Date(outcome.nextAttemptAt) : null,
        delivery.subject,
        attempt.error === null,
        new Date(attempt.at),
      ],
    );
    const row = rows[0];
    return {
      released: row.released,
      failingSince: row.failingSince === null ? null : new Date(row.failingSince).getTime(),
    };
  }

  /** CONTRACT 7.4: five days of failures disable an endpoint; what it had pending is cancelled. */
  async disableEndpoint(tx: SqlExecutor, endpointId: string): Promise<void> {
    await tx.query(`UPDATE webhook_endpoint SET enabled = false WHERE id = $1`, [endpointId]);
    await tx.query(CANCEL_PENDING_DELIVERIES, [endpointId]);
  }

  /**
   * Scheduled deliveries whose attempt is overdue by more than `graceMs`: their job was lost (a
   * Redis that restarted empty) or failed for good. Publishing the same job id again is harmless
   * when Bull still holds it.
   */
  overdue(graceMs: number, limit: number): Promise<Array<{ id: string; generation: number }>> {
    return queryRows(
      this.dataSource,
      `SELECT id, generation FROM webhook_delivery
        WHERE status = 'pending' AND next_attempt_at < now() - ($1::int * interval '1 millisecond')
        ORDER BY next_attempt_at LIMIT $2`,
      [graceMs, limit],
    );
  }
}
