import { randomUUID } from 'node:crypto';
import {
  AlertReviewStatus,
  blockedRequestRefusal,
  alertReviewViolations,
  ConflictError,
  createMonitorViolations,
  givenNameWords,
  monitorExpiry,
  monitorSourcesOf,
  nothingToMonitorViolation,
  monitorStatusAt,
  MonitorStatus,
  monthIn,
  normalizeName,
  NotFoundError,
  withFeatureLabels,
} from '@app/domain';
import {
  MatchQuery,
  MonitorAlertRow,
  MonitoredRequest,
  MonitorRepository,
  MonitorRow,
} from '@app/persistence';
import { AppConfig } from '@app/platform';
import type { SubjectData } from '@app/application';
import { AuthUser } from '../auth/auth-user';
import { invalidRequest } from '../common/validation';
import { isUuid } from '../screening/read-requests.use-case';
import { MonitorAlertDto, MonitorAlertPageDto, MonitorDto, MonitorPageDto } from './dto/monitors.dto';

/** A request to monitor, until when (epoch ms; the default term without). */
export interface CreateMonitorCommand {
  candidateRequestUuid: string;
  expiresAt?: number;
}

/** The review of an alert: its new status and a note. */
export interface ReviewAlertCommand {
  status: string;
  note?: string;
}

export const MONITOR_NOT_FOUND = 'Monitor not found.';
export const ALERT_NOT_FOUND = 'Monitor alert not found.';
export const REQUEST_NOT_FOUND = 'Candidate request not found.';

/** A monitor past its time reads `expired` even in the seconds before the processor's sweep marks it. */
const monitorView = (row: MonitorRow): MonitorDto => ({ ...row, status: monitorStatusAt(row, Date.now()) });
/** An alert as answered; one raised before labels were kept gains them (comparisons stay as raised). */
const alertView = (row: MonitorAlertRow): MonitorAlertDto => ({
  ...row,
  match: { ...row.match, features: withFeatureLabels(row.match.features) },
});

/**
 * The request's BGC Legal name query (as the processor's LegalRecordsReader asks it): none for a
 * company or a person without a name and surname (BGC Legal reads nothing for them).
 */
export function legalQueryOf(
  request: Pick<MonitoredRequest, 'personType' | 'name' | 'lastName' | 'secondLastName'>,
): MatchQuery | null {
  if (request.personType === 'corporate' || !request.name || !request.lastName) return null;
  return {
    givenWords: givenNameWords(request.name),
    lastName: normalizeName(request.lastName),
    secondLastName: request.secondLastName ? normalizeName(request.secondLastName) : undefined,
  };
}

/** An alert's review is a review of a finding (docs/reviews.md): the reviews decide it with the rest. */
export interface AlertReviews {
  reviewAlert(
    user: AuthUser,
    alertId: string,
    review: { status: AlertReviewStatus; note: string | null },
  ): Promise<MonitorAlertRow | null>;
}

/**
 * docs/monitoring.md: monitors of the caller's candidate requests, their alerts and reviews. Another
 * client's monitor, alert or request answers 404 as one that does not exist.
 */
export class MonitorsUseCase {
  constructor(
    private readonly monitors: MonitorRepository,
    private readonly config: AppConfig,
    private readonly subjects: Pick<SubjectData, 'oppositionsAbout'>,
    private readonly alertReviews: AlertReviews,
  ) {}

  async create(user: AuthUser, body: CreateMonitorCommand): Promise<MonitorDto> {
    const now = Date.now();
    const violations = createMonitorViolations(body, now);
    if (violations.length > 0) throw invalidRequest(violations);
    const request = await this.monitors.request(body.candidateRequestUuid, user.clients);
    if (!request) throw new NotFoundError(REQUEST_NOT_FOUND);
    if (request.blocked) throw blockedRequestRefusal();
    const sources = monitorSourcesOf(request.processNames);
    const unwatched = nothingToMonitorViolation(sources);
    if (unwatched) throw invalidRequest([unwatched]);
    // A person who opposed the processing of their data is not watched (docs/privacy.md, "ARCO requests").
    const [opposition] = await this.subjects.oppositionsAbout(request.clientId, request);
    if (opposition)
      throw new ConflictError(
        `The person of this candidate request opposed the processing of their data (privacy request ${opposition}, opposition granted): no monitor may watch them.`,
      );
    const created = await this.monitors.create({
      id: randomUUID(),
      clientId: request.clientId,
      requestId: request.requestId,
      createdBy: user.userId,
      sources,
      legalQuery: legalQueryOf(request),
      createdAt: now,
      expiresAt: monitorExpiry(now, body.expiresAt),
      period: monthIn(this.config.serviceTimezone, now),
    });
    if (created === 'blocked') throw blockedRequestRefusal();
    if (!created)
      throw new ConflictError(
        'This candidate request already has an active monitor: stop it (DELETE /monitors/{id}) before creating another.',
      );
    return monitorView(created);
  }

  async list(
    user: AuthUser,
    query: { status?: string; page: number; limit: number },
  ): Promise<MonitorPageDto> {
    const { rows, total } = await this.monitors.list(user.clients, {
      status: query.status as MonitorStatus | undefined,
      page: query.page,
      limit: query.limit,
    });
    return { data: rows.map(monitorView), page: query.page, limit: query.limit, total };
  }

  async get(user: AuthUser, id: string): Promise<MonitorDto> {
    return monitorView(await this.owned(user, id));
  }

  async stop(user: AuthUser, id: string): Promise<void> {
    if (!isUuid(id) || !(await this.monitors.stop(id, user.clients)))
      throw new NotFoundError(MONITOR_NOT_FOUND);
  }

  async alertsOf(
    user: AuthUser,
    id: string,
    query: { status?: string; page: number; limit: number },
  ): Promise<MonitorAlertPageDto> {
    await this.owned(user, id);
    const { rows, total } = await this.monitors.alertsOf(id, query);
    return { data: rows.map(alertView), page: query.page, limit: query.limit, total };
  }

  async alerts(
    user: AuthUser,
    query: { status?: string; page: number; limit: number },
  ): Promise<MonitorAlertPageDto> {
    const { rows, total } = await this.monitors.alertsOfClients(user.clients, query);
    return { data: rows.map(alertView), page: query.page, limit: query.limit, total };
  }

  async review(user: AuthUser, id: string, body: ReviewAlertCommand): Promise<MonitorAlertDto> {
    if (!isUuid(id)) throw new NotFoundError(ALERT_NOT_FOUND);
    const violations = alertReviewViolations(body);
    if (violations.length > 0) throw invalidRequest(violations);
    const reviewed = await this.alertReviews.reviewAlert(user, id, {
      status: body.status as AlertReviewStatus,
      note: body.note ?? null,
    });
    if (!reviewed) throw new NotFoundError(ALERT_NOT_FOUND);
    return alertView(reviewed);
  }

  private async owned(user: AuthUser, id: string): Promise<MonitorRow> {
    const monitor = isUuid(id) ? await this.monitors.find(id, user.clients) : null;
    if (!monitor) throw new NotFoundError(MONITOR_NOT_FOUND);
    return monitor;
  }
}
