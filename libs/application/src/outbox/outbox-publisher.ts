import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import type { Queue } from 'bull';
import { GroupCommit, OutboxJob, OutboxRepository, PendingOutboxJob, SqlExecutor } from '@app/persistence';
import { CONTRACT_QUEUES, jobOptions, withTimeout } from '@app/platform';

const PUBLISH_TIMEOUT_MS = 2_000;
/** Published ids are marked in batches: one UPDATE per tick instead of one per request or job. */
const MARK_EVERY_MS = 50;
/**
 * A row is left to the publisher that wrote it until that publisher has surely given up: sweeping
 * it earlier adds the job a second time, and if the first run has already completed (and Bull has
 * forgotten its id) it runs twice. Harmless, but not what "exactly once" promises.
 */
const SWEEP_GRACE_MS = PUBLISH_TIMEOUT_MS + MARK_EVERY_MS + 1_000;

/**
 * Writes jobs to the outbox inside a transaction, and publishes them to Bull after the commit.
 * Publishing never fails the caller: if Redis is away, the rows wait for the sweeper.
 */
@Injectable()
export class OutboxPublisher implements OnApplicationShutdown {
  private readonly logger = new Logger(OutboxPublisher.name);
  private published: string[] = [];
  private markTimer?: NodeJS.Timeout;
  /**
   * Jobs of callers publishing at the same time go to Redis in one pipeline. A failed publish is
   * about Redis, not about a job: every caller of the group hears it (and the sweeper retries).
   */
  private readonly publishes = new GroupCommit<OutboxJob[], void>(
    async (groups) => {
      await withTimeout(this.addToQueue(groups.flat()), PUBLISH_TIMEOUT_MS);
      return groups.map(() => undefined);
    },
    { maxBatch: 200, maxInFlight: 2, retryAlone: false },
  );

  constructor(
    private readonly outbox: OutboxRepository,
    @Inject(CONTRACT_QUEUES) private readonly queues: ReadonlyMap<string, Queue>,
  ) {}

  stage(tx: SqlExecutor, jobs: OutboxJob[]): Promise<PendingOutboxJob[]> {
    return this.outbox.add(tx, jobs);
  }

  /** Stores jobs on their own, outside any transaction (to publish right after). */
  stageNow(jobs: OutboxJob[]): Promise<PendingOutboxJob[]> {
    return this.outbox.addNow(jobs);
  }

  /** After commit. Resolves once published or given up (the sweeper retries); never rejects. */
  async publishNow(jobs: PendingOutboxJob[]): Promise<void> {
    if (jobs.length === 0) return;
    try {
      await this.publishes.submit(jobs);
      this.published.push(...jobs.map((j) => j.id));
      this.markTimer ??= setTimeout(() => void this.flushPublished(), MARK_EVERY_MS);
    } catch (error) {
      this.logger.warn(
        { err: error, jobs: jobs.length },
        'Could not publish jobs now; the outbox sweeper will retry',
      );
    }
  }

  /**
   * Marks what was published since the last tick. If this process dies first, the sweeper
   * publishes those rows again: harmless, job ids are deterministic and handlers idempotent.
   */
  async flushPublished(): Promise<void> {
    this.markTimer = undefined;
    const ids = this.published;
    this.published = [];
    if (ids.length === 0) return;
    await this.outbox.markPublished(ids).catch((error: unknown) => {
      this.logger.warn(
        { err: error },
        'Could not mark outbox rows published; the sweeper will republish them',
      );
    });
  }

  async onApplicationShutdown(): Promise<void> {
    clearTimeout(this.markTimer);
    await this.flushPublished();
  }

  /**
   * Publishes unpublished rows left behind (Redis was down, or a process died after its commit), of
   * every queue; a delayed row is published with what remains of its delay.
   */
  sweep(olderThanMs = SWEEP_GRACE_MS, limit = 500): Promise<number> {
    return this.outbox.sweep(olderThanMs, limit, (jobs) =>
      withTimeout(this.addToQueue(jobs), PUBLISH_TIMEOUT_MS),
    );
  }

  /**
   * Adds again those of these jobs that their queue no longer holds, and answers how many: jobs
   * that Redis lost (it keeps nothing on disk, so a restart empties it) or that Bull gave up on while
   * PostgreSQL was away. A job still in its queue (waiting, delayed or running) is left alone, and
   * its id being deterministic, a job added here twice is still one job.
   */
  async restoreLost(jobs: OutboxJob[]): Promise<number> {
    const present = await withTimeout(
      Promise.all(jobs.map((job) => this.queueOf(job.queue).getJob(job.jobId))),
      PUBLISH_TIMEOUT_MS,
    );
    const lost = jobs.filter((_, i) => !present[i]);
    if (lost.length > 0) await withTimeout(this.addToQueue(lost), PUBLISH_TIMEOUT_MS);
    return lost.length;
  }

  private queueOf(name: string): Queue {
    const queue = this.queues.get(name);
    if (!queue) throw new Error(`The queue contract has no queue ${name}`);
    return queue;
  }

  /** Each job to its queue, with the options the contract gives it; a delayed job waits in Bull. */
  private async addToQueue(jobs: OutboxJob[]): Promise<void> {
    const byQueue = new Map<string, OutboxJob[]>();
    for (const job of jobs) {
      const queued = byQueue.get(job.queue);
      if (queued) queued.push(job);
      else byQueue.set(job.queue, [job]);
    }
    const now = Date.now();
    for (const [name, queued] of byQueue) {
      await this.queueOf(name).addBulk(
        queued.map((job) => ({
          name: job.jobName,
          data: job.payload,
          opts: {
            ...jobOptions(job.queue, job.jobName),
            jobId: job.jobId,
            ...(job.availableAt ? { delay: Math.max(0, job.availableAt.getTime() - now) } : {}),
          },
        })),
      );
    }
  }
}
