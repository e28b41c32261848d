import { Injectable } from '@nestjs/common';
import { chainEvents } from '@app/domain';
import type { AuditEvent, AuditEventBody, AuditFilter } from '@app/domain';
import { DataSource } from 'typeorm';
import { GroupCommit } from './group-commit';
import { queryRows, SqlExecutor } from './executor';

/** Events appended in one transaction: the chain is written by one appender at a time anyway. */
const EVENTS_PER_APPEND = 500;

const COLUMNS = `seq::text AS id, at_ms::float8 AS at, actor_type, actor_id, actor_email, client_id AS "clientId",
  action, subject_type, subject_id, status, request_id AS "requestId", ip, hash`;

type AuditRow = Omit<AuditEvent, 'actor' | 'subject'> & {
  actor_type: AuditEvent['actor']['type'];
  actor_id: string;
  actor_email: string | null;
  subject_type: string;
  subject_id: string | null;
};

function eventOf(row: AuditRow): AuditEvent {
  const { actor_type, actor_id, actor_email, subject_type, subject_id, ...rest } = row;
  return {
    ...rest,
    actor:
      actor_email === null
        ? { type: actor_type, id: actor_id }
        : { type: actor_type, id: actor_id, email: actor_email },
    subject: { type: subject_type, id: subject_id },
  };
}

/**
 * The audit log's rows. Appends of callers arriving together share one statement: the events are
 * numbered and hashed after the chain's head (the domain's `chainEvents`), inserted, and the head
 * moved, only if the head is still the one they were chained to (its row locked meanwhile, so every
 * api instance appends in turn); each caller's promise resolves only after that statement committed.
 */
@Injectable()
export class AuditRepository {
  constructor(private readonly dataSource: DataSource) {}

  private readonly appends = new GroupCommit<Omit<AuditEventBody, 'id'>, AuditEvent>(
    (events) => this.appendMany(events),
    // One statement at a time: a second chained on the first's unwritten head would find, in its
    // snapshot, the old head and fail, not wait for the first.
    { maxBatch: EVENTS_PER_APPEND, maxInFlight: 1, retryAlone: false },
  );

  append(event: Omit<AuditEventBody, 'id'>): Promise<AuditEvent> {
    return this.appends.submit(event);
  }

  /** The chain's last event as this process last wrote or read it (null: not read yet). */
  private head: ChainHead | null = null;

  /**
   * One statement: the events, numbered and hashed after the head this process knows, go in only
   * if that is still the chain's head (locked for the statement), and the head moves to the last of
   * them. Another instance having appended since (or none known yet): the head is read and the
   * events chained again. One round trip per group in the usual case, instead of a transaction's five.
   */
  private async appendMany(events: Array<Omit<AuditEventBody, 'id'>>): Promise<AuditEvent[]> {
    for (;;) {
      const head = this.head ?? (await this.readHead());
      const chained = chainEvents(head, events);
      const last = chained[chained.length - 1];
      if (await appendAfter(this.dataSource, head, chained, last)) {
        this.head = { id: last.id, at: last.at, hash: last.hash };
        return chained;
      }
      this.head = null;
    }
  }

  private async readHead(): Promise<ChainHead> {
    const [head] = await queryRows<ChainHead>(
      this.dataSource,
      `SELECT seq::text AS id, at_ms::float8 AS at, hash FROM audit_chain_head`,
    );
    return head;
  }

  /** A page of one client's events in chain order, after the cursor, with whether more follow. */
  async page(clientId: string, filter: AuditFilter): Promise<{ data: AuditEvent[]; hasMore: boolean }> {
    const params: unknown[] = [clientId];
    const where = ['client_id = $1'];
    const add = (sql: string, value: unknown) => {
      params.push(value);
      where.push(sql.replace('?', `$${params.length}`));
    };
    if (filter.after !== null) add('seq > ?::bigint', filter.after);
    if (filter.from !== null) add('at_ms >= ?', filter.from);
    if (filter.to !== null) add('at_ms <= ?', filter.to);
    if (filter.actorId !== null) add('actor_id = ?', filter.actorId);
    if (filter.action !== null) add('action = ?', filter.action);
    if (filter.subjectId !== null) add('subject_id = ?', filter.subjectId);
    params.push(filter.limit + 1);
    const rows = await queryRows<AuditRow>(
      this.dataSource,
      `SELECT ${COLUMNS} FROM audit_event WHERE ${where.join(' AND ')} ORDER BY seq LIMIT $${params.length}`,
      params,
    );
    return { data: rows.slice(0, filter.limit).map(eventOf), hasMore: rows.length > filter.limit };
  }

  /** One client's events about any of these subjects, in chain order (an ARCO access export). */
  async ofSubjects(clientId: string, subjectIds: readonly string[]): Promise<AuditEvent[]> {
    if (subjectIds.length === 0) return [];
    const rows = await queryRows<AuditRow>(
      this.dataSource,
      `SELECT ${COLUMNS} FROM audit_event WHERE client_id = $1 AND subject_id = ANY($2::text[]) ORDER BY seq`,
      [clientId, subjectIds],
    );
    return rows.map(eventOf);
  }

  /** Every client's events in chain order after `afterId` (0: from the first), `limit` at a time. */
  async chainAfter(afterId: string, limit: number): Promise<AuditEvent[]> {
    const rows = await queryRows<AuditRow>(
      this.dataSource,
      `SELECT ${COLUMNS} FROM audit_event WHERE seq > $1::bigint ORDER BY seq LIMIT $2`,
      [afterId, limit],
    );
    return rows.map(eventOf);
  }
}

interface ChainHead {
  id: string;
  at: number;
  hash: string;
}

/** Appends `events` if `head` is still the chain's head; false when another append moved it. */
async function appendAfter(
  executor: SqlExecutor,
  head: ChainHead,
  events: AuditEvent[],
  last: AuditEvent,
): Promise<boolean> {
  const [{ moved }] = await queryRows<{ moved: number }>(
    executor,
    `WITH head AS (
       SELECT seq FROM audit_chain_head WHERE seq = $14::bigint AND hash = $15 FOR UPDATE),
     inserted AS (
       INSERT INTO audit_event (seq, at, at_ms, actor_type, actor_id, actor_email, client_id, action, subject_type,
                                subject_id, status, request_id, ip, hash)
       SELECT seq, to_timestamp(at_ms / 1000.0), at_ms, actor_type, actor_id, actor_email, client_id, action,
              subject_type, subject_id, status, request_id, ip, hash
         FROM unnest($1::bigint[], $2::bigint[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
                     $8::text[], $9::text[], $10::smallint[], $11::text[], $12::text[], $13::text[])
           AS e(seq, at_ms, actor_type, actor_id, actor_email, client_id, action, subject_type, subject_id, status,
                request_id, ip, hash)
        WHERE EXISTS (SELECT 1 FROM head)
       RETURNING 1),
     moved AS (
       UPDATE audit_chain_head SET seq = $16::bigint, at_ms = $17, hash = $18
        WHERE EXISTS (SELECT 1 FROM head)
       RETURNING 1)
     SELECT (SELECT count(*)::int FROM moved) AS moved`,
    [
      events.map((e) => e.id),
      events.map((e) => e.at),
      events.map((e) => e.actor.type),
      events.map((e) => e.actor.id),
      events.map((e) => e.actor.email ?? null),
      events.map((e) => e.clientId),
      events.map((e) => e.action),
      events.map((e) => e.subject.type),
      events.map((e) => e.subject.id),
      events.map((e) => e.status),
      events.map((e) => e.requestId),
      events.map((e) => e.ip),
      events.map((e) => e.hash),
      head.id,
      head.hash,
      last.id,
      last.at,
      last.hash,
    ],
  );
  return moved === 1;
}
