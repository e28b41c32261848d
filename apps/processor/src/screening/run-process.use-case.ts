import { Injectable, Logger } from '@nestjs/common';
import { CandidateIdentity, NEEDS_CANDIDATE, ProcessName, outcomeAfterRetriesExhausted } from '@app/domain';
import { ExecutableProcess, ProcessExecutionRepository } from '@app/persistence';
import { OutboxPublisher, SCREENING_QUEUE, ScreeningJob } from '@app/platform';
import { LegalMatchesReader } from './legal-matches.reader';
import { ProviderAnswer, SandboxProvider } from './sandbox-provider';

/** What one run did, for the job's log line and duration metric. */
export interface RunProcessReport {
  /** Null when the process was not queued any more (finished, waiting or unknown). */
  processName: string | null;
  /** `already-finished`: another delivery of the same job ended the process first (nothing written). */
  outcome: 'finished' | 'already-finished' | 'waiting-for-candidate' | 'nothing-to-do';
  result?: string;
}

/** A provider call failed on an attempt that is not the last: Bull retries the job with backoff. */
export class ProviderAttemptFailedError extends Error {
  constructor(
    readonly processName: string,
    cause: unknown,
  ) {
    super(
      `${processName}: provider attempt failed: ${cause instanceof Error ? cause.message : String(cause)}`,
      {
        cause,
      },
    );
    this.name = 'ProviderAttemptFailedError';
  }
}

export interface RunProcessAttempt {
  processId: string;
  /** True on the job's last attempt: a provider failure then ends the process as No disponible. */
  lastAttempt: boolean;
}

/**
 * Runs one process. Safe to deliver twice: every state change is conditional on the status it
 * expects, so a repeated job finds the process already started, waiting or finished and stops.
 */
@Injectable()
export class RunProcessUseCase {
  private readonly logger = new Logger(RunProcessUseCase.name);

  constructor(
    private readonly processes: ProcessExecutionRepository,
    private readonly provider: SandboxProvider,
    private readonly legalMatches: LegalMatchesReader,
    private readonly outbox: OutboxPublisher,
  ) {}

  async execute({ processId, lastAttempt }: RunProcessAttempt): Promise<RunProcessReport> {
    const process = await this.processes.start(processId, new Date(), [...NEEDS_CANDIDATE]);
    // Not queued (finished, waiting or unknown), or now waiting for the candidate: nothing to run.
    if (!process) return { processName: null, outcome: 'nothing-to-do' };
    if (process.status !== 'En proceso')
      return { processName: process.name, outcome: 'waiting-for-candidate' };

    const name = process.name as ProcessName;
    let answer: ProviderAnswer;
    const requestedAt = new Date();
    try {
      answer = await this.callProvider(process);
    } catch (error) {
      if (!lastAttempt) throw new ProviderAttemptFailedError(name, error); // Bull retries with backoff
      this.logger.warn(
        { processId, process: name },
        'Provider gave no answer after its retries: No disponible',
      );
      const outcome = outcomeAfterRetriesExhausted(name);
      answer = {
        result: outcome.result,
        summary: outcome.summary,
        rawDetails: this.provider.unanswered(name, requestedAt, error),
      };
    }
    const { finished, jobs } = await this.processes.finishAndQueueDependents(
      process.id,
      { ...answer, at: new Date() },
      { queue: SCREENING_QUEUE, jobName: ScreeningJob.RunProcess },
    );
    await this.outbox.publishNow(jobs);
    return { processName: name, outcome: finished ? 'finished' : 'already-finished', result: answer.result };
  }

  private async callProvider(process: ExecutableProcess): Promise<ProviderAnswer> {
    const name = process.name as ProcessName;
    const candidate = process.candidate as unknown as CandidateIdentity;
    const legalMatches =
      name === 'BGC Legal' ? await this.legalMatches.summaryFor(process.candidate) : undefined;
    return this.provider.call(name, candidate, {
      legalMatches,
      candidateInput: process.candidateInput ?? undefined,
    });
  }
}
