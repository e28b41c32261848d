import { calendarDateIn, type DomainEvent } from '@app/domain';
import type { DueSoonRequest, PrivacyRequestRepository } from '@app/persistence';
import type { AppConfig } from '@app/platform';

/** The `privacy_request.due_soon` event of a request: its id and right, no personal data. */
export function dueSoonEvent(request: DueSoonRequest): DomainEvent {
  return { type: 'privacy_request.due_soon', data: { privacyRequestId: request.id, right: request.right } };
}

/**
 * ARCO requests still open whose due-soon date (5 business days before the due date, stored at
 * creation) has come on today's date in the service's time zone are announced once each with
 * `privacy_request.due_soon` (docs/privacy.md, "ARCO requests"). The repository marks and announces
 * in one conditional UPDATE, so two processors sweeping at once announce each request once.
 */
export class AnnounceDueSoonUseCase {
  constructor(
    private readonly requests: Pick<PrivacyRequestRepository, 'announceDueSoon'>,
    private readonly config: Pick<AppConfig, 'serviceTimezone'>,
  ) {}

  /** Answers the requests announced by this call. */
  async execute(now: number): Promise<DueSoonRequest[]> {
    const today = calendarDateIn(this.config.serviceTimezone, new Date(now));
    return this.requests.announceDueSoon(today, (request) => [dueSoonEvent(request)]);
  }
}
