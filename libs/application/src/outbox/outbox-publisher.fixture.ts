import type { OutboxJob, PendingOutboxJob, SqlExecutor } from '@app/persistence';
import type { OutboxPublisher } from './outbox-publisher';

/**
 * The outbox as the use cases see it (stage in a transaction or alone, publish after the commit), in
 * memory for their specs: what was staged and what was published, nothing sent anywhere. A staged
 * job's id is its position among every job staged ("0", "1", ...), as a spec can then name it.
 */
export class RecordingOutbox implements Pick<OutboxPublisher, 'stage' | 'stageNow' | 'publishNow'> {
  /** The jobs of each `publishNow`, one array a call, in order. */
  readonly published: PendingOutboxJob[][] = [];
  /** Every job published, in order, whichever call published it. */
  readonly publishedJobs: PendingOutboxJob[] = [];
  /** Every job staged (`stage` or `stageNow`), in order. */
  readonly staged: OutboxJob[] = [];

  async stage(_tx: SqlExecutor, jobs: OutboxJob[]): Promise<PendingOutboxJob[]> {
    return this.keep(jobs);
  }

  async stageNow(jobs: OutboxJob[]): Promise<PendingOutboxJob[]> {
    return this.keep(jobs);
  }

  async publishNow(jobs: PendingOutboxJob[]): Promise<void> {
    this.published.push(jobs);
    this.publishedJobs.push(...jobs);
  }

  /** This, as the OutboxPublisher a use case's constructor takes (it calls only the methods above). */
  asPublisher(): OutboxPublisher {
    return this as unknown as OutboxPublisher;
  }

  private keep(jobs: OutboxJob[]): PendingOutboxJob[] {
    const first = this.staged.length;
    this.staged.push(...jobs);
    return jobs.map((job, i) => ({ ...job, id: String(first + i) }));
  }
}
