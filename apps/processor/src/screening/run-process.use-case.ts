import { Injectable, Logger } from '@nestjs/common';
import { CandidateIdentity, NEEDS_CANDIDATE, ProcessName, outcomeAfterRetriesExhausted } from '@app/domain';
import { ExecutableProcess, PendingOutboxJob, ProcessExecutionRepository } from '@app/persistence';
import { OutboxPublisher, runProcessJobs } from '@app/platform';
import { LegalMatchesReader } from './legal-matches.reader';
import { ProviderAnswer, SandboxProvider } from './sandbox-provider';

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

  async execute({ processId, lastAttempt }: RunProcessAttempt): Promise<void> {
    const process = await this.processes.load(processId);
    if (!process || process.status !== 'En proceso') return; // finished, waiting, or unknown: nothing to do

    const name = process.name as ProcessName;
    const waitsForCandidate = NEEDS_CANDIDATE.has(name) && process.candidateInput == null;
    if (process.startDate === null || waitsForCandidate) {
      const started = await this.processes.markStarted(
        processId,
        waitsForCandidate ? 'Pendiente Candidato' : 'En proceso',
        new Date(),
      );
      if (!started || waitsForCandidate) return;
    }

    let answer: ProviderAnswer;
    try {
      answer = await this.callProvider(process);
    } catch (error) {
      if (!lastAttempt) throw error; // Bull retries with backoff
      this.logger.warn(
        { processId, process: name },
        'Provider gave no answer after its retries: No disponible',
      );
      const outcome = outcomeAfterRetriesExhausted(name);
      answer = {
        result: outcome.result,
        summary: outcome.summary,
        rawDetails: { provider: `sandbox:${name}`, error: String(error) },
      };
    }
    await this.finish(process, answer);
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

  /** Ends the process and queues the ones that waited for it, in one transaction. */
  private async finish(process: ExecutableProcess, answer: ProviderAnswer): Promise<void> {
    const staged: PendingOutboxJob[] = [];
    await this.processes.transaction(async (tx) => {
      const finished = await this.processes.finish(tx, process.id, { ...answer, at: new Date() });
      if (!finished) return;
      const released = await this.processes.releaseDependents(tx, process.requestId, process.name);
      staged.push(...(await this.outbox.stage(tx, runProcessJobs(released))));
    });
    await this.outbox.publishNow(staged);
  }
}
