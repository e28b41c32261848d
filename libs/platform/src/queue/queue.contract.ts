import type { JobOptions } from 'bull';
import { RETRY_POLICY } from '@app/domain';

/**
 * The one description of our queues: names, job names, payloads, options and job ids. Payloads
 * carry ids only; workers re-read PostgreSQL, which is the record of what happened (Redis only
 * carries the signal to do work). Every job reaches Bull through the outbox (`outboxJob` in libs/application),
 * and the publisher and the sweeper serve every queue listed here: a new queue is a new entry.
 */
export const SCREENING_QUEUE = 'screening';
export const WEBHOOK_QUEUE = 'webhook-deliveries';
export const MONITORING_QUEUE = 'monitoring';

export const ScreeningJob = {
  /** Start, or resume after candidate input, one process of a candidate request. */
  RunProcess: 'run-process',
} as const;

export const WebhookJob = {
  /** One attempt of one webhook delivery (docs/integrators.md). */
  Deliver: 'deliver',
} as const;

export const MonitoringJob = {
  /** Compare an activated list version with the monitors (docs/monitoring.md). */
  Activation: 'activation',
} as const;

export interface MonitorActivationPayload {
  /** The `monitor_activation` row the activation wrote. */
  activationId: string;
}

export interface RunProcessPayload {
  requestId: string;
  processId: string;
  /** Bumped each time the process is queued again: a new generation is a new job. */
  generation: number;
}

export interface DeliverWebhookPayload {
  /**
   * Usually one delivery; the dispatcher batches the new deliveries it schedules at once, so a burst
   * of events costs one job per batch. `generation` is bumped each time a delivery is scheduled
   * again: a job of an older generation is stale for it.
   */
  deliveries: Array<{ id: string; generation: number }>;
  /**
   * How many times these deliveries were handed back because their client held its share of the
   * processor's delivery slots (see ClientShares in the processor); absent the first time.
   */
  deferrals?: number;
}

/** Payload type of every job, per queue and job name. */
export interface QueuePayloads {
  [SCREENING_QUEUE]: { [ScreeningJob.RunProcess]: RunProcessPayload };
  [WEBHOOK_QUEUE]: { [WebhookJob.Deliver]: DeliverWebhookPayload };
  [MONITORING_QUEUE]: { [MonitoringJob.Activation]: MonitorActivationPayload };
}

export type QueueName = keyof QueuePayloads;
export type JobName<Q extends QueueName> = keyof QueuePayloads[Q] & string;
export type PayloadOf<Q extends QueueName, N extends JobName<Q>> = QueuePayloads[Q][N];

interface JobSpec<P> {
  options: JobOptions;
  /** Deterministic: a second publication of the same outbox row cannot create a second job. */
  jobId(payload: P): string;
}

/** Attempts of one provider call; the last failure ends the process as `No disponible`. */
export const RUN_PROCESS_ATTEMPTS = RETRY_POLICY.attempts;

// Completed jobs are removed so Redis does not grow; a failed job is removed too, because a kept
// failed job with the same jobId silently blocks a re-add (bull#1828). PostgreSQL keeps the history.
const REMOVED_WHEN_DONE = { removeOnComplete: true, removeOnFail: true } as const;

export const RUN_PROCESS_OPTIONS: JobOptions = {
  attempts: RUN_PROCESS_ATTEMPTS,
  backoff: { type: 'exponential', delay: 200 },
  ...REMOVED_WHEN_DONE,
};

/**
 * A delivery's own retries follow WEBHOOKS_RETRY_SCHEDULE as new delayed jobs; Bull's attempts only
 * cover a handler that could not reach PostgreSQL (the attempt is then made again).
 */
export const DELIVER_WEBHOOK_OPTIONS: JobOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 1_000 },
  ...REMOVED_WHEN_DONE,
};

/**
 * An activation's alerts are written in one transaction with the row marked done, so a retry of a
 * job cut short (a crash, a lost lock) redoes it whole; the processor's sweep picks up any
 * activation still pending after the attempts.
 */
export const MONITOR_ACTIVATION_OPTIONS: JobOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 2_000 },
  ...REMOVED_WHEN_DONE,
};

export const QUEUE_CONTRACT: { [Q in QueueName]: { [N in JobName<Q>]: JobSpec<PayloadOf<Q, N>> } } = {
  [SCREENING_QUEUE]: {
    [ScreeningJob.RunProcess]: {
      options: RUN_PROCESS_OPTIONS,
      jobId: (p) => `${p.processId}:${p.generation}`,
    },
  },
  [WEBHOOK_QUEUE]: {
    [WebhookJob.Deliver]: {
      options: DELIVER_WEBHOOK_OPTIONS,
      // A batch is named by its first delivery (each delivery is scheduled in one batch at most).
      jobId: ({ deliveries: [first, ...rest], deferrals }) =>
        `${first.id}:${first.generation}${rest.length > 0 ? `+${rest.length}` : ''}${deferrals ? `~${deferrals}` : ''}`,
    },
  },
  [MONITORING_QUEUE]: {
    [MonitoringJob.Activation]: {
      options: MONITOR_ACTIVATION_OPTIONS,
      jobId: (p) => `activation:${p.activationId}`,
    },
  },
};

export const QUEUE_NAMES = Object.keys(QUEUE_CONTRACT) as QueueName[];

/** The deterministic id of a job (see JobSpec.jobId). */
export function jobIdOf<Q extends QueueName, N extends JobName<Q>>(
  queue: Q,
  jobName: N,
  payload: PayloadOf<Q, N>,
): string {
  return (QUEUE_CONTRACT[queue][jobName] as JobSpec<PayloadOf<Q, N>>).jobId(payload);
}

/** Bull options of a job named in an outbox row; throws for a queue or job the contract lacks. */
export function jobOptions(queue: string, jobName: string): JobOptions {
  const spec = (QUEUE_CONTRACT as Record<string, Record<string, JobSpec<unknown>> | undefined>)[queue]?.[
    jobName
  ];
  if (!spec) throw new Error(`The queue contract has no job ${queue}/${jobName}`);
  return spec.options;
}
