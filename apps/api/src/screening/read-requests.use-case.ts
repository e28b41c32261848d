import {
  blockedRequestRefusal,
  estimateEnds,
  globalEndDate,
  overallResult,
  overallStatus,
  ProcessState,
} from '@app/domain';
import { CandidateRequestRepository, ProcessRow } from '@app/persistence';
import { AuthUser } from '../auth/auth-user';
import { DurationMedians } from './duration-medians';
import {
  DecisionRecord,
  DisputeRecord,
  Finding,
  openDisputes,
  reviewedRequestResult,
  watchListSourcesOf,
  withDisputedFindings,
  withMatchLabels,
} from '@app/domain';
import {
  ProcessDetailDto,
  ProcessEntryDto,
  ProcessNotFinishedDto,
  RequestOverviewDto,
  RequestSummaryDto,
} from './dto/overview.dto';

/** A process of a request: finished (its detail), not finished yet (what it is at), or unknown. */
export type ProcessDetailResult =
  | { kind: 'finished'; detail: ProcessDetailDto }
  | { kind: 'not-finished'; process: ProcessNotFinishedDto }
  | { kind: 'not-found' };

function asStates(processes: ProcessRow[]): ProcessState[] {
  return processes.map(
    (p) =>
      ({
        name: p.processName,
        status: p.status,
        result: p.result,
        startDate: p.startDate,
        endDate: p.endDate,
      }) as ProcessState,
  );
}

/** The decisions on a request's findings and its disputes (docs/reviews.md). */
export interface FindingDecisions {
  decisionsAndDisputes(
    executor: null,
    requestId: string,
  ): Promise<{ decisions: DecisionRecord[]; disputes: DisputeRecord[] }>;
}

/** The read side of candidate screening: overview (polling), process detail and the list. */
export class ReadRequestsUseCase {
  constructor(
    private readonly requests: CandidateRequestRepository,
    private readonly medians: DurationMedians,
    private readonly findingDecisions: FindingDecisions,
  ) {}

  /**
   * Null for an unknown request, one of another client, or a suppressed one; a blocked request
   * answers 410 (docs/privacy.md).
   */
  async overview(user: AuthUser, requestId: string): Promise<RequestOverviewDto | null> {
    const row = isUuid(requestId) ? await this.requests.findOverview(requestId, user.clients) : null;
    if (!row) return null;
    if (row.blocked) throw blockedRequestRefusal();
    const states = asStates(row.processes);
    const estimates = estimateEnds(states, this.medians.medianOf, Date.now());
    return {
      isCandidateRegistered: true,
      status: overallStatus(states),
      candidateId: row.candidateId,
      result: overallResult(states),
      // The rows carry what the rule reads (status, result, dates, review): no copy on the polled path.
      reviewedResult: reviewedRequestResult(
        row.processes as unknown as Parameters<typeof reviewedRequestResult>[0],
        row.confirmedAlertResult,
      ),
      globalEndDate: globalEndDate(states),
      estimatedGlobalEndDate: estimates.global,
      packageId: row.packageId,
      openMonitorAlerts: row.openMonitorAlerts,
      consent: row.consent,
      // Written out rather than spread (`{ ...p }`): the overview is polled, and copying the
      // properties of a parsed JSON object by spreading cost several times as much.
      processes: row.processes.map((p, i) => {
        const entry: ProcessEntryDto = {
          id: p.id,
          processName: p.processName,
          status: p.status,
          result: p.result,
          startDate: p.startDate,
          endDate: p.endDate,
          estimatedEndDate: estimates.perProcess[i],
        };
        // Only a process with findings has a review (docs/reviews.md).
        if (p.review) entry.review = p.review;
        return entry;
      }),
    };
  }

  async processDetail(
    user: AuthUser,
    requestId: string,
    processId: string,
    withRawDetails: boolean,
  ): Promise<ProcessDetailResult> {
    const row =
      isUuid(requestId) && isUuid(processId)
        ? await this.requests.findProcess(requestId, processId, user.clients)
        : null;
    if (!row) return { kind: 'not-found' };
    if (row.blocked) throw blockedRequestRefusal();
    const { summary, rawDetails, blocked: _blocked, review, ...entry } = row;
    if (row.status !== 'Finalizado') {
      return {
        kind: 'not-finished',
        process: {
          id: row.id,
          processName: row.processName,
          status: row.status,
          result: row.result,
          estimatedEndDate: await this.estimatedEnd(user, requestId, processId),
        },
      };
    }
    const disputed = review?.disputed ? await this.disputedFindings(requestId, processId) : [];
    const answered = watchListSourcesOf(row.processName).length
      ? withMatchLabels(summary ?? {})
      : (summary ?? {});
    return {
      kind: 'finished',
      detail: {
        ...entry,
        estimatedEndDate: null,
        ...(review ? { review } : {}),
        summary: withDisputedFindings(row.processName, answered, disputed),
        ...(withRawDetails ? { rawDetails: rawDetails ?? {} } : {}),
      },
    };
  }

  private async disputedFindings(requestId: string, processId: string): Promise<Finding[]> {
    const { decisions, disputes } = await this.findingDecisions.decisionsAndDisputes(null, requestId);
    return openDisputes(processId, disputes, decisions);
  }

  /** A process's estimate depends on the rest of its request (what it waits for). */
  private async estimatedEnd(user: AuthUser, requestId: string, processId: string): Promise<number | null> {
    const row = await this.requests.findOverview(requestId, user.clients);
    if (!row) return null;
    const estimates = estimateEnds(asStates(row.processes), this.medians.medianOf, Date.now());
    return estimates.perProcess[row.processes.findIndex((p) => p.id === processId)] ?? null;
  }

  async list(
    user: AuthUser,
    query: { status?: string; page: number; limit: number },
  ): Promise<{ requests: RequestSummaryDto[]; total: number }> {
    const { total, rows } = await this.requests.list(user.clients, query);
    const requests = rows.map((row) => {
      const states = asStates(row.processes);
      return {
        uuid: row.id,
        clientId: row.clientId,
        packageId: row.packageId,
        candidateId: row.candidateId,
        status: row.status,
        result: overallResult(states),
        createdAt: row.createdAt,
        globalEndDate: globalEndDate(states),
      };
    });
    return { requests, total };
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
