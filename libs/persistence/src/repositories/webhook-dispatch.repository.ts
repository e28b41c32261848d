import { Injectable } from '@nestjs/common';
import { chainIsBusy, chainKey } from '@app/domain';
import type { ChainLink, EndpointSubscription } from '@app/domain';
import { DataSource } from 'typeorm';
import { eventLogHorizon } from './event-horizon';
import { EventPosition, settledBelow } from './event.repository';
import { queryRows, SqlExecutor } from './executor';

const CURSOR = 'webhooks';

/** An event of the log as the dispatcher reads it. */
export interface DispatchedEvent extends EventPosition {
  type: string;
  subject: string;
  clientId: string;
  createdAt: number;
  data: Record<string, unknown>;
}

export interface NewDelivery {
  id: string;
  endpointId: string;
  event: DispatchedEvent;
  /** Null: waits for an earlier delivery of its subject. */
  nextAttemptAt: Date | null;
}

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
    const [{ left }] = await queryRows<{ left: boolean }>(
      this.dataSource,
      `SELECT NOT EXISTS (SELECT 1 FROM event e JOIN event_cursor c ON c.name = $2
                            LEFT JOIN webhook_client_cursor k ON k.client_id = e.client_id
                           WHERE e.tx_id = $1::xid8 AND (e.tx_id, e.seq) > (c.tx_id, c.seq)
                             AND (k.client_id IS NULL OR (e.tx_id, e.seq) > (k.tx_id, k.seq)))
          AND NOT EXISTS (SELECT 1 FROM webhook_delivery d
                           WHERE d.event_tx = $1::xid8 AND d.status = 'pending' AND jsonb_array_length(d.attempts) = 0
                             AND d.next_attempt_at <= now()) AS left`,
      [txId, CURSOR],
    );
    return left;
  }

  /**
   * The whole log's position (below it every event is dispatched), locked until the batch commits;
   * null while another processor's dispatcher holds it (SKIP LOCKED: one dispatcher at a time, the
   * others go back to sleep). The clients' own positions are written only under this lock.
   */
  async lockCursor(tx: SqlExecutor): Promise<EventPosition | null> {
    const rows = await queryRows<EventPosition>(
      tx,
      `SELECT tx_id::text AS "txId", seq::text AS seq FROM event_cursor WHERE name = $1 FOR UPDATE SKIP LOCKED`,
      [CURSOR],
    );
    return rows[0] ?? null;
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
    const rows = await queryRows<{ found: number }>(
      tx,
      `SELECT 1 AS found FROM event e
        WHERE (e.tx_id, e.seq) > ($1::xid8, $2::bigint) AND ${settledBelow('$3::xid8')} LIMIT 1`,
      [cursor.txId, cursor.seq, horizon],
    );
    return rows.length > 0;
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
    const rows = await queryRows<DispatchedEvent>(
      tx,
      `SELECT e.tx_id::text AS "txId", e.seq::text AS seq, e.type, e.subject, e.client_id AS "clientId",
              (extract(epoch FROM e.created_at) * 1000)::bigint AS "createdAt", e.data
         FROM unnest($1::text[], $2::int[]) AS c(client_id, read_limit)
         LEFT JOIN webhook_client_cursor k ON k.client_id = c.client_id
        CROSS JOIN LATERAL (
          SELECT e.* FROM event e
           WHERE e.client_id = c.client_id AND ${settledBelow('$5::xid8')}
             AND (e.tx_id, e.seq) > (CASE WHEN (k.tx_id, k.seq) > ($3::xid8, $4::bigint) THEN k.tx_id ELSE $3::xid8 END,
                                     CASE WHEN (k.tx_id, k.seq) > ($3::xid8, $4::bigint) THEN k.seq ELSE $4::bigint END)
           ORDER BY e.tx_id, e.seq LIMIT c.read_limit) e
        ORDER BY e.tx_id, e.seq`,
      [clientIds, limits, cursor.txId, cursor.seq, horizon],
    );
    return rows.map((row) => ({ ...row, createdAt: Number(row.createdAt) }));
  }

  /** The last event below the horizon, if any: where the whole log's position goes when nothing is left. */
  async lastBelow(tx: SqlExecutor, horizon: string): Promise<EventPosition | null> {
    const rows = await queryRows<EventPosition>(
      tx,
      `SELECT e.tx_id::text AS "txId", e.seq::text AS seq FROM event e
        WHERE ${settledBelow('$1::xid8')} ORDER BY e.tx_id DESC, e.seq DESC LIMIT 1`,
      [horizon],
    );
    return rows[0] ?? null;
  }

  /** Moves the whole log's position; the clients' positions it reached mean nothing any more. */
  async advanceCursor(tx: SqlExecutor, to: EventPosition): Promise<void> {
    await tx.query(`UPDATE event_cursor SET tx_id = $2::xid8, seq = $3 WHERE name = $1`, [
      CURSOR,
      to.txId,
      to.seq,
    ]);
    await tx.query(`DELETE FROM webhook_client_cursor WHERE (tx_id, seq) <= ($1::xid8, $2::bigint)`, [
      to.txId,
      to.seq,
    ]);
  }

  /** Moves these clients' own positions (each past its last event the batch dispatched). */
  async advanceClientCursors(
    tx: SqlExecutor,
    positions: Array<{ clientId: string; position: EventPosition }>,
  ): Promise<void> {
    if (positions.length === 0) return;
    await tx.query(
      `INSERT INTO webhook_client_cursor (client_id, tx_id, seq)
       SELECT * FROM unnest($1::text[], $2::xid8[], $3::bigint[])
       ON CONFLICT (client_id) DO UPDATE SET tx_id = EXCLUDED.tx_id, seq = EXCLUDED.seq`,
      [
        positions.map((p) => p.clientId),
        positions.map((p) => p.position.txId),
        positions.map((p) => p.position.seq),
      ],
    );
  }

  /**
   * Every endpoint, of every client that has one (the domain picks the receivers of each event;
   * a client without any has nothing dispatched, and its events are simply passed).
   */
  subscriptions(tx: SqlExecutor): Promise<EndpointSubscription[]> {
    return queryRows<EndpointSubscription>(
      tx,
      `SELECT id, client_id AS "clientId", events, enabled,
              (extract(epoch FROM created_at) * 1000)::float8 AS "createdAt"
         FROM webhook_endpoint`,
    );
  }

  /**
   * The chains among these that are busy (the domain's `chainIsBusy`, read from their pending
   * deliveries): a new delivery of such a chain waits behind them.
   */
  async busyChains(
    tx: SqlExecutor,
    chains: Array<{ endpointId: string; subject: string }>,
  ): Promise<Array<{ endpointId: string; subject: string }>> {
    const links = await queryRows<ChainLink & { endpointId: string; subject: string }>(
      tx,
      `SELECT d.endpoint_id AS "endpointId", d.subject, d.id, d.next_attempt_at IS NOT NULL AS scheduled,
              jsonb_array_length(d.attempts) AS "attemptsMade"
         FROM webhook_delivery d
         JOIN (SELECT DISTINCT * FROM unnest($1::uuid[], $2::text[])) AS c(endpoint_id, subject)
           ON d.endpoint_id = c.endpoint_id AND d.subject = c.subject
        WHERE d.status = 'pending'`,
      [chains.map((c) => c.endpointId), chains.map((c) => c.subject)],
    );
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
    await tx.query(
      `INSERT INTO webhook_delivery (id, endpoint_id, event_tx, event_seq, event_type, event_created_at, subject, status, next_attempt_at)
       SELECT t.id, t.endpoint_id, e.tx_id, e.seq, e.type, e.created_at, e.subject, 'pending', t.next_attempt_at
         FROM unnest($1::uuid[], $2::uuid[], $3::xid8[], $4::bigint[], $5::timestamptz[])
           AS t(id, endpoint_id, event_tx, event_seq, next_attempt_at)
         JOIN event e ON e.tx_id = t.event_tx AND e.seq = t.event_seq
       ON CONFLICT (endpoint_id, event_tx, event_seq) DO NOTHING`,
      [
        deliveries.map((d) => d.id),
        deliveries.map((d) => d.endpointId),
        deliveries.map((d) => d.event.txId),
        deliveries.map((d) => d.event.seq),
        deliveries.map((d) => d.nextAttemptAt),
      ],
    );
  }
}
