import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DomainEvent } from '@app/domain';
import { eventLogHorizon } from './event-horizon';
import { SqlExecutor } from './executor';
import { scalar } from './hot-sql';
import { APPEND_EVENT_WITH_ID, APPEND_EVENTS } from './hot-statements';
import { col, epochMs, json, readStatement, type RowOf } from './read-sql';

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
export const settledBelow = (horizon: string) => `e.tx_id < ${horizon}`;

/** An event as the log keeps it (docs/integrators.md envelope). */
export const ENVELOPE_FIELDS = {
  id: col('text', `'evt_' || e.tx_id || '_' || e.seq`),
  type: col('text', 'e.type'),
  createdAt: epochMs('e.created_at'),
  clientId: col('text', 'e.client_id'),
  data: json<Record<string, unknown>>('e.data'),
};
export type StoredEvent = RowOf<typeof ENVELOPE_FIELDS>;

/** Events of some clients, oldest first, after a position (or from the first), of some types (or all). */
export const READ_EVENT_PAGE = readStatement(
  'event-page',
  {
    clientIds: scalar('text[]'),
    afterTx: scalar('xid8'),
    afterSeq: scalar('bigint'),
    types: scalar('text[]'),
    limit: scalar('int'),
    horizon: scalar('xid8'),
  },
  ENVELOPE_FIELDS,
  (q, select) => `SELECT ${select} FROM event e
 WHERE e.client_id = ANY(${q.clientIds}) AND ${settledBelow(q.horizon)}
   AND (${q.afterTx} IS NULL OR (e.tx_id, e.seq) > (${q.afterTx}, ${q.afterSeq}))
   AND (${q.types} IS NULL OR e.type = ANY(${q.types}))
 ORDER BY e.tx_id, e.seq
 LIMIT ${q.limit}`,
);

/** Whether a position is an event of some clients, and whether it lies before the whole log. */
export const LOCATE_EVENT = readStatement(
  'event-locate',
  { clientIds: scalar('text[]'), tx: scalar('xid8'), seq: scalar('bigint') },
  (q) => ({
    found: col(
      'bool',
      `EXISTS (SELECT 1 FROM event WHERE client_id = ANY(${q.clientIds}) AND tx_id = ${q.tx} AND seq = ${q.seq})`,
    ),
    expired: col('bool', `NOT EXISTS (SELECT 1 FROM event WHERE (tx_id, seq) <= (${q.tx}, ${q.seq}))`),
  }),
  (_q, select) => `SELECT ${select}`,
);

/** Removes a prefix of the log: every event up to the newest one past retention. */
export const PURGE_EVENTS = readStatement(
  'event-purge',
  { days: scalar('int') },
  { one: col('int', '1') },
  (q, select) => `DELETE FROM event WHERE (tx_id, seq) <= (
  SELECT tx_id, seq FROM event WHERE created_at < now() - (${q.days} * interval '1 day')
   ORDER BY tx_id DESC, seq DESC LIMIT 1)
RETURNING ${select}`,
);

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
    const rows = await READ_EVENT_PAGE.query(this.dataSource, {
      clientIds,
      afterTx: filter.after?.txId ?? null,
      afterSeq: filter.after?.seq ?? null,
      types: filter.types,
      limit: filter.limit + 1,
      horizon,
    });
    const events = rows.slice(0, filter.limit);
    return { events, hasMore: rows.length > filter.limit };
  }

  /**
   * Whether a cursor names an event of these clients that the log still holds; `expired` when it
   * lies before the oldest event kept of any client (retention, which is the same for all, removed
   * it). Another client's event is `unknown`, exactly like an id that never existed.
   */
  async locate(clientIds: string[], position: EventPosition): Promise<'found' | 'expired' | 'unknown'> {
    const rows = await LOCATE_EVENT.query(this.dataSource, {
      clientIds,
      tx: position.txId,
      seq: position.seq,
    });
    if (rows[0].found) return 'found';
    return rows[0].expired ? 'expired' : 'unknown';
  }

  /**
   * Retention (docs/integrators.md). Removes a prefix of the log in reading order (up to the newest event
   * past retention), never a gap, so a cursor is either still in the log or before all of it.
   */
  async purgeOlderThan(days: number): Promise<number> {
    const rows = await PURGE_EVENTS.query(this.dataSource, { days });
    return rows.length;
  }
}
