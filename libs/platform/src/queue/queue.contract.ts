import type { JobOptions } from 'bull';

/**
 * The one description of our queues: names, job names, payloads and options. Payloads carry ids
 * only; workers re-read PostgreSQL, which is the record of what happened (Redis only carries the
 * signal to do work).
 */
export const SCREENING_QUEUE = 'screening';

export const ScreeningJob = {
  /** Start, or resume after candidate input, one process of a candidate request. */
  RunProcess: 'run-process',
} as const;

export interface RunProcessPayload {
  requestId: string;
  processId: string;
}

/** Attempts of one provider call; the last failure ends the process as `No disponible`. */
export const RUN_PROCESS_ATTEMPTS = 3;

export const RUN_PROCESS_OPTIONS: JobOptions = {
  attempts: RUN_PROCESS_ATTEMPTS,
  backoff: { type: 'exponential', delay: 200 },
  // Completed jobs are removed so Redis does not grow; a failed job is removed too, because a kept
  // failed job with the same jobId silently blocks a re-add (bull#1828). PostgreSQL keeps the history.
  removeOnComplete: true,
  removeOnFail: true,
};

/** Deterministic: a second publication of the same outbox row cannot create a second job. */
export function runProcessJobId(processId: string, generation: number): string {
  return `${processId}:${generation}`;
}
