import { Injectable } from '@nestjs/common';
import { chainIsBusy, chainKey } from '@app/domain';
import type { ChainLink, EndpointSubscription } from '@app/domain';
import { DataSource } from 'typeorm';
import { eventLogHorizon } from './event-horizon';
import { EventPosition, settledBelow } from './event.repository';
import { SqlExecutor } from './executor';
import { hotStatement, rows, scalar } from './hot-sql';
import { col, epochMs, json, readStatement, type RowOf } from './read-sql';

const CURSOR = 'webhooks';

/** A position in the log as text (an xid8 and a bigint do not fit a JS number). */
const positionOf = (alias: string) => ({
  txId: col('text', `${alias}tx_id::text`),
  seq: col('text', `${alias}seq::text`),
});

/** An event of the log as the dispatcher reads it. */
const DISPATCHED_EVENT_FIELDS = {
  ...positionOf('e.'),
  type: col('text', 'e.type'),
  subject: col('text', 'e.subject'),
  clientId: col('text', 'e.client_id'),
  createdAt: epochMs('e.created_at'),
  data: json<Record<string, unknown>>('e.data'),
};
export type DispatchedEvent = RowOf<typeof DISPATCHED_EVENT_FIELDS>;

export interface NewDelivery {
  id: string;
  endpointId: string;
  event: DispatchedEvent;
  /** Null: waits for an earlier delivery of its subject. */
  nextAttemptAt: Date | null;
}

/**
 * Whether the webhooks of one transaction's events have left: the dispatcher has read past them
 * (the whole log's position, or their client's own) and none of their deliveries is due without a
 * first attempt.
 */
export const READ_WEBHOOKS_LEFT = readStatement(
  'webhook-dispatch-left',
  { txId: scalar('xid8'), cursor: scalar('text') },
  (q) => ({
    left: col(
      'bool',
      `NOT EXISTS (SELECT 1 FROM event e JOIN event_cursor c ON c.name = ${q.cursor}
                     LEFT JOIN webhook_client_cursor k ON k.client_id = e.client_id
                    WHERE e.tx_id = ${q.txId} AND (e.tx_id, e.seq) > (c.tx_id, c.seq)
                      AND (k.client_id IS NULL OR (e.tx_id, e.seq) > (k.tx_id, k.seq)))
   AND NOT EXISTS (SELECT 1 FROM webhook_delivery d
                    WHERE d.event_tx = ${q.txId} AND d.status = 'pending' AND jsonb_array_length(d.attempts) = 0
                      AND d.next_attempt_at <= now())`,
    ),
  }),
  (_q, select) => `SELECT ${select}`,
);

/** The whole log's position, locked; no row while another dispatcher holds it. */
export const LOCK_CURSOR = readStatement(
  'webhook-dispatch-lock-cursor',
  { name: scalar('text') },
  positionOf(''),
  (q, select) => `SELECT ${select} FROM event_cursor WHERE name = ${q.name} FOR UPDATE SKIP LOCKED`,
);

/**
 * A row when an event below the horizon lies after a position. Ordered, so it is the log's index
 * read from the position on: without the order, PostgreSQL took a LIMIT 1 as cheapest by a scan of
 * the whole log from its oldest event, on every poll of an idle dispatcher.
 */
export const ANY_EVENT_AFTER = readStatement(
  'webhook-dispatch-any-after',
  { afterTx: scalar('xid8'), afterSeq: scalar('bigint'), horizon: scalar('xid8') },
  { found: col('int', '1') },
  (q, select) => `SELECT ${select} FROM event e
 WHERE (e.tx_id, e.seq) > (${q.afterTx}, ${q.afterSeq}) AND ${settledBelow(q.horizon)}
 ORDER BY e.tx_id, e.seq LIMIT 1`,
);

/** How many events to read of each client: `unnest($1::text[], $2::int[]) AS c(client_id, read_limit)`. */
const READ_LIMITS = rows<{ clientId: string; limit: number }>('c', {
  client_id: ['text', (c) => c.clientId],
  read_limit: ['int', (c) => c.limit],
});

/**
 * Each client's next settled events after its own position, or after the whole log's when that is
 * ahead of it, at most its read limit; all in log order.
 */
export const READ_EVENTS_OF_CLIENTS = readStatement(
  'webhook-dispatch-events-of-clients',
  { clients: READ_LIMITS, afterTx: scalar('xid8'), afterSeq: scalar('bigint'), horizon: scalar('xid8') },
  DISPATCHED_EVENT_FIELDS,
  (q, select) => `SELECT ${select}
  FROM ${q.clients.from}
  LEFT JOIN webhook_client_cursor k ON k.client_id = c.client_id
 CROSS JOIN LATERAL (
   SELECT e.* FROM event e
    WHERE e.client_id = c.client_id AND ${settledBelow(q.horizon)}
      AND (e.tx_id, e.seq) > (CASE WHEN (k.tx_id, k.seq) > (${q.afterTx}, ${q.afterSeq}) THEN k.tx_id ELSE ${q.afterTx} END,
                              CASE WHEN (k.tx_id, k.seq) > (${q.afterTx}, ${q.afterSeq}) THEN k.seq ELSE ${q.afterSeq} END)
    ORDER BY e.tx_id, e.seq LIMIT c.read_limit) e
 ORDER BY e.tx_id, e.seq`,
);

/** The last event below the horizon, if any. */
export const READ_LAST_BELOW = readStatement(
  'webhook-dispatch-last-below',
  { horizon: scalar('xid8') },
  positionOf('e.'),
  (q, select) => `SELECT ${select} FROM event e
 WHERE ${settledBelow(q.horizon)} ORDER BY e.tx_id DESC, e.seq DESC LIMIT 1`,
);

/** The whole log's position moved. */
export const ADVANCE_CURSOR = hotStatement<never>()(
  'webhook-dispatch-advance-cursor',
  { name: scalar('text'), txId: scalar('xid8'), seq: scalar('bigint') },
  (q) => `UPDATE event_cursor SET tx_id = ${q.txId}, seq = ${q.seq} WHERE name = ${q.name}`,
);

/** The clients' positions the whole log's has reached, forgotten. */
export const DROP_PASSED_CLIENT_CURSORS = hotStatement<never>()(
  'webhook-dispatch-drop-passed-client-cursors',
  { txId: scalar('xid8'), seq: scalar('bigint') },
  (q) => `DELETE FROM webhook_client_cursor WHERE (tx_id, seq) <= (${q.txId}, ${q.seq})`,
);

/** Clients' own positions, made or moved. */
export const ADVANCE_CLIENT_CURSORS = hotStatement<never>()(
  'webhook-dispatch-advance-client-cursors',
  {
    positions: rows<{ clientId: string; position: EventPosition }>('p', {
      client_id: ['text', (p) => p.clientId],
      tx_id: ['xid8', (p) => p.position.txId],
      seq: ['bigint', (p) => p.position.seq],
    }),
  },
  (q) => `INSERT INTO webhook_client_cursor (client_id, tx_id, seq)
SELECT * FROM unnest(${q.positions.arrays})
ON CONFLICT (client_id) DO UPDATE SET tx_id = EXCLUDED.tx_id, seq = EXCLUDED.seq`,
);

/** A time as epoch milliseconds, with their fraction (as the subscriptions' read always gave it). */
const ms = (column: string) => col('float8', `(extract(epoch FROM ${column}) * 1000)::float8`);

/** Every endpoint, of every client. */
export const READ_SUBSCRIPTIONS = readStatement(
  'webhook-dispatch-subscriptions',
  {},
  {
    id: col('uuid', 'id'),
    clientId: col('text', 'client_id'),
    events: col('text[]', 'events').orNull(),
    enabled: col('bool', 'enabled'),
    createdAt: ms('created_at'),
  },
  (_q, select) => `SELECT ${select} FROM webhook_endpoint`,
);

/** The pending deliveries of some chains (an endpoint and a subject each), as the domain's links. */
export const READ_CHAIN_LINKS = readStatement(
  'webhook-dispatch-chain-links',
  {
    chains: rows<{ endpointId: string; subject: string }>('c', {
      endpoint_id: ['uuid', (c) => c.endpointId],
      subject: ['text', (c) => c.subject],
    }),
  },
  {
    endpointId: col('uuid', 'd.endpoint_id'),
    subject: col('text', 'd.subject'),
    id: col('uuid', 'd.id'),
    scheduled: col('bool', 'd.next_attempt_at IS NOT NULL'),
    attemptsMade: col('int', 'jsonb_array_length(d.attempts)'),
  },
  (q, select) => `SELECT ${select}
  FROM webhook_delivery d
  JOIN (SELECT DISTINCT * FROM unnest(${q.chains.arrays})) AS c(endpoint_id, subject)
    ON d.endpoint_id = c.endpoint_id AND d.subject = c.subject
 WHERE d.status = 'pending'`,
);

/** New deliveries, each with its event's type, subject and exact time (which order the chain). */
export const INSERT_DELIVERIES = hotStatement<never>()(
  'webhook-dispatch-insert-deliveries',
  {
    deliveries: rows<NewDelivery>('t', {
      id: ['uuid', (d) => d.id],
      endpoint_id: ['uuid', (d) => d.endpointId],
      event_tx: ['xid8', (d) => d.event.txId],
      event_seq: ['bigint', (d) => d.event.seq],
      next_attempt_at: ['timestamptz', (d) => d.nextAttemptAt],
    }),
  },
  (
    q,
  ) => `INSERT INTO webhook_delivery (id, endpoint_id, event_tx, event_seq, event_type, event_created_at, subject, status, next_attempt_at)
SELECT t.id, t.endpoint_id, e.tx_id, e.seq, e.type, e.created_at, e.subject, 'pending', t.next_attempt_at
  FROM ${q.deliveries.from}
  JOIN event e ON e.tx_id = t.event_tx AND e.seq = t.event_seq
ON CONFLICT (endpoint_id, event_tx, event_seq) DO NOTHING`,
);

/**
 * The webhook dispatcher's reads and writes: its positions in the event log (the whole log's, and
 * each client's when ahead of it: see fair-dispatch.ts in the domain), the endpoints that may
 * receive events, and the deliveries it creates. All inside the one transaction of a batch.
 */
@Injectable()
export class WebhookDispatchRepository {
  constructor(private readonly dataSource: DataSource) {}

  inTransaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /**
   * Whether the webhooks of the events one transaction wrote have left: the dispatcher has read past
   * all of them (the whole log's position, or their client's own when it went ahead), and none of
   * their deliveries is due without a first attempt. A delivery waiting for an earlier one of its
   * subject (no next_attempt_at), or put off to a later time, is not waited for.
   */
  async webhooksLeft(txId: string): Promise<boolean> {
    const [{ left }] = await READ_WEBHOOKS_LEFT.query(this.dataSource, { txId, cursor: CURSOR });
    return left;
  }

  /**
   * The whole log's position (below it every event is dispatched), locked until the batch commits;
   * null while another processor's dispatcher holds it (SKIP LOCKED: one dispatcher at a time, the
   * others go back to sleep). The clients' own positions are written only under this lock.
   */
  async lockCursor(tx: SqlExecutor): Promise<EventPosition | null> {
    const [position] = await LOCK_CURSOR.query(tx, { name: CURSOR });
    return position ?? null;
  }

  /**
   * The log's horizon (event-horizon.ts), as its own statement: the reads of the batch that follow
   * take their snapshots after it, so they see every event below it that will ever commit.
   */
  horizon(tx: SqlExecutor): Promise<string> {
    return eventLogHorizon(tx);
  }

  /** Whether any event below the horizon lies after `cursor` (the idle poll stops here). */
  async anyAfter(tx: SqlExecutor, cursor: EventPosition, horizon: string): Promise<boolean> {
    const found = await ANY_EVENT_AFTER.query(tx, { afterTx: cursor.txId, afterSeq: cursor.seq, horizon });
    return found.length > 0;
  }

  /**
   * Each client's next settled events (see EventRepository: none is ever skipped) after its own
   * position, or after `cursor` when it has none ahead of it, at most `limits[i]` of `clientIds[i]`;
   * all in log order. One index probe per client (event_client_order_idx).
   */
  async eventsOfClients(
    tx: SqlExecutor,
    cursor: EventPosition,
    horizon: string,
    clientIds: string[],
    limits: number[],
  ): Promise<DispatchedEvent[]> {
    if (clientIds.length === 0) return [];
    return READ_EVENTS_OF_CLIENTS.query(tx, {
      clients: clientIds.map((clientId, i) => ({ clientId, limit: limits[i] })),
      afterTx: cursor.txId,
      afterSeq: cursor.seq,
      horizon,
    });
  }

  /** The last event below the horizon, if any: where the whole log's position goes when nothing is left. */
  async lastBelow(tx: SqlExecutor, horizon: string): Promise<EventPosition | null> {
    const [last] = await READ_LAST_BELOW.query(tx, { horizon });
    return last ?? null;
  }

  /** Moves the whole log's position; the clients' positions it reached mean nothing any more. */
  async advanceCursor(tx: SqlExecutor, to: EventPosition): Promise<void> {
    await ADVANCE_CURSOR.query(tx, { name: CURSOR, txId: to.txId, seq: to.seq });
    await DROP_PASSED_CLIENT_CURSORS.query(tx, to);
  }

  /** Moves these clients' own positions (each past its last event the batch dispatched). */
  async advanceClientCursors(
    tx: SqlExecutor,
    positions: Array<{ clientId: string; position: EventPosition }>,
  ): Promise<void> {
    if (positions.length === 0) return;
    await ADVANCE_CLIENT_CURSORS.query(tx, { positions });
  }

  /**
   * Every endpoint, of every client that has one (the domain picks the receivers of each event;
   * a client without any has nothing dispatched, and its events are simply passed).
   */
  subscriptions(tx: SqlExecutor): Promise<EndpointSubscription[]> {
    return READ_SUBSCRIPTIONS.query(tx, {});
  }

  /**
   * The chains among these that are busy (the domain's `chainIsBusy`, read from their pending
   * deliveries): a new delivery of such a chain waits behind them.
   */
  async busyChains(
    tx: SqlExecutor,
    chains: Array<{ endpointId: string; subject: string }>,
  ): Promise<Array<{ endpointId: string; subject: string }>> {
    const links = await READ_CHAIN_LINKS.query(tx, { chains });
    const byChain = new Map<string, { endpointId: string; subject: string; links: ChainLink[] }>();
    for (const { endpointId, subject, ...link } of links) {
      const key = chainKey(endpointId, subject);
      const found = byChain.get(key) ?? { endpointId, subject, links: [] };
      found.links.push(link);
      byChain.set(key, found);
    }
    return [...byChain.values()]
      .filter((chain) => chainIsBusy(chain.links))
      .map(({ endpointId, subject }) => ({ endpointId, subject }));
  }

  /** Copies the event's type, subject and exact time, which order the chain. */
  async insertDeliveries(tx: SqlExecutor, deliveries: NewDelivery[]): Promise<void> {
    if (deliveries.length === 0) return;
    await INSERT_DELIVERIES.query(tx, { deliveries });
  }
}
