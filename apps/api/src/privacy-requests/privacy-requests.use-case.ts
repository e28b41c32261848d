import {
  arcoDueDate,
  arcoDueSoonDate,
  type ArcoRight,
  type ArcoSubject,
  ARCO_SUBJECT_FIELDS,
  calendarDateIn,
  ConflictError,
  type DomainEvent,
  normalizedRegistrationText,
  NotFoundError,
  privacyRequestViolations,
  RECTIFIABLE_FIELDS,
  resolutionViolations,
  runAgainInRequest,
  subjectIdentifiers,
  subjectNameKey,
} from '@app/domain';
import type { LifecycleSteps, SubjectData } from '@app/application';
import type {
  MonitorRepository,
  PrivacyMatch,
  PrivacyRequestRepository,
  PrivacyRequestView,
} from '@app/persistence';
import type { AppConfig } from '@app/platform';
import type { AuthUser } from '../auth/auth-user';
import { actingClient } from '../auth/acting-client';
import { invalidRequest } from '../common/validation';
import { legalQueryOf } from '../monitors/monitors.use-case';
import { isUuid } from '../screening/read-requests.use-case';
import type { PrivacyRequestDto, PrivacyRequestPageDto } from './dto/privacy-requests.dto';
import type { PrivacyEffects } from './privacy-effects';

/** An ARCO request as received (docs/privacy.md). */
export interface CreatePrivacyRequestCommand {
  right: string;
  subject: ArcoSubject;
  receivedAt: string;
  channel: string;
  details?: string;
  clientId?: string;
}

/** Which page of a client's ARCO requests (`page`, `limit` already numbers). */
export interface PrivacyRequestsQuery {
  status?: string;
  clientId?: string;
  page: number;
  limit: number;
}

/** The answer to an ARCO request: the decision, why, and for a rectification the changes. */
export interface ResolvePrivacyRequestCommand {
  decision: string;
  reason: string;
  changes?: Record<string, string>;
}

export const PRIVACY_REQUEST_NOT_FOUND = 'Privacy request not found.';

/** The candidate fields a monitor's legal-records name query is made of. */
const NAME_FIELDS = ['name', 'lastName', 'secondLastName'];

/** The ids of one kind of match. */
export function idsOf(matches: readonly PrivacyMatch[], type: PrivacyMatch['type']): string[] {
  return matches.filter((match) => match.type === type).map((match) => match.id);
}

/** The subject as recorded: the fields the person gave, trimmed, RFC and CURP as registration stores them. */
function recordedSubject(subject: Record<string, unknown>): ArcoSubject {
  const recorded: ArcoSubject = {};
  for (const field of ARCO_SUBJECT_FIELDS) {
    const value = subject[field];
    if (typeof value === 'string') recorded[field] = normalizedRegistrationText(field, value);
  }
  return recorded;
}

/** A rectification's changes as registration would store them (the domain has checked every one). */
function storedChanges(changes: Record<string, unknown>): Record<string, string> {
  const stored: Record<string, string> = {};
  for (const field of RECTIFIABLE_FIELDS) {
    const value = changes[field];
    if (typeof value === 'string') stored[field] = normalizedRegistrationText(field, value);
  }
  return stored;
}

/** The request as the api shows it: its documented fields only (not its client, nor its stored keys). */
export function view(row: PrivacyRequestView): PrivacyRequestDto {
  return {
    id: row.id,
    right: row.right,
    status: row.status,
    subject: row.subject,
    receivedAt: row.receivedAt,
    dueDate: row.dueDate,
    channel: row.channel,
    details: row.details,
    matches: row.matches,
    decision: row.decision,
    reason: row.reason,
    changes: row.changes as Record<string, string> | null,
    createdAt: row.createdAt,
    resolvedAt: row.resolvedAt,
  };
}

/**
 * ARCO requests of a client (docs/privacy.md, "ARCO requests"), recorded and answered by its
 * admins (the role guard lets no one else in): each found among the client's data when recorded
 * and again when resolved, and a granted decision applied to what is found then. Another client's
 * request answers 404 as one that does not exist.
 */
export class PrivacyRequestsUseCase {
  constructor(
    private readonly requests: PrivacyRequestRepository,
    private readonly subjects: SubjectData,
    private readonly monitors: Pick<MonitorRepository, 'stopWatching' | 'rewatchNames'>,
    private readonly steps: Pick<LifecycleSteps, 'run'>,
    private readonly effects: PrivacyEffects,
    private readonly config: Pick<AppConfig, 'serviceTimezone'>,
  ) {}

  async create(
    user: AuthUser,
    body: CreatePrivacyRequestCommand,
    now = Date.now(),
  ): Promise<PrivacyRequestDto> {
    const today = calendarDateIn(this.config.serviceTimezone, new Date(now));
    const violations = privacyRequestViolations(body, today);
    if (violations.length > 0) throw invalidRequest(violations);
    const clientId = actingClient(user, body.clientId);
    const subject = recordedSubject(body.subject as unknown as Record<string, unknown>);
    const right = body.right as ArcoRight;
    const matches = await this.subjects.matchesOf(clientId, subject);
    const identifiers = subjectIdentifiers(subject);
    const dueDate = arcoDueDate(body.receivedAt);
    const created = await this.requests.create(
      {
        clientId,
        right,
        subject,
        subjectRfc: identifiers.rfc ?? null,
        subjectCurp: identifiers.curp ?? null,
        subjectNameKey: subjectNameKey(subject),
        subjectBirthDate: subject.birthDate ?? null,
        receivedAt: body.receivedAt,
        dueDate,
        dueSoonDate: arcoDueSoonDate(dueDate),
        channel: body.channel,
        details: body.details?.trim() || null,
        matches,
        createdBy: user.userId,
      },
      (id): DomainEvent[] => [{ type: 'privacy_request.received', data: { privacyRequestId: id, right } }],
    );
    return view(created);
  }

  async list(user: AuthUser, query: PrivacyRequestsQuery): Promise<PrivacyRequestPageDto> {
    const clientId = actingClient(user, query.clientId);
    const { rows, total } = await this.requests.page(clientId, {
      status: query.status,
      page: query.page,
      limit: query.limit,
    });
    return { data: rows.map(view), page: query.page, limit: query.limit, total };
  }

  async get(user: AuthUser, id: string): Promise<PrivacyRequestDto> {
    return view(await this.owned(user, id));
  }

  /**
   * Records the decision and applies a granted one to the subject's data as found now: a
   * rectification corrects the candidates and runs their identity processes again, a cancellation
   * blocks the requests and searches, an opposition stops the monitors. A request resolved already
   * answers 409, whoever resolved it (two admins at once: one wins, the other hears 409).
   */
  async resolve(user: AuthUser, id: string, body: ResolvePrivacyRequestCommand): Promise<PrivacyRequestDto> {
    const current = await this.owned(user, id);
    if (current.status === 'resolved') throw alreadyResolved(current);
    const right = current.right as ArcoRight;
    const violations = resolutionViolations(body, right);
    if (violations.length > 0) throw invalidRequest(violations);

    const granted = body.decision === 'granted';
    const clientId = current.clientId;
    const matches = await this.subjects.matchesOf(clientId, current.subject);
    const requestIds = idsOf(matches, 'candidate_request');
    const changes = granted && right === 'rectification' ? storedChanges(body.changes ?? {}) : null;
    // Retention blocks in a transaction of its own: before the decision is written, so that a
    // decision recorded as granted was carried out (a retry after a failure blocks again, harmlessly).
    if (granted && right === 'cancellation')
      await this.effects.block({ requestIds, searchIds: idsOf(matches, 'search') });

    const resolved = await this.requests.resolve(
      { id: current.id, clientIds: [clientId] },
      { decision: body.decision, reason: body.reason.trim(), changes, matches, resolvedBy: user.userId },
      (locked) => (locked.status === 'resolved' ? alreadyResolved(locked) : null),
      async (tx) => {
        if (changes) {
          await this.requests.rectifyCandidates(tx, clientId, requestIds, changes);
          // A monitor watches the legal-records corpus for the name it was created with: the corrected one now.
          if (NAME_FIELDS.some((field) => field in changes))
            await this.monitors.rewatchNames(tx, clientId, requestIds, legalQueryOf);
        }
        if (granted && right === 'opposition') await this.monitors.stopWatching(tx, clientId, requestIds);
      },
      [
        {
          type: 'privacy_request.resolved',
          data: { privacyRequestId: current.id, right, decision: body.decision as 'granted' | 'denied' },
        },
      ],
    );
    if (!resolved) throw new NotFoundError(PRIVACY_REQUEST_NOT_FOUND);
    // The corrected candidates are screened anew by the processor, with the usual events.
    if (changes)
      await Promise.all(
        requestIds.map((requestId) =>
          this.steps.run(
            { requestId, clientIds: [clientId] },
            (request) => runAgainInRequest(request),
            {},
            requestId,
          ),
        ),
      );
    return view(resolved);
  }

  /** One of the caller's requests, with its client; 404 otherwise. */
  private async owned(user: AuthUser, id: string): Promise<PrivacyRequestView & { clientId: string }> {
    const found = isUuid(id) ? await this.requests.find(id, user.clients) : null;
    if (!found) throw new NotFoundError(PRIVACY_REQUEST_NOT_FOUND);
    return found;
  }
}

function alreadyResolved(request: PrivacyRequestView): ConflictError {
  return new ConflictError(
    `This privacy request was resolved already (${request.decision ?? 'decided'}); a decision is final.`,
  );
}
