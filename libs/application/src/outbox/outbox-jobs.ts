import type { OutboxJob } from '@app/persistence';
import {
  jobIdOf,
  JobName,
  PayloadOf,
  QueueName,
  SCREENING_QUEUE,
  ScreeningJob,
  WEBHOOK_QUEUE,
  WebhookJob,
} from '@app/platform/queue/queue.contract'; // the contract alone: no Nest, so unit specs load it

/**
 * The outbox rows of the jobs of the queue contract (libs/platform): what a transaction writes so
 * that the job is published to Bull after its commit (see OutboxPublisher).
 */

/** The outbox row of a job; `availableAt` delays it (Bull holds it until then). */
export function outboxJob<Q extends QueueName, N extends JobName<Q>>(
  queue: Q,
  jobName: N,
  payload: PayloadOf<Q, N>,
  availableAt?: Date,
): OutboxJob {
  return {
    queue,
    jobName,
    jobId: jobIdOf(queue, jobName, payload),
    payload: payload as unknown as Record<string, unknown>,
    availableAt: availableAt ?? null,
  };
}

/** The outbox rows that re-queue processes. */
export function runProcessJobs(
  processes: Array<{ id: string; requestId: string; generation: number }>,
): OutboxJob[] {
  return processes.map((p) =>
    outboxJob(SCREENING_QUEUE, ScreeningJob.RunProcess, {
      requestId: p.requestId,
      processId: p.id,
      generation: p.generation,
    }),
  );
}

/**
 * The outbox row of an attempt of these deliveries (usually one); a retry is due at `availableAt`.
 * `deferrals`: how often they were handed back for their client's fair share (see ClientShares).
 */
export function deliverWebhookJob(
  deliveries: Array<{ id: string; generation: number }>,
  availableAt?: Date,
  deferrals?: number,
): OutboxJob {
  return outboxJob(
    WEBHOOK_QUEUE,
    WebhookJob.Deliver,
    deferrals ? { deliveries, deferrals } : { deliveries },
    availableAt,
  );
}
