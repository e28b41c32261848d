import { Injectable } from '@nestjs/common';
import {
  estimateEnds,
  globalEndDate,
  overallResult,
  overallStatus,
  pagination,
  ProcessState,
} from '@app/domain';
import { CandidateRequestRepository, ProcessRow } from '@app/persistence';
import { AuthUser } from '../auth/auth-user';
import { envelope, Envelope } from '../common/envelope';
import { PaginationDto } from '../common/pagination';
import { DurationMedians } from './duration-medians';
import {
  ProcessDetailDto,
  ProcessNotFinishedDto,
  RequestOverviewDto,
  RequestSummaryDto,
} from './dto/overview.dto';

export const REQUEST_NOT_FOUND = 'Candidate request not found';

/** SPEC 4.3 quirk kept by CONTRACT 1: unknown (or another client's) answers HTTP 200 with statusCode 404. */
function notFound(): Envelope<Record<string, never>> {
  return { isSuccess: true, statusCode: 404, message: REQUEST_NOT_FOUND, data: {} };
}

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

/** The read side of candidate screening: overview (polling), process detail and the list. */
@Injectable()
export class ReadRequestsUseCase {
  constructor(
    private readonly requests: CandidateRequestRepository,
    private readonly medians: DurationMedians,
  ) {}

  async overview(
    user: AuthUser,
    requestId: string,
  ): Promise<Envelope<RequestOverviewDto | Record<string, never>>> {
    const row = isUuid(requestId) ? await this.requests.findOverview(requestId, user.clients) : null;
    if (!row) return notFound();
    const states = asStates(row.processes);
    const estimates = estimateEnds(states, this.medians.medianOf, Date.now());
    return envelope({
      isCandidateRegistered: true,
      status: overallStatus(states),
      candidateId: row.candidateId,
      result: overallResult(states),
      globalEndDate: globalEndDate(states),
      estimatedGlobalEndDate: estimates.global,
      packageId: row.packageId,
      processes: row.processes.map((p, i) => ({ ...p, estimatedEndDate: estimates.perProcess[i] })),
    });
  }

  async processDetail(
    user: AuthUser,
    requestId: string,
    processId: string,
    withRawDetails: boolean,
  ): Promise<Envelope<ProcessDetailDto | ProcessNotFinishedDto | Record<string, never>>> {
    // CONTRACT 1: an unknown request or process answers exactly as the overview's unknown request.
    const row =
      isUuid(requestId) && isUuid(processId)
        ? await this.requests.findProcess(requestId, processId, user.clients)
        : null;
    if (!row) return notFound();
    const { summary, rawDetails, ...entry } = row;
    if (row.status !== 'Finalizado') {
      return {
        isSuccess: true,
        statusCode: 409,
        message: `The process has not finished yet (status: ${row.status}).`,
        data: {
          id: row.id,
          processName: row.processName,
          status: row.status,
          result: row.result,
          estimatedEndDate: await this.estimatedEnd(user, requestId, processId),
        },
      };
    }
    return envelope({
      ...entry,
      estimatedEndDate: null,
      summary: summary ?? {},
      ...(withRawDetails ? { rawDetails: rawDetails ?? {} } : {}),
    });
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
  ): Promise<Envelope<RequestSummaryDto[]> & { meta: { pagination: PaginationDto } }> {
    const { total, rows } = await this.requests.list(user.clients, query);
    const data = rows.map((row) => {
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
    return { ...envelope(data), meta: { pagination: pagination(total, query.page, query.limit) } };
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
