import type { ProcessExecutionRepository } from '@app/persistence';
import { runProcessJobs } from '@app/application/outbox/outbox-jobs';
import type { OutboxPublisher } from '@app/application';

/** Processes looked at per pass: one read and one Redis round trip per job at most. */
export const PROCESSES_PER_PASS = 1_000;
/**
 * A process must have been left alone this long before its job is looked for: younger ones are
 * still being published or run (and a job added twice is one job anyway; this keeps the pass cheap).
 */
export const UNCHANGED_FOR_MS = 15_000;

/**
 * PostgreSQL, not Redis, is the record of what must still run (docs/operations.md, "Outages"):
 * a process that is queued or running has a job in Bull. When it has none (Redis restarted empty,
 * or Bull spent a job's attempts while PostgreSQL was away), the job is added again with its own
 * id, and the process runs as if nothing had happened; running it is safe however often it is
 * delivered. Each pass reads the next page in id order, so a long backlog is walked through in
 * turn rather than its first page read again and again.
 */
export class RestoreLostProcessJobsUseCase {
  private after: string | null = null;

  constructor(
    private readonly processes: Pick<ProcessExecutionRepository, 'queuedSince'>,
    private readonly publisher: Pick<OutboxPublisher, 'restoreLost'>,
  ) {}

  /** One pass; answers how many jobs were added again. */
  async execute(): Promise<number> {
    const queued = await this.processes.queuedSince(this.after, UNCHANGED_FOR_MS, PROCESSES_PER_PASS);
    this.after = queued.length === PROCESSES_PER_PASS ? queued[queued.length - 1].id : null;
    if (queued.length === 0) return 0;
    return this.publisher.restoreLost(runProcessJobs(queued));
  }
}
