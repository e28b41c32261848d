import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DomainEvent } from '@app/domain';
import { eventLogHorizon } from './event-horizon';
import { SqlExecutor } from './executor';
import { APPEND_EVENT_WITH_ID, APPEND_EVENTS } from './hot-statements';

/** An event as the log keeps it (docs/integrators.md envelope). */
export interface StoredEvent {
  id: string;
  type: string;
  createdAt: number;
  clientId: string;
  data: Record<string, unknown>;
}

/** A position in the log: the writer's transaction id and the sequence number within the log. */
export interface EventPosition {
  txId: string;
  seq: string;
}

const ID_PATTERN = /^evt_(\d{1,20})_(\d{1,19})$/;

/** The public id of an event: opaque to clients, its position in the log to us. */
export function eventId(position: EventPosition): string {
  return `evt_${position.txId}_${position.seq}`;
}

/** Null for a string that is not an event id. */
export function parseEventId(id: string): EventPosition | null {
  const match = ID_PATTERN.exec(id);
  return match ? { txId: match[1], seq: match[2] } : null;
}

/**
 * Only events whose writing transaction is older than every event writer still running are read
 * (the horizon of event-horizon.ts, computed by an earlier statement and passed as a parameter):
 * those can no longer be joined by an earlier-numbered event committing late, so a reader that
 * pages with the last id it saw never skips one. (A sequence alone does not give that: numbers
 * are taken at insert and become visible at commit, in another order.)
 */
export const settledBelow = (horizonParam: string) => `e.tx_id < ${horizonParam}::xid8`;

export const ENVELOPE = `'evt_' || e.tx_id || '_' || e.seq AS id, e.type,
  (extract(epoch FROM e.created_at) * 1000)::bigint AS "createdAt", e.client_id AS "clientId", e.data`;

/** The event log: written in the transaction of the change it describes, read in commit-safe order. */
@Injectable()
export class EventRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Inside the caller's transaction, so an event exists exactly when its change committed. */
  async append(executor: SqlExecutor, clientId: string, events: readonly DomainEvent[]): Promise<void> {
    if (events.length === 0) return;
    await APPEND_EVENTS.query(executor, { clientId, events });
  }

  /** One event, outside any other change (a webhook test); answers its id. */
  async appendOne(clientId: string, event: DomainEvent): Promise<string> {
    const [row] = await APPEND_EVENT_WITH_ID.query(this.dataSource, { clientId, events: [event] });
    return row.id;
  }

  /** Oldest first, after `after` (exclusive); one more than `limit` tells whether more follow. */
  async page(
    clientIds: string[],
    filter: { after: EventPosition | null; types: string[] | null; limit: number },
  ): Promise<{ events: StoredEvent[]; hasMore: boolean }> {
    const horizon = await eventLogHorizon(this.dataSource);
    const rows: StoredEvent[] = await this.dataSource.query(
      `SELECT ${ENVELOPE} FROM event e
        WHERE e.client_id = ANY($1) AND ${settledBelow('$6')}
          AND ($2::xid8 IS NULL OR (e.tx_id, e.seq) > ($2::xid8, $3::bigint))
          AND ($4::text[] IS NULL OR e.type = ANY($4))
        ORDER BY e.tx_id, e.seq
        LIMIT $5`,
      [
        clientIds,
        filter.after?.txId ?? null,
        filter.after?.seq ?? null,
        filter.types,
        filter.limit + 1,
        horizon,
      ],
    );
    const events = rows.slice(0, filter.limit).map((row) => ({ ...row, createdAt: Number(row.createdAt) }));
    return { events, hasMore: rows.length > filter.limit };
  }

  /**
   * Whether a cursor names an event of these clients that the log still holds; `expired` when it
   * lies before the oldest event kept of any client (retention, which is the same for all, removed
   * it). Another client's event is `unknown`, exactly like an id that never existed.
   */
  async locate(clientIds: string[], position: EventPosition): Promise<'found' | 'expired' | 'unknown'> {
    const rows: Array<{ found: boolean; expired: boolean }> = await this.dataSource.query(
      `SELECT EXISTS (SELECT 1 FROM event WHERE client_id = ANY($1) AND tx_id = $2::xid8 AND seq = $3::bigint) AS found,
              NOT EXISTS (SELECT 1 FROM event WHERE (tx_id, seq) <= ($2::xid8, $3::bigint)) AS expired`,
      [clientIds, position.txId, position.seq],
    );
    if (rows[0].found) return 'found';
    return rows[0].expired ? 'expired' : 'unknown';
  }

  /**
   * Retention (docs/integrators.md). Removes a prefix of the log in reading order (up to the newest event
   * past retention), never a gap, so a cursor is either still in the log or before all of it.
   */
  async purgeOlderThan(days: number): Promise<number> {
    const rows: unknown[] = await this.dataSource.query(
      `DELETE FROM event WHERE (tx_id, seq) <= (
         SELECT tx_id, seq FROM event WHERE created_at < now() - ($1::int * interval '1 day')
          ORDER BY tx_id DESC, seq DESC LIMIT 1)
       RETURNING 1`,
      [days],
    );
    return rows.length;
  }
}
