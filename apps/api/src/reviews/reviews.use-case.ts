import {
  AlertReviewStatus,
  blockedRequestRefusal,
  disputeIsOpen,
  DomainEvent,
  Finding,
  findingsOf,
  findingState,
  LEGAL_RECORDS_SOURCE,
  notAFindingViolation,
  NotFoundError,
  requestReviewChange,
  ReviewDecision,
  sameFinding,
} from '@app/domain';
import {
  MonitorAlertRow,
  MonitorRepository,
  RequestUnderReview,
  ReviewRepository,
  ReviewRow,
  SqlExecutor,
} from '@app/persistence';
import { AuthUser } from '../auth/auth-user';
import { invalidRequest } from '../common/validation';
import { isUuid } from '../screening/read-requests.use-case';
import { DisputeDto } from './dto/reviews.dto';

/** A decision on a finding, as the caller states it (the body, once its shape is checked). */
export interface ReviewCommand {
  finding: Finding;
  decision: string;
  reason: string;
}

/** The candidate's dispute of a finding. */
export interface DisputeCommand {
  finding: Finding;
  statement: string;
}

export const REQUEST_NOT_FOUND = 'Candidate request not found.';
export const PROCESS_NOT_FOUND = 'Process not found.';

const findingOf = (body: { finding: { source: string; entryId: string } }): Finding => ({
  source: body.finding.source,
  entryId: body.finding.entryId,
});

/**
 * Reviews of findings and the candidate's disputes (docs/reviews.md). Each decision is written with
 * what it changes, in one transaction that holds the request locked: the processes' reviews, the
 * result of its confirmed alerts, and the `review_changed` / `disputed` events.
 */
export class ReviewsUseCase {
  constructor(
    private readonly reviews: ReviewRepository,
    private readonly monitors: MonitorRepository,
  ) {}

  async review(user: AuthUser, uuid: string, processId: string, body: ReviewCommand) {
    if (!isUuid(uuid)) throw new NotFoundError(REQUEST_NOT_FOUND);
    if (!isUuid(processId)) throw new NotFoundError(PROCESS_NOT_FOUND);
    const finding = findingOf(body);
    return this.decide(user, uuid, async (tx, request) => {
      const process = request.processes.find((p) => p.id === processId);
      if (!process) throw new NotFoundError(PROCESS_NOT_FOUND);
      if (process.status !== 'Finalizado' || !findingsOf(process).some((f) => sameFinding(f, finding)))
        throw invalidRequest([notAFindingViolation(finding, 'process')]);
      const entries =
        finding.source === LEGAL_RECORDS_SOURCE ? [] : await this.reviews.importedEntries(tx, processId);
      const review = await this.reviews.insertReview(tx, {
        clientId: request.clientId,
        requestId: request.id,
        processId,
        processGeneration: process.generation,
        alertId: null,
        finding,
        entryState: findingState(process, entries, finding),
        decision: body.decision as ReviewDecision,
        reason: body.reason,
        reviewer: reviewerOf(user),
      });
      await this.settle(tx, request, []);
      return review;
    });
  }

  async list(user: AuthUser, uuid: string, processId: string): Promise<{ data: ReviewRow[] }> {
    if (!isUuid(uuid)) throw new NotFoundError(REQUEST_NOT_FOUND);
    if (!isUuid(processId)) throw new NotFoundError(PROCESS_NOT_FOUND);
    return this.read(user, uuid, async (tx, request) => {
      if (!request.processes.some((p) => p.id === processId)) throw new NotFoundError(PROCESS_NOT_FOUND);
      return { data: await this.reviews.reviewsOfProcess(tx, processId) };
    });
  }

  /** The candidate disputes a finding of one of the request's finished processes. */
  async dispute(user: AuthUser, uuid: string, body: DisputeCommand): Promise<DisputeDto> {
    if (!isUuid(uuid)) throw new NotFoundError(REQUEST_NOT_FOUND);
    const finding = findingOf(body);
    return this.decide(user, uuid, async (tx, request) => {
      const process = request.processes.find(
        (p) => p.status === 'Finalizado' && findingsOf(p).some((f) => sameFinding(f, finding)),
      );
      if (!process) throw invalidRequest([notAFindingViolation(finding, 'request')]);
      const dispute = await this.reviews.insertDispute(tx, {
        clientId: request.clientId,
        requestId: request.id,
        processId: process.id,
        finding,
        statement: body.statement,
        createdBy: user.actor.id,
      });
      await this.settle(tx, request, [
        { type: 'candidate_request.disputed', data: { uuid: request.id, processId: process.id, finding } },
      ]);
      return { ...dispute, statement: dispute.statement ?? '', status: 'open' };
    });
  }

  async disputes(user: AuthUser, uuid: string): Promise<{ data: DisputeDto[] }> {
    if (!isUuid(uuid)) throw new NotFoundError(REQUEST_NOT_FOUND);
    return this.read(user, uuid, async (tx, request) => {
      const [rows, { decisions }] = await Promise.all([
        this.reviews.disputesOfRequest(tx, request.id),
        this.reviews.decisionsAndDisputes(tx, request.id),
      ]);
      return {
        data: rows.map((row) => ({
          ...row,
          statement: row.statement ?? '',
          status: disputeIsOpen(row, decisions) ? 'open' : 'resolved',
        })),
      };
    });
  }

  /**
   * `PATCH /monitor-alerts/{id}`: the alert's review is a decision like any other; a confirmed alert
   * raises its request's reviewed result. Null for an alert the caller cannot see (or of a blocked
   * request).
   */
  async reviewAlert(
    user: AuthUser,
    alertId: string,
    review: { status: AlertReviewStatus; note: string | null },
  ): Promise<MonitorAlertRow | null> {
    const requestId = await this.reviews.requestOfAlert(alertId, user.clients);
    if (!requestId) return null;
    const done = await this.reviews.underReview(requestId, user.clients, async (tx, request) => {
      if (request.blocked) return null;
      const alert = await this.monitors.review(alertId, user.clients, { ...review, userId: user.userId }, tx);
      if (!alert) return null;
      await this.reviews.insertReview(tx, {
        clientId: request.clientId,
        requestId: request.id,
        processId: null,
        processGeneration: null,
        alertId,
        finding: { source: alert.source, entryId: alert.entryId },
        entryState: null,
        decision: review.status,
        reason: review.note,
        reviewer: reviewerOf(user),
      });
      await this.settle(tx, request, []);
      return alert;
    });
    return done?.value ?? null;
  }

  /** Works the request's review out again and writes what changed, with `events` and `review_changed`. */
  private async settle(tx: SqlExecutor, request: RequestUnderReview, events: DomainEvent[]): Promise<void> {
    const [{ decisions, disputes }, alerts] = await Promise.all([
      this.reviews.decisionsAndDisputes(tx, request.id),
      this.reviews.confirmedAlerts(tx, request.id),
    ]);
    const change = requestReviewChange(request, decisions, disputes, alerts);
    const changed: DomainEvent[] = change.reviewedResultChanged
      ? [
          {
            type: 'candidate_request.review_changed',
            data: { uuid: request.id, reviewedResult: change.reviewedResult },
          },
        ]
      : [];
    await this.reviews.writeReviewState(tx, request, {
      processes: change.processes,
      confirmedAlertResult: change.confirmedAlertResult,
      events: [...events, ...changed],
    });
  }

  /** Runs a decision on an unblocked request of the caller's clients (404 unknown, 410 blocked). */
  private async decide<T>(
    user: AuthUser,
    uuid: string,
    work: (tx: SqlExecutor, request: RequestUnderReview) => Promise<T>,
  ): Promise<T> {
    const done = await this.reviews.underReview(uuid, user.clients, async (tx, request) => {
      if (request.blocked) throw blockedRequestRefusal();
      return work(tx, request);
    });
    if (!done) throw new NotFoundError(REQUEST_NOT_FOUND);
    return done.value;
  }

  private async read<T>(
    user: AuthUser,
    uuid: string,
    work: (tx: SqlExecutor, request: RequestUnderReview) => Promise<T>,
  ): Promise<T> {
    const done = await this.reviews.underReview(
      uuid,
      user.clients,
      async (tx, request) => {
        if (request.blocked) throw blockedRequestRefusal();
        return work(tx, request);
      },
      'read',
    );
    if (!done) throw new NotFoundError(REQUEST_NOT_FOUND);
    return done.value;
  }
}

/** Who decided: the person, or the API key (which has no address). */
function reviewerOf(user: AuthUser): { id: string; email: string | null } {
  return { id: user.actor.id, email: user.actor.type === 'user' ? (user.actor.email ?? null) : null };
}
