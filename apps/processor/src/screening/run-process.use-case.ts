import {
  CandidateIdentity,
  DecisionRecord,
  dismissedFindings,
  DisputeRecord,
  FinalResult,
  isDismissed,
  LEGAL_RECORDS_SOURCE,
  legalPersonState,
  processReview,
  watchListSourcesOf,
  withoutPersons,
  finishInRequest,
  outcomeAfterRetriesExhausted,
  ProcessName,
  ProcessProvider,
  processTypeOf,
  ProviderAnswer,
  startInRequest,
} from '@app/domain';
import { RequestSnapshot } from '@app/persistence';
import { LifecycleSteps } from '@app/application';
import type { OutageRetry } from '@app/platform';
import { LegalRecordsReader } from './legal-records.reader';

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

/** The request's decisions on its findings and its disputes (docs/reviews.md). */
export interface FindingDecisions {
  decisionsAndDisputes(
    executor: null,
    requestId: string,
  ): Promise<{ decisions: DecisionRecord[]; disputes: DisputeRecord[] }>;
}

/** The one log line this use case writes (wired to a Nest `Logger` in the module). */
export interface WarningLog {
  warn(fields: Record<string, unknown>, message: string): void;
}

export interface RunProcessAttempt {
  processId: string;
  /** The process's request: its steps take turns in this processor (see LifecycleSteps). */
  requestId?: string;
  /** True on the job's last attempt: a provider failure then ends the process as No disponible. */
  lastAttempt: boolean;
}

/**
 * Runs one process: start it (the domain decides whether it runs or waits for the candidate), call
 * its provider outside any transaction, then finish it (which queues what waited for it). Safe to
 * deliver twice: the domain answers "nothing to do" for a process that is not queued or running.
 *
 * A PostgreSQL or Redis outage met on the way (a step's read or write, BGC Legal's corpus) is waited
 * out where it happened (`outages`): the job holds on and goes on once the dependency answers, so an
 * outage of any length neither spends the provider's retries nor calls the provider twice.
 */
export class RunProcessUseCase {
  constructor(
    private readonly steps: LifecycleSteps,
    private readonly provider: ProcessProvider,
    private readonly legalRecords: LegalRecordsReader,
    private readonly findingDecisions: FindingDecisions,
    private readonly outages: Pick<OutageRetry, 'run'>,
    private readonly logger: WarningLog,
  ) {}

  async execute({ processId, requestId, lastAttempt }: RunProcessAttempt): Promise<RunProcessReport> {
    const started = await this.outages.run(() =>
      this.steps.run(
        { processId },
        (request) => startInRequest(request, processId, Date.now(), processId in request.candidateInputs),
        {},
        requestId,
      ),
    );
    const running = started?.transition.changes.find((c) => c.id === processId)?.next;
    // Not queued (finished, waiting or unknown), or now waiting for the candidate: nothing to run.
    if (!started || !running) return { processName: null, outcome: 'nothing-to-do' };
    if (running.status !== 'En proceso')
      return { processName: running.name, outcome: 'waiting-for-candidate' };

    const name = running.name;
    // A process with findings reads the reviews of its request: a re-run leaves out what a reviewer
    // dismissed while the entry stays as it was, and the outcome carries the process's review.
    const reviewed = hasFindings(name)
      ? await this.outages.run(() =>
          this.findingDecisions.decisionsAndDisputes(null, requestId ?? started.request.uuid),
        )
      : null;
    let answer: ProviderAnswer;
    const requestedAt = new Date();
    try {
      answer = await this.outages.run(() =>
        this.callProvider(started.request, processId, name, reviewed?.decisions ?? []),
      );
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
    const outcome = { processId, summary: answer.summary, rawDetails: answer.rawDetails };
    const review = reviewed
      ? processReview(
          {
            id: processId,
            generation: running.generation,
            name,
            result: answer.result as FinalResult,
            summary: answer.summary,
          },
          reviewed.decisions,
          reviewed.disputes,
        )
      : undefined;
    const finished = await this.outages.run(() =>
      this.steps.run(
        { processId },
        (request) => finishInRequest(request, processId, answer.result as FinalResult, Date.now()),
        { outcome: review === undefined ? outcome : { ...outcome, review } },
        requestId,
      ),
    );
    return { processName: name, outcome: finished ? 'finished' : 'already-finished', result: answer.result };
  }

  private async callProvider(
    request: RequestSnapshot,
    processId: string,
    name: ProcessName,
    decisions: readonly DecisionRecord[],
  ): Promise<ProviderAnswer> {
    const candidate = request.candidate as unknown as CandidateIdentity;
    const dismissed = dismissedFindings(decisions);
    const found = processTypeOf(name)?.usesLegalRecords
      ? await this.legalRecords.summaryFor(request.candidate)
      : undefined;
    const legalMatches =
      found && dismissed.length
        ? withoutPersons(found, (person) =>
            isDismissed(
              dismissed,
              { source: LEGAL_RECORDS_SOURCE, entryId: person.entryId },
              legalPersonState(person),
            ),
          )
        : found;
    return this.provider.call(name, candidate, {
      legalMatches,
      candidateInput: request.candidateInputs[processId],
      ...(dismissed.length ? { dismissed } : {}),
    });
  }
}

/** Processes whose summary holds findings: the list processes and BGC Legal. */
const hasFindings = (name: ProcessName): boolean =>
  watchListSourcesOf(name).length > 0 || processTypeOf(name)?.usesLegalRecords === true;
