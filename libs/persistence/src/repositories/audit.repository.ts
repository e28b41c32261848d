import { Injectable } from '@nestjs/common';
import { chainEvents } from '@app/domain';
import type { AuditEvent, AuditEventBody, AuditFilter } from '@app/domain';
import { DataSource } from 'typeorm';
import { GroupCommit } from './group-commit';
import { poolOf, queryRows } from './executor';
import { scalar } from './hot-sql';
import { APPEND_AUDIT_EVENTS } from './hot-statements';
import { OrderedConnection } from './ordered-connection';
import { col, readStatement, type RowOf, selectList } from './read-sql';

/** Events appended in one statement at most. */
const EVENTS_PER_APPEND = 500;
/**
 * Groups chained and not yet committed: one running, the next chained on it and handed to the
 * connection the moment it commits. More only made the groups smaller (1, 2 and 4 measured side by
 * side: docs/performance.md, "The audit log").
 */
const APPENDS_IN_FLIGHT = 2;

/** An audit event as stored; `eventOf` gives it the domain's shape (actor and subject objects). */
const AUDIT_FIELDS = {
  id: col('text', 'seq::text'),
  at: col('float8', 'at_ms::float8'),
  actor_type: col('text', 'actor_type').as<AuditEvent['actor']['type']>(),
  actor_id: col('text', 'actor_id'),
  actor_email: col('text', 'actor_email').orNull(),
  clientId: col('text', 'client_id').orNull(),
  action: col('text', 'action'),
  subject_type: col('text', 'subject_type'),
  subject_id: col('text', 'subject_id').orNull(),
  status: col('smallint', 'status'),
  requestId: col('text', 'request_id').orNull(),
  ip: col('text', 'ip').orNull(),
  hash: col('text', 'hash'),
};
type AuditRow = RowOf<typeof AUDIT_FIELDS>;

/** The chain's head as committed. */
export const READ_AUDIT_HEAD = readStatement(
  'audit-head',
  {},
  { id: col('text', 'seq::text'), at: col('float8', 'at_ms::float8'), hash: col('text', 'hash') },
  (_q, select) => `SELECT ${select} FROM audit_chain_head`,
);
type ChainHead = RowOf<typeof READ_AUDIT_HEAD.fields>;

/** One client's events about any of these subjects, in chain order. */
export const READ_AUDIT_OF_SUBJECTS = readStatement(
  'audit-of-subjects',
  { clientId: scalar('text'), subjectIds: scalar('text[]') },
  AUDIT_FIELDS,
  (q, select) =>
    `SELECT ${select} FROM audit_event WHERE client_id = ${q.clientId} AND subject_id = ANY(${q.subjectIds}) ORDER BY seq`,
);

/** Every client's events in chain order after a place, a page at a time. */
export const READ_AUDIT_CHAIN_AFTER = readStatement(
  'audit-chain-after',
  { afterId: scalar('bigint'), limit: scalar('int') },
  AUDIT_FIELDS,
  (q, select) => `SELECT ${select} FROM audit_event WHERE seq > ${q.afterId} ORDER BY seq LIMIT ${q.limit}`,
);

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
 * The audit log's rows. Appends of callers arriving together share one statement (APPEND_AUDIT_EVENTS):
 * the events are numbered and hashed after the chain's head (the domain's `chainEvents`), inserted,
 * and the head moved, only if the head is still the one they were chained to (its row locked until
 * the commit, so every api instance appends in turn); each caller's promise resolves only after the
 * statement that holds its event committed.
 *
 * The statements go through one held connection (OrderedConnection), so the next group is chained on
 * the head the group before it will leave, before that one has committed, and handed to PostgreSQL
 * the moment it has: not after this process has resolved the first group's callers, started the
 * next call, and waited for a pooled connection behind the overviews' queries (docs/performance.md,
 * "The audit log"). If a group does not go in (another instance appended first), the groups chained
 * after it do not either: each reads the head, on the same connection, and is chained again.
 */
@Injectable()
export class AuditRepository {
  private readonly line: OrderedConnection;

  constructor(private readonly dataSource: DataSource) {
    this.line = new OrderedConnection(() => poolOf(this.dataSource).connect());
  }

  private readonly appends = new GroupCommit<Omit<AuditEventBody, 'id'>, AuditEvent>(
    (events) => this.appendMany(events),
    { maxBatch: EVENTS_PER_APPEND, maxInFlight: APPENDS_IN_FLIGHT, retryAlone: false },
  );

  append(event: Omit<AuditEventBody, 'id'>): Promise<AuditEvent> {
    return this.appends.submit(event);
  }

  /**
   * The head the last statement sent will leave if it goes in: the next group is chained on it.
   * Null: not known (nothing sent yet, or a statement did not go in): read before chaining.
   */
  private head: ChainHead | null = null;
  /** The read of the head under way, which every group waiting for it shares. */
  private reading: Promise<void> | null = null;

  private async appendMany(events: Array<Omit<AuditEventBody, 'id'>>): Promise<AuditEvent[]> {
    for (;;) {
      if (this.head === null) {
        await (this.reading ??= this.readHead());
        continue;
      }
      const head = this.head;
      const chained = chainEvents(head, events);
      const last = chained[chained.length - 1];
      this.head = { id: last.id, at: last.at, hash: last.hash };
      let moved: number;
      try {
        [{ moved }] = await this.line.query<{ moved: number }>(
          APPEND_AUDIT_EVENTS.text,
          APPEND_AUDIT_EVENTS.params({
            head: head.id,
            headHash: head.hash,
            last: last.id,
            lastAt: String(last.at),
            lastHash: last.hash,
            events: chained,
          }),
          APPEND_AUDIT_EVENTS.name,
        );
      } catch (error) {
        this.head = null;
        throw error;
      }
      if (moved === 1) return chained;
      this.head = null;
    }
  }

  /** The head as committed, read after every statement sent before (the same connection). */
  private async readHead(): Promise<void> {
    try {
      const [head] = await this.line.query<ChainHead>(READ_AUDIT_HEAD.text, READ_AUDIT_HEAD.params({}));
      this.head = head;
    } finally {
      this.reading = null;
    }
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
    // The WHERE has only the filters given (each served by its index); the fields are the declared ones.
    const rows = await queryRows<AuditRow>(
      this.dataSource,
      `SELECT ${selectList(AUDIT_FIELDS)} FROM audit_event WHERE ${where.join(' AND ')} ORDER BY seq LIMIT $${params.length}`,
      params,
    );
    return { data: rows.slice(0, filter.limit).map(eventOf), hasMore: rows.length > filter.limit };
  }

  /** One client's events about any of these subjects, in chain order (an ARCO access export). */
  async ofSubjects(clientId: string, subjectIds: readonly string[]): Promise<AuditEvent[]> {
    if (subjectIds.length === 0) return [];
    const rows = await READ_AUDIT_OF_SUBJECTS.query(this.dataSource, { clientId, subjectIds });
    return rows.map(eventOf);
  }

  /** Every client's events in chain order after `afterId` (0: from the first), `limit` at a time. */
  async chainAfter(afterId: string, limit: number): Promise<AuditEvent[]> {
    const rows = await READ_AUDIT_CHAIN_AFTER.query(this.dataSource, { afterId, limit });
    return rows.map(eventOf);
  }
}
