import { Injectable } from '@nestjs/common';
import { chainKey, nextToRelease } from '@app/domain';
import type { AttemptOutcome, ChainLink, DeliveryStatus } from '@app/domain';
import { DataSource } from 'typeorm';
import { ENVELOPE_FIELDS, StoredEvent } from './event.repository';
import { SqlExecutor } from './executor';
import { GroupCommit } from './group-commit';
import { hotStatement, scalar } from './hot-sql';
import { RECORD_ATTEMPTS } from './hot-statements';
import { OutboxJob } from './outbox.repository';
import { CANCEL_PENDING_DELIVERIES } from './webhook-endpoint.repository';
import { col, epochMs, json, jsonObject, pagedRead, readPage, readStatement, type RowOf } from './read-sql';

/** One attempt as the deliveries list shows it (docs/integrators.md). */
export interface DeliveryAttempt {
  /** Epoch milliseconds: when the attempt started. */
  at: number;
  /** Null when no HTTP answer came (refused, timed out, connection failed). */
  httpStatus: number | null;
  durationMs: number;
  /** Null on success. */
  error: string | null;
}

/** A delivery as the deliveries list shows it. */
const DELIVERY_VIEW_FIELDS = {
  id: col('uuid', 'd.id'),
  eventId: col('text', `'evt_' || d.event_tx || '_' || d.event_seq`),
  eventType: col('text', 'd.event_type'),
  status: col('text', 'd.status').as<DeliveryStatus>(),
  attempts: json<DeliveryAttempt[]>('d.attempts'),
  nextAttemptAt: epochMs('d.next_attempt_at').orNull(),
};
export type DeliveryView = RowOf<typeof DELIVERY_VIEW_FIELDS>;

/** An endpoint's deliveries (of one status, or all), newest event first. */
export const PAGE_DELIVERIES = pagedRead(
  'webhook-delivery-page',
  { endpointId: scalar('uuid'), status: scalar('text') },
  DELIVERY_VIEW_FIELDS,
  (q) =>
    `webhook_delivery d WHERE d.endpoint_id = ${q.endpointId} AND (${q.status} IS NULL OR d.status = ${q.status})`,
  'd.event_created_at DESC, d.event_tx DESC, d.event_seq DESC',
);

/** A delivery of the endpoint pending again, due now; jobs of earlier generations become stale. */
export const RESCHEDULE_NOW = readStatement(
  'webhook-delivery-reschedule-now',
  { deliveryId: scalar('uuid'), endpointId: scalar('uuid') },
  { ...DELIVERY_VIEW_FIELDS, generation: col('int', 'd.generation') },
  (
    q,
    select,
  ) => `UPDATE webhook_delivery d SET status = 'pending', next_attempt_at = now(), generation = generation + 1
 WHERE d.id = ${q.deliveryId} AND d.endpoint_id = ${q.endpointId} RETURNING ${select}`,
);

/** A delivery and its generation, for its job. */
const DELIVERY_JOB_FIELDS = { id: col('uuid', 'id'), generation: col('int', 'generation') };

/**
 * The pending deliveries of at most `limit` chains with one waiting for longer than `olderThanMs`,
 * numbered by chain, in each chain's order, each saying whether it waited that long itself.
 */
export const READ_STUCK_CHAIN_LINKS = readStatement(
  'webhook-delivery-stuck-chain-links',
  { olderThanMs: scalar('int'), limit: scalar('int8') },
  (q) => ({
    chain: col('int', 'dense_rank() OVER (ORDER BY d.endpoint_id, d.subject)::int'),
    id: col('uuid', 'd.id'),
    scheduled: col('bool', 'd.next_attempt_at IS NOT NULL'),
    attemptsMade: col('int', 'jsonb_array_length(d.attempts)'),
    stuck: col('bool', `d.created_at < now() - (${q.olderThanMs} * interval '1 millisecond')`),
  }),
  (q, select) => `WITH stuck AS (
  SELECT DISTINCT endpoint_id, subject FROM webhook_delivery
   WHERE status = 'pending' AND next_attempt_at IS NULL
     AND created_at < now() - (${q.olderThanMs} * interval '1 millisecond')
   LIMIT ${q.limit})
SELECT ${select}
  FROM webhook_delivery d JOIN stuck s ON s.endpoint_id = d.endpoint_id AND s.subject = d.subject
 WHERE d.status = 'pending'
 ORDER BY d.endpoint_id, d.subject, d.event_created_at, d.event_tx, d.event_seq`,
);

/** Those of the deliveries still waiting, due now. */
export const RELEASE_WAITING = readStatement(
  'webhook-delivery-release-waiting',
  { ids: scalar('uuid[]') },
  DELIVERY_JOB_FIELDS,
  (q, select) => `UPDATE webhook_delivery SET next_attempt_at = now()
 WHERE id = ANY(${q.ids}) AND next_attempt_at IS NULL AND status = 'pending'
 RETURNING ${select}`,
);

/** An endpoint disabled, and what it had pending cancelled. */
export const DISABLE_ENDPOINT = hotStatement<never>()(
  'webhook-delivery-disable-endpoint',
  { endpointId: scalar('uuid') },
  (q) => `WITH disabled AS (UPDATE webhook_endpoint SET enabled = false WHERE id = ${q.endpointId})
${CANCEL_PENDING_DELIVERIES}`,
);

/** At most `limit` scheduled deliveries overdue by more than `graceMs`, the most overdue first. */
export const READ_OVERDUE = readStatement(
  'webhook-delivery-overdue',
  { graceMs: scalar('int'), limit: scalar('int8') },
  DELIVERY_JOB_FIELDS,
  (q, select) => `SELECT ${select} FROM webhook_delivery
 WHERE status = 'pending' AND next_attempt_at < now() - (${q.graceMs} * interval '1 millisecond')
 ORDER BY next_attempt_at LIMIT ${q.limit}`,
);

/** A delivery an attempt's record made due: the next event of the subject, for the same endpoint. */
export interface ReleasedDelivery {
  id: string;
  generation: number;
  attemptsMade: number;
  event: StoredEvent;
}

/** One attempt to record: the delivery as it was read for it, what it got, and what follows. */
export interface AttemptRecord {
  delivery: {
    id: string;
    endpointId: string;
    subject: string;
    generation: number;
    attemptsMade: number;
    /** The endpoint's client: the records of different clients take turns in a statement. */
    clientId?: string;
  };
  attempt: DeliveryAttempt;
  outcome: AttemptOutcome;
  /** The retry's outbox row when `outcome` schedules one. */
  retryJob: OutboxJob | null;
}

/** What an attempt's record answers its caller. */
export interface RecordedAttempt {
  /** The retry's outbox row, to publish (null: none, or the delivery changed meanwhile). */
  retryJobId: string | null;
  released: ReleasedDelivery | null;
  /** Since when the endpoint has failed (epoch ms), for a failed attempt; null after a success. */
  failingSince: number | null;
}

/**
 * Group commit of attempt records (see `recordAttempt`): groups grow with the load, no timer.
 * - RECORDS_PER_STATEMENT: 100 attempts of one row each (and their chains) run in a few
 *   milliseconds, and one slow group holds back at most 100 deliveries.
 * - RECORD_STATEMENTS_IN_FLIGHT: two keep PostgreSQL busy while the next group gathers, and leave
 *   the pool's other connections to the dispatcher, the lifecycle and the reads of the attempts.
 */
const RECORDS_PER_STATEMENT = 100;
const RECORD_STATEMENTS_IN_FLIGHT = 2;
/**
 * A client with at most this many attempt records waiting (a quiet one: its subjects' chains, one
 * step each) also gets a statement of its own, beside the two shared: a step of its chain then costs
 * one small statement, not a wait for a full one of a busy client's and then a full one of its own
 * (docs/performance.md, one tenant's burst). One more connection at most.
 */
const EXPRESS_RECORDS = 8;

/**
 * Everything the attempts of some deliveries need, at once: the delivery, its endpoint and its
 * event's envelope. Prepared by name: it runs before every attempt.
 */
export const READ_FOR_ATTEMPTS = readStatement(
  'webhook-deliveries-for-attempts',
  { deliveryIds: scalar('uuid[]') },
  {
    deliveryId: col('uuid', 'd.id'),
    endpointId: col('uuid', 'd.endpoint_id'),
    endpointClientId: col('text', 'w.client_id'),
    subject: col('text', 'd.subject'),
    status: col('text', 'd.status').as<DeliveryStatus>(),
    generation: col('int', 'd.generation'),
    attemptsMade: col('int', 'jsonb_array_length(d.attempts)'),
    url: col('text', 'w.url'),
    secret: col('bytea', 'w.secret'),
    previousSecret: col('bytea', 'w.previous_secret').orNull(),
    previousSecretUntil: epochMs('w.previous_secret_until').orNull(),
    ...ENVELOPE_FIELDS,
  },
  (q, select) => `SELECT ${select}
  FROM webhook_delivery d
  JOIN webhook_endpoint w ON w.id = d.endpoint_id
  JOIN event e ON e.tx_id = d.event_tx AND e.seq = d.event_seq
 WHERE d.id = ANY(${q.deliveryIds})`,
);

/**
 * Those of some deliveries that still wait, due now, with their events for the callers' attempts;
 * the transaction's commit does not wait for the WAL flush (see `release`). Prepared by name: it
 * runs after every attempt that releases the next of its chain.
 */
export const RELEASE_MANY = readStatement(
  'webhook-release-many',
  { deliveryIds: scalar('uuid[]') },
  {
    id: col('uuid', 'r.id'),
    generation: col('int', 'r.generation'),
    attemptsMade: col('int', 'r.attempts_made'),
    event: jsonObject(ENVELOPE_FIELDS),
  },
  (q, select) => `WITH released AS (
  UPDATE webhook_delivery d SET next_attempt_at = now()
   WHERE d.id = ANY(${q.deliveryIds}) AND d.next_attempt_at IS NULL AND d.status = 'pending'
  RETURNING d.id, d.generation, jsonb_array_length(d.attempts) AS attempts_made, d.event_tx, d.event_seq)
SELECT ${select}
  FROM released r JOIN event e ON e.tx_id = r.event_tx AND e.seq = r.event_seq,
       (SELECT set_config('synchronous_commit', 'off', true)) AS relaxed_durability`,
);

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

/** jsonb keeps keys in its own order: give each attempt back in the order docs/integrators.md shows. */
function viewOf<T extends DeliveryView>(row: T): T {
  return {
    ...row,
    attempts: row.attempts.map(({ at, httpStatus, durationMs, error }) => ({
      at,
      httpStatus,
      durationMs,
      error,
    })),
  };
}

/** Deliveries of webhook endpoints (docs/integrators.md). */
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
    const { rows, total } = await readPage(
      this.dataSource,
      PAGE_DELIVERIES,
      { endpointId, status: filter.status ?? null },
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
    const [row] = await RESCHEDULE_NOW.query(tx, { deliveryId, endpointId });
    return row ? viewOf(row) : null;
  }

  /** Everything the attempts of these deliveries need, read at once (missing ones were deleted). */
  async forAttempts(deliveryIds: string[]): Promise<Map<string, DeliveryForAttempt>> {
    const rows = await READ_FOR_ATTEMPTS.prepared(this.dataSource, { deliveryIds });
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
          previousSecretUntil: row.previousSecretUntil,
          event: {
            id: row.id,
            type: row.type,
            createdAt: row.createdAt,
            clientId: row.clientId,
            data: row.data,
          },
        },
      ]),
    );
  }

  /**
   * Records an attempt and what follows from it (see RECORD_ATTEMPTS): the attempt appended, the
   * outcome applied if the delivery is still as it was read (a retry bumps the generation and goes
   * into the outbox), the endpoint's failure streak kept, the subject's chain read. Then the domain's
   * `nextToRelease` says which delivery of the chain goes next, if any, and a second statement
   * releases it (only if it still waits: a dispatcher adding to the chain at the same moment may
   * leave one waiting, releaseStuckChains picks it up).
   * Answers the retry's outbox row id, the released delivery (with its event, so the caller can
   * attempt it without reading it again) and since when the endpoint has failed.
   *
   * Attempts recorded at the same time share the statement and its commit (a GroupCommit keyed by
   * chain, so two attempts of one chain never share one): one statement and one commit per attempt
   * were most of what a delivery cost the processor and PostgreSQL. Each caller still gets its own
   * answer, and only once its group committed; a group that fails is recorded one attempt at a time.
   *
   * Its commit does not wait for the WAL flush (synchronous_commit off for this transaction only):
   * one record per POST made these waits the processor's bottleneck. What a PostgreSQL crash can
   * lose is the last fraction of a second of attempt records, as a suffix of the log (any later
   * ordinary commit flushes them). Such a delivery is still pending at its old generation, so the
   * overdue check sends it again with the same `webhook-id`: at least once holds, as it does for a
   * processor killed after its POST.
   */
  recordAttempt(
    delivery: AttemptRecord['delivery'],
    attempt: DeliveryAttempt,
    outcome: AttemptOutcome,
    retryJob: OutboxJob | null,
  ): Promise<RecordedAttempt> {
    return this.records.submit({ delivery, attempt, outcome, retryJob });
  }

  private readonly records = new GroupCommit<AttemptRecord, RecordedAttempt>(
    (records) => this.recordMany(records),
    {
      maxBatch: RECORDS_PER_STATEMENT,
      maxInFlight: RECORD_STATEMENTS_IN_FLIGHT,
      // A chain's attempts one statement at a time: each reads its chain as the one before left it.
      keyOf: (record) => chainKey(record.delivery.endpointId, record.delivery.subject),
      // A client's hundreds of attempts in flight (a burst) must not hold back another client's
      // chain: every record it waits for is a step of its subject's order. So clients take turns,
      // and a client with few records waiting has a statement of its own beside the two shared.
      turnOf: (record) => record.delivery.clientId ?? '',
      expressUpTo: EXPRESS_RECORDS,
      retryAlone: true,
    },
  );

  /**
   * Records of attempts of different chains in one statement (answers in their order), then the
   * deliveries they release in one more. Public for the probe that checks a group answers each
   * attempt as if recorded alone.
   */
  async recordMany(records: readonly AttemptRecord[]): Promise<RecordedAttempt[]> {
    const rows = await RECORD_ATTEMPTS.prepared(this.dataSource, {
      items: records.map((record, k) => ({ k, record })),
    });
    const next = rows.map((row) => nextToRelease(row.chain));
    const released = await this.release(next.filter((id): id is string => id !== null));
    return rows.map((row, k) => ({
      retryJobId: row.retryJobId,
      released: next[k] === null ? null : (released.get(next[k]) ?? null),
      failingSince: row.failingSince === null ? null : new Date(row.failingSince).getTime(),
    }));
  }

  /**
   * Schedules waiting deliveries for now, those that still wait, and answers them with their events
   * for the callers' attempts. Commits like recordAttempt (no wait for the WAL flush): lost in a
   * PostgreSQL crash, a delivery simply waits again and releaseStuckChains releases it.
   */
  private async release(deliveryIds: string[]): Promise<Map<string, ReleasedDelivery>> {
    if (deliveryIds.length === 0) return new Map();
    const rows = await RELEASE_MANY.prepared(this.dataSource, { deliveryIds });
    return new Map(rows.map((released) => [released.id, released]));
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
    const links = await READ_STUCK_CHAIN_LINKS.query(this.dataSource, { olderThanMs, limit });
    const chains = new Map<number, Array<ChainLink & { stuck: boolean }>>();
    for (const link of links) chains.set(link.chain, [...(chains.get(link.chain) ?? []), link]);
    const release = [...chains.values()].flatMap((chain) => {
      const next = nextToRelease(chain);
      return chain.filter((link) => link.id === next && link.stuck).map((link) => link.id);
    });
    if (release.length === 0) return [];
    return RELEASE_WAITING.query(this.dataSource, { ids: release });
  }

  /** docs/integrators.md: five days of failures disable an endpoint; what it had pending is cancelled. */
  async disableEndpoint(endpointId: string): Promise<void> {
    await DISABLE_ENDPOINT.query(this.dataSource, { endpointId });
  }

  /**
   * Scheduled deliveries whose attempt is overdue by more than `graceMs`: their job was lost (a
   * Redis that restarted empty) or failed for good. Publishing the same job id again is harmless
   * when Bull still holds it.
   */
  overdue(graceMs: number, limit: number): Promise<Array<{ id: string; generation: number }>> {
    return READ_OVERDUE.query(this.dataSource, { graceMs, limit });
  }
}
