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
 * The audit log's rows. Appends of callers arriving together share one transaction: the chain's
 * head is locked (so every api instance appends in turn), the events are numbered and hashed after
 * it (the domain's `chainEvents`), inserted, and the head moved, then committed; each caller's
 * promise resolves only after that commit.
 */
@Injectable()
export class AuditRepository {
  constructor(private readonly dataSource: DataSource) {}

  private readonly appends = new GroupCommit<Omit<AuditEventBody, 'id'>, AuditEvent>(
    (events) => this.appendMany(events),
    // One transaction at a time: the head's lock would make a second one wait anyway.
    { maxBatch: EVENTS_PER_APPEND, maxInFlight: 1, retryAlone: false },
  );

  append(event: Omit<AuditEventBody, 'id'>): Promise<AuditEvent> {
    return this.appends.submit(event);
  }

  private appendMany(events: Array<Omit<AuditEventBody, 'id'>>): Promise<AuditEvent[]> {
    return this.dataSource.transaction(async (tx) => {
      const [head] = await queryRows<{ id: string; at: number; hash: string }>(
        tx,
        `SELECT seq::text AS id, at_ms::float8 AS at, hash FROM audit_chain_head FOR UPDATE`,
      );
      const chained = chainEvents(head, events);
      await insertEvents(tx, chained);
      const last = chained[chained.length - 1];
      await tx.query(`UPDATE audit_chain_head SET seq = $1, at_ms = $2, hash = $3`, [
        last.id,
        last.at,
        last.hash,
      ]);
      return chained;
    });
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

async function insertEvents(tx: SqlExecutor, events: AuditEvent[]): Promise<void> {
  await tx.query(
    `INSERT INTO audit_event (seq, at, at_ms, actor_type, actor_id, actor_email, client_id, action, subject_type,
                              subject_id, status, request_id, ip, hash)
     SELECT seq, to_timestamp(at_ms / 1000.0), at_ms, actor_type, actor_id, actor_email, client_id, action,
            subject_type, subject_id, status, request_id, ip, hash
       FROM unnest($1::bigint[], $2::bigint[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
                   $8::text[], $9::text[], $10::smallint[], $11::text[], $12::text[], $13::text[])
         AS e(seq, at_ms, actor_type, actor_id, actor_email, client_id, action, subject_type, subject_id, status,
              request_id, ip, hash)`,
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
    ],
  );
}
