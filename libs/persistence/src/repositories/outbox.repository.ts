import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { SqlExecutor } from './executor';
import { hotStatement, scalar } from './hot-sql';
import { ADD_JOBS, REARM_JOBS } from './hot-statements';
import { col, json, readStatement } from './read-sql';

export interface OutboxJob {
  queue: string;
  jobName: string;
  jobId: string;
  payload: Record<string, unknown>;
  /** A delayed job (a webhook retry in five minutes): a row now, a Bull job due then. */
  availableAt?: Date | null;
}

export interface PendingOutboxJob extends OutboxJob {
  id: string;
}

/** Marks jobs published (by their outbox ids). */
export const MARK_PUBLISHED = hotStatement<never>()(
  'outbox-mark-published',
  { ids: scalar('bigint[]') },
  (q) => `UPDATE outbox_job SET published_at = now() WHERE id = ANY(${q.ids})`,
);

/** Unpublished jobs older than a while, locked (others skip them), as the publisher takes them. */
export const SWEEP_JOBS = readStatement(
  'outbox-sweep',
  { olderThanMs: scalar('int'), limit: scalar('int') },
  {
    id: col('text', 'id::text'),
    queue: col('text', 'queue'),
    jobName: col('text', 'job_name'),
    jobId: col('text', 'job_id'),
    payload: json<Record<string, unknown>>('payload'),
    availableAt: col('timestamptz', 'available_at').orNull(),
  },
  (q, select) => `SELECT ${select} FROM outbox_job
 WHERE published_at IS NULL AND created_at < now() - (${q.olderThanMs} * interval '1 millisecond')
 ORDER BY id LIMIT ${q.limit} FOR UPDATE SKIP LOCKED`,
);

/** Seconds the oldest unpublished job has waited (no row when none waits). */
export const READ_OLDEST_UNPUBLISHED_AGE = readStatement(
  'outbox-oldest-unpublished-age',
  {},
  { age: col('float8', 'extract(epoch FROM now() - created_at)::float8') },
  (_q, select) => `SELECT ${select} FROM outbox_job WHERE published_at IS NULL ORDER BY id LIMIT 1`,
);

/** Published rows older than some hours go. */
export const PURGE_PUBLISHED = hotStatement<never>()(
  'outbox-purge-published',
  { olderThanHours: scalar('int') },
  (q) =>
    `DELETE FROM outbox_job WHERE published_at IS NOT NULL AND published_at < now() - (${q.olderThanHours} * interval '1 hour')`,
);

/**
 * The transactional outbox: a job is first a row written in the same transaction as the state
 * change that calls for it; publishing to Bull happens after commit and is retried by a sweeper
 * until it succeeds, so Redis being away never loses work.
 */
@Injectable()
export class OutboxRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Inside the caller's transaction. A job id already in the outbox is not added twice. */
  async add(tx: SqlExecutor, jobs: OutboxJob[]): Promise<PendingOutboxJob[]> {
    if (jobs.length === 0) return [];
    const rows = await ADD_JOBS.query(tx, { jobs });
    const idOf = new Map(rows.map((r) => [r.job_id, String(r.id)]));
    return jobs.filter((j) => idOf.has(j.jobId)).map((j) => ({ ...j, id: idOf.get(j.jobId)! }));
  }

  /** Outside any transaction (its own statement). */
  addNow(jobs: OutboxJob[]): Promise<PendingOutboxJob[]> {
    return this.add(this.dataSource, jobs);
  }

  /**
   * Publishes these jobs again through the sweeper: rows already published are marked unpublished,
   * missing ones (purged) are added. For jobs Redis lost; Bull ignores an id it still holds.
   */
  async rearm(jobs: OutboxJob[]): Promise<void> {
    if (jobs.length === 0) return;
    await REARM_JOBS.query(this.dataSource, { jobs });
  }

  async markPublished(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await MARK_PUBLISHED.query(this.dataSource, { ids });
  }

  /**
   * Unpublished jobs older than `olderThanMs` (younger ones are normally being published right
   * after their commit). Rows stay locked while `publish` runs, so two sweepers never publish the
   * same row at once; they are marked published only when `publish` succeeds.
   */
  async sweep(
    olderThanMs: number,
    limit: number,
    publish: (jobs: PendingOutboxJob[]) => Promise<void>,
  ): Promise<number> {
    return this.dataSource.transaction(async (tx) => {
      const rows = await SWEEP_JOBS.query(tx, { olderThanMs, limit });
      if (rows.length === 0) return 0;
      await publish(rows);
      await MARK_PUBLISHED.query(tx, { ids: rows.map((r) => r.id) });
      return rows.length;
    });
  }

  /**
   * Seconds the oldest unpublished job has waited, 0 when none waits. One probe of the partial index
   * on unpublished ids (ids grow with time, so the lowest is the oldest), whatever the table's size.
   */
  async oldestUnpublishedAgeSeconds(): Promise<number> {
    const rows = await READ_OLDEST_UNPUBLISHED_AGE.query(this.dataSource, {});
    return rows.length === 0 ? 0 : Math.max(0, rows[0].age);
  }

  /** Published rows are only history; keep a day of it. */
  async purgePublished(olderThanHours = 24): Promise<void> {
    await PURGE_PUBLISHED.query(this.dataSource, { olderThanHours });
  }
}
