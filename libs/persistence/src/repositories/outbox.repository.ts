import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { SqlExecutor } from './executor';
import { ADD_JOBS, REARM_JOBS } from './hot-statements';

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
    await this.dataSource.query(`UPDATE outbox_job SET published_at = now() WHERE id = ANY($1::bigint[])`, [
      ids,
    ]);
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
      const rows: Array<{
        id: string;
        queue: string;
        job_name: string;
        job_id: string;
        payload: Record<string, unknown>;
        available_at: Date | null;
      }> = await tx.query(
        `SELECT id, queue, job_name, job_id, payload, available_at FROM outbox_job
            WHERE published_at IS NULL AND created_at < now() - ($1::int * interval '1 millisecond')
            ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED`,
        [olderThanMs, limit],
      );
      if (rows.length === 0) return 0;
      await publish(
        rows.map((r) => ({
          id: String(r.id),
          queue: r.queue,
          jobName: r.job_name,
          jobId: r.job_id,
          payload: r.payload,
          availableAt: r.available_at,
        })),
      );
      await tx.query(`UPDATE outbox_job SET published_at = now() WHERE id = ANY($1::bigint[])`, [
        rows.map((r) => r.id),
      ]);
      return rows.length;
    });
  }

  /**
   * Seconds the oldest unpublished job has waited, 0 when none waits. One probe of the partial index
   * on unpublished ids (ids grow with time, so the lowest is the oldest), whatever the table's size.
   */
  async oldestUnpublishedAgeSeconds(): Promise<number> {
    const rows: Array<{ age: number }> = await this.dataSource.query(
      `SELECT extract(epoch FROM now() - created_at)::float8 AS age FROM outbox_job
        WHERE published_at IS NULL ORDER BY id LIMIT 1`,
    );
    return rows.length === 0 ? 0 : Math.max(0, rows[0].age);
  }

  /** Published rows are only history; keep a day of it. */
  async purgePublished(olderThanHours = 24): Promise<void> {
    await this.dataSource.query(
      `DELETE FROM outbox_job WHERE published_at IS NOT NULL AND published_at < now() - ($1::int * interval '1 hour')`,
      [olderThanHours],
    );
  }
}
