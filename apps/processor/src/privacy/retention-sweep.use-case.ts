import { requestBlockDue, RequestRetentionFacts, retentionCutOffs } from '@app/domain';
import type { CandidatePosition, RetentionRepository } from '@app/persistence';

/** Blocking candidates read per page (each one's processes and monitor come along). */
export const CANDIDATES_PER_PAGE = 1_000;
/** Rows blocked or suppressed per transaction: one subject's 1,000 requests in one. */
export const ROWS_PER_TRANSACTION = 1_000;

/** What one sweep did: ids blocked and suppressed. */
export interface RetentionSweepReport {
  requestsBlocked: number;
  searchesBlocked: number;
  requestsSuppressed: number;
  searchesSuppressed: number;
}

/**
 * One pass of the retention of personal data (docs/privacy.md, "Retention: blocking, then
 * suppression"): the domain computes each client's cut-offs from its settings, the repository
 * reads the rows that may be due through partial indexes (nothing else is read when nothing is
 * due), the domain decides each request, and the repository blocks and suppresses on conditions
 * under SKIP LOCKED, so two processors, or a pass run twice, do everything once.
 */
export class RetentionSweepUseCase {
  constructor(
    private readonly retention: Pick<
      RetentionRepository,
      | 'clients'
      | 'blockingCandidates'
      | 'blockRequests'
      | 'blockDueSearches'
      | 'suppressDueRequests'
      | 'suppressDueSearches'
    >,
    private readonly now: () => number = Date.now,
  ) {}

  async execute(): Promise<RetentionSweepReport> {
    const clients = await this.retention.clients();
    const activeDays = new Map(clients.map((c) => [c.clientId, c.activeDays]));
    const due = (facts: RequestRetentionFacts & { clientId: string }) =>
      activeDays.has(facts.clientId) && requestBlockDue(facts, activeDays.get(facts.clientId)!, this.now());
    const report: RetentionSweepReport = {
      requestsBlocked: 0,
      searchesBlocked: 0,
      requestsSuppressed: 0,
      searchesSuppressed: 0,
    };

    const blocking = retentionCutOffs(clients, this.now());
    for (let after: CandidatePosition | null = null; ;) {
      const page = await this.retention.blockingCandidates(blocking, after, CANDIDATES_PER_PAGE);
      const dueNow = page.filter(due).map((row) => row.id);
      // Decided again under the rows' locks: a step or a monitor may have come meanwhile.
      if (dueNow.length > 0)
        report.requestsBlocked += (await this.retention.blockRequests(dueNow, due)).length;
      if (page.length < CANDIDATES_PER_PAGE) break;
      after = page[page.length - 1].position;
    }
    report.searchesBlocked = await this.untilShort(
      async () => (await this.retention.blockDueSearches(blocking, ROWS_PER_TRANSACTION)).length,
    );

    // Cut-offs of this moment: a client keeping nothing blocked (blockedDays 0) suppresses what
    // the lines above blocked at the next pass.
    const suppressing = retentionCutOffs(clients, this.now());
    report.requestsSuppressed = await this.untilShort(
      async () => (await this.retention.suppressDueRequests(suppressing, ROWS_PER_TRANSACTION)).ids.length,
    );
    report.searchesSuppressed = await this.untilShort(
      async () => (await this.retention.suppressDueSearches(suppressing, ROWS_PER_TRANSACTION)).ids.length,
    );
    return report;
  }

  /** Runs `batch` until one does less than a full transaction's worth; answers the total. */
  private async untilShort(batch: () => Promise<number>): Promise<number> {
    let total = 0;
    for (;;) {
      const done = await batch();
      total += done;
      if (done < ROWS_PER_TRANSACTION) return total;
    }
  }
}
