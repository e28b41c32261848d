import { Injectable } from '@nestjs/common';
import { nextToRelease } from '@app/domain';
import type { AttemptOutcome, ChainLink, DeliveryStatus } from '@app/domain';
import { DataSource } from 'typeorm';
import { ENVELOPE, StoredEvent } from './event.repository';
import { pageWithTotal, preparedRows, queryRows, SqlExecutor } from './executor';
import { OutboxJob } from './outbox.repository';
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

/** A delivery an attempt's record made due: the next event of the subject, for the same endpoint. */
export interface ReleasedDelivery {
  id: string;
  generation: number;
  attemptsMade: number;
  event: StoredEvent;
}

/** The event envelope of `e` as a JSON object, keys in the order ENVELOPE gives them. */
const EVENT_JSON = `'id', 'evt_' || e.tx_id || '_' || e.seq, 'type', e.type,
  'createdAt', (extract(epoch FROM e.created_at) * 1000)::bigint, 'clientId', e.client_id, 'data', e.data`;

/** Everything one attempt needs, read once before it (outside any transaction). */
export interface DeliveryForAttempt {
  id: string;
  endpointId: string;
  /** The endpoint's client: deliveries are shared fairly between clients. */
  clientId: string;
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
    const { rows, total } = await pageWithTotal<DeliveryView>(
      this.dataSource,
      {
        select: VIEW,
        from: `webhook_delivery d WHERE d.endpoint_id = $1 AND ($2::text IS NULL OR d.status = $2)`,
        orderBy: 'd.event_created_at DESC, d.event_tx DESC, d.event_seq DESC',
        params: [endpointId, filter.status ?? null],
      },
      filter,
    );
    return { rows: rows.map(viewOf), total };
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

  /** Everything the attempts of these deliveries need, read at once (missing ones were deleted). */
  async forAttempts(deliveryIds: string[]): Promise<Map<string, DeliveryForAttempt>> {
    const rows = await preparedRows<
      Omit<DeliveryForAttempt, 'event' | 'clientId'> &
        StoredEvent & { deliveryId: string; endpointClientId: string }
    >(
      this.dataSource,
      'webhook-deliveries-for-attempts',
      `SELECT d.id AS "deliveryId", d.endpoint_id AS "endpointId", w.client_id AS "endpointClientId", d.subject, d.status, d.generation,
              jsonb_array_length(d.attempts) AS "attemptsMade", w.url, w.secret, w.previous_secret AS "previousSecret",
              (extract(epoch FROM w.previous_secret_until) * 1000)::bigint AS "previousSecretUntil", ${ENVELOPE}
         FROM webhook_delivery d
         JOIN webhook_endpoint w ON w.id = d.endpoint_id
         JOIN event e ON e.tx_id = d.event_tx AND e.seq = d.event_seq
        WHERE d.id = ANY($1::uuid[])`,
      [deliveryIds],
    );
    return new Map(
      rows.map((row) => [
        row.deliveryId,
        {
          id: row.deliveryId,
          endpointId: row.endpointId,
          clientId: row.endpointClientId,
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
        },
      ]),
    );
  }

  /**
   * Records an attempt in ONE statement (no transaction, no lock held across round trips):
   * - appends the attempt; applies `outcome` only if the delivery is still as it was read
   *   (`generation`, pending, `attemptsMade`), so a manual retry or a cancellation in the meantime
   *   keeps the schedule; a retry bumps the generation and inserts `retryJob` into the outbox;
   * - reads the subject's other pending deliveries (the chain), once, by the chain index: with
   *   conditions on next_attempt_at, the generic plan of this prepared statement scanned every
   *   scheduled pending delivery through the due index instead (about 800 rows per attempt in the
   *   webhooks bench);
   * - keeps the endpoint's failure streak.
   * Then the domain's `nextToRelease` says which delivery of the chain goes next, if any, and a
   * second statement releases it (only if it still waits: a dispatcher adding to the chain at the
   * same moment may leave one waiting, releaseStuckChains picks it up).
   * Answers the retry's outbox row id, the released delivery (with its event, so the caller can
   * attempt it without reading it again) and since when the endpoint has failed.
   *
   * Its commit does not wait for the WAL flush (synchronous_commit off for this transaction only):
   * one record per POST made these waits the processor's bottleneck. What a PostgreSQL crash can
   * lose is the last fraction of a second of attempt records, as a suffix of the log (any later
   * ordinary commit flushes them). Such a delivery is still pending at its old generation, so the
   * overdue check sends it again with the same `webhook-id`: at least once holds, as it does for a
   * processor killed after its POST.
   */
  async recordAttempt(
    delivery: { id: string; endpointId: string; subject: string; generation: number; attemptsMade: number },
    attempt: DeliveryAttempt,
    outcome: AttemptOutcome,
    retryJob: OutboxJob | null,
  ): Promise<{
    retryJobId: string | null;
    released: ReleasedDelivery | null;
    failingSince: number | null;
  }> {
    const unchanged = `d.generation = $4 AND d.status = 'pending' AND jsonb_array_length(d.attempts) = $5`;
    const rows = await preparedRows<{
      retryJobId: string | null;
      chain: ChainLink[];
      failingSince: string | null;
    }>(
      this.dataSource,
      'webhook-record-attempt',
      `WITH recorded AS (
         UPDATE webhook_delivery d SET
           attempts = d.attempts || $3::jsonb,
           status = CASE WHEN ${unchanged} THEN $6 ELSE d.status END,
           next_attempt_at = CASE WHEN ${unchanged} THEN $7::timestamptz ELSE d.next_attempt_at END,
           generation = CASE WHEN ${unchanged} AND $6 = 'pending' THEN d.generation + 1 ELSE d.generation END
         WHERE d.id = $1
         RETURNING $6 = 'pending' AND d.generation = $4 + 1 AS rescheduled),
       retry AS (
         INSERT INTO outbox_job (queue, job_name, job_id, payload, available_at)
         SELECT $8::text, $9::text, $10::text, $11::jsonb, $7::timestamptz FROM recorded WHERE rescheduled AND $10::text IS NOT NULL
         ON CONFLICT (job_id) DO NOTHING RETURNING id),
       chain AS MATERIALIZED (
         SELECT id, next_attempt_at IS NOT NULL AS scheduled, jsonb_array_length(attempts) AS attempts_made,
                event_created_at, event_tx, event_seq
           FROM webhook_delivery
          WHERE endpoint_id = $2 AND subject = $12 AND status = 'pending' AND id <> $1),
       health AS (
         UPDATE webhook_endpoint w
            SET failing_since = CASE WHEN $13 THEN NULL ELSE $14::timestamptz END
          WHERE w.id = $2 AND (CASE WHEN $13 THEN w.failing_since IS NOT NULL ELSE w.failing_since IS NULL END)
         RETURNING w.failing_since)
       SELECT (SELECT id::text FROM retry) AS "retryJobId",
              (SELECT coalesce(json_agg(json_build_object('id', c.id, 'scheduled', c.scheduled, 'attemptsMade', c.attempts_made)
                        ORDER BY c.event_created_at, c.event_tx, c.event_seq), '[]')
                 FROM chain c) AS chain,
              CASE WHEN $13 THEN NULL ELSE COALESCE((SELECT failing_since FROM health),
                (SELECT failing_since FROM webhook_endpoint WHERE id = $2)) END AS "failingSince"
         FROM (SELECT set_config('synchronous_commit', 'off', true)) AS relaxed_durability`,
      [
        delivery.id,
        delivery.endpointId,
        JSON.stringify([attempt]),
        delivery.generation,
        delivery.attemptsMade,
        outcome.status,
        outcome.status === 'pending' ? new Date(outcome.nextAttemptAt) : null,
        retryJob?.queue ?? null,
        retryJob?.jobName ?? null,
        retryJob?.jobId ?? null,
        retryJob ? JSON.stringify(retryJob.payload) : null,
        delivery.subject,
        attempt.error === null,
        new Date(attempt.at),
      ],
    );
    const row = rows[0];
    const next = nextToRelease(row.chain);
    return {
      retryJobId: row.retryJobId,
      released: next === null ? null : await this.release(next),
      failingSince: row.failingSince === null ? null : new Date(row.failingSince).getTime(),
    };
  }

  /**
   * Schedules a waiting delivery for now, if it still waits, and answers it with its event for the
   * caller's attempt. Commits like recordAttempt (no wait for the WAL flush): lost in a PostgreSQL
   * crash, the delivery simply waits again and releaseStuckChains releases it.
   */
  private async release(deliveryId: string): Promise<ReleasedDelivery | null> {
    const rows = await preparedRows<ReleasedDelivery>(
      this.dataSource,
      'webhook-release',
      `WITH released AS (
         UPDATE webhook_delivery d SET next_attempt_at = now()
          WHERE d.id = $1 AND d.next_attempt_at IS NULL AND d.status = 'pending'
         RETURNING d.id, d.generation, jsonb_array_length(d.attempts) AS attempts_made, d.event_tx, d.event_seq)
       SELECT r.id, r.generation, r.attempts_made AS "attemptsMade", json_build_object(${EVENT_JSON}) AS event
         FROM released r JOIN event e ON e.tx_id = r.event_tx AND e.seq = r.event_seq,
              (SELECT set_config('synchronous_commit', 'off', true)) AS relaxed_durability`,
      [deliveryId],
    );
    const released = rows[0];
    return released
      ? { ...released, event: { ...released.event, createdAt: Number(released.event.createdAt) } }
      : null;
  }

  /**
   * Releases what the domain's `nextToRelease` says of the chains with a delivery waiting for longer
   * than `olderThanMs` (a release that raced with the dispatcher adding to the chain), at most
   * `limit` chains, the released one itself waiting that long. Answers them for their jobs.
   */
  async releaseStuckChains(
    olderThanMs: number,
    limit: number,
  ): Promise<Array<{ id: string; generation: number }>> {
    const links = await queryRows<ChainLink & { chain: number; stuck: boolean }>(
      this.dataSource,
      `WITH stuck AS (
         SELECT DISTINCT endpoint_id, subject FROM webhook_delivery
          WHERE status = 'pending' AND next_attempt_at IS NULL
            AND created_at < now() - ($1::int * interval '1 millisecond')
          LIMIT $2)
       SELECT dense_rank() OVER (ORDER BY d.endpoint_id, d.subject)::int AS chain, d.id,
              d.next_attempt_at IS NOT NULL AS scheduled, jsonb_array_length(d.attempts) AS "attemptsMade",
              d.created_at < now() - ($1::int * interval '1 millisecond') AS stuck
         FROM webhook_delivery d JOIN stuck s ON s.endpoint_id = d.endpoint_id AND s.subject = d.subject
        WHERE d.status = 'pending'
        ORDER BY d.endpoint_id, d.subject, d.event_created_at, d.event_tx, d.event_seq`,
      [olderThanMs, limit],
    );
    const chains = new Map<number, Array<ChainLink & { stuck: boolean }>>();
    for (const link of links) chains.set(link.chain, [...(chains.get(link.chain) ?? []), link]);
    const release = [...chains.values()].flatMap((chain) => {
      const next = nextToRelease(chain);
      return chain.filter((link) => link.id === next && link.stuck).map((link) => link.id);
    });
    if (release.length === 0) return [];
    return queryRows(
      this.dataSource,
      `UPDATE webhook_delivery SET next_attempt_at = now()
        WHERE id = ANY($1::uuid[]) AND next_attempt_at IS NULL AND status = 'pending'
        RETURNING id, generation`,
      [release],
    );
  }

  /** CONTRACT 7.4: five days of failures disable an endpoint; what it had pending is cancelled. */
  async disableEndpoint(endpointId: string): Promise<void> {
    await this.dataSource.query(
      `WITH disabled AS (UPDATE webhook_endpoint SET enabled = false WHERE id = $1)
       ${CANCEL_PENDING_DELIVERIES}`,
      [endpointId],
    );
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
