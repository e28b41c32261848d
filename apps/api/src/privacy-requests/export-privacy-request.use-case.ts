import { ConflictError, disputeIsOpen, NotFoundError } from '@app/domain';
import type {
  AuditRepository,
  LegalSearchRepository,
  MonitorRepository,
  PrivacyExportRepository,
  PrivacyRequestRepository,
  ReviewRepository,
} from '@app/persistence';
import type { AuthUser } from '../auth/auth-user';
import { searchView } from '../legal-records/search-view';
import type { ExportedRequestDto, ExportedSearchDto, PrivacyExportDto } from './dto/privacy-requests.dto';
import { isUuid } from '../screening/read-requests.use-case';
import { idsOf, PRIVACY_REQUEST_NOT_FOUND, view } from './privacy-requests.use-case';

/** A search's stored matches fit in one page: at most 300 are stored (docs/behaviour.md). */
const ALL_STORED_MATCHES = { categoryMask: null, states: null, limit: 300, offset: 0 };

/**
 * The answer to a granted access request (docs/privacy.md, "ARCO requests"): everything the client
 * holds about the person, read now from the data the decision found: the candidate requests with
 * every stored field of the candidate, its consent and its processes' results; the searches of
 * their name with every stored match and the records read; the monitors of those requests and
 * their alerts; the reviews of the requests' findings and the candidate's disputes (with their
 * reasons and statements, which may speak of the person); and the audit log of who read or changed any of it. Only a granted access request
 * has one (409 otherwise).
 */
export class ExportPrivacyRequestUseCase {
  constructor(
    private readonly privacyRequests: Pick<PrivacyRequestRepository, 'find'>,
    private readonly exports: Pick<PrivacyExportRepository, 'requests'>,
    private readonly searches: Pick<LegalSearchRepository, 'findSearchPage'>,
    private readonly monitors: Pick<MonitorRepository, 'ofIds' | 'alertsOfMonitors'>,
    private readonly audit: Pick<AuditRepository, 'ofSubjects'>,
    private readonly reviews: Pick<ReviewRepository, 'ofRequests'>,
  ) {}

  async execute(user: AuthUser, id: string, now = Date.now()): Promise<PrivacyExportDto> {
    const found = isUuid(id) ? await this.privacyRequests.find(id, user.clients) : null;
    if (!found) throw new NotFoundError(PRIVACY_REQUEST_NOT_FOUND);
    const { clientId, ...request } = found;
    if (request.right !== 'access' || request.decision !== 'granted')
      throw new ConflictError(
        request.right !== 'access'
          ? `Only an access request has an export; this one is ${request.right}.`
          : request.status === 'open'
            ? 'This access request is still open: resolve it (granted) before exporting.'
            : 'This access request was denied: it has no export.',
      );
    const monitorIds = idsOf(request.matches, 'monitor');
    const requestIds = idsOf(request.matches, 'candidate_request');
    const [candidateRequests, reviewed, searches, monitors, alerts, auditEvents] = await Promise.all([
      this.exports.requests(clientId, requestIds),
      this.reviews.ofRequests(requestIds),
      this.searchesOf(clientId, idsOf(request.matches, 'search')),
      this.monitors.ofIds(clientId, monitorIds),
      this.monitors.alertsOfMonitors(clientId, monitorIds),
      this.audit.ofSubjects(
        clientId,
        request.matches.map((match) => match.id),
      ),
    ]);
    return {
      privacyRequest: view(request),
      exportedAt: now,
      candidateRequests: withReviews(candidateRequests, reviewed),
      searches,
      monitors,
      alerts,
      auditEvents,
    };
  }

  /** Each search as its own page reads it, every stored match at once, with the records unlocked. */
  private async searchesOf(clientId: string, searchIds: readonly string[]): Promise<ExportedSearchDto[]> {
    const found = await Promise.all(
      searchIds.map((searchId) => this.searches.findSearchPage(searchId, [clientId], ALL_STORED_MATCHES)),
    );
    return found.flatMap((stored) => {
      if (!stored) return [];
      const { search, page, unlocked } = stored;
      const names = new Map(page.rows.map((match) => [match.uuid, match.name]));
      return [
        {
          ...searchView(search, { ...page, page: 1, limit: ALL_STORED_MATCHES.limit }, unlocked, false),
          unlockedRecords: unlocked.map((uuid) => ({ uuid, name: names.get(uuid) ?? '' })),
        },
      ];
    });
  }
}

/** Each request with its reviews and disputes, a dispute `open` until a later review decides it. */
function withReviews(
  requests: ReadonlyArray<Omit<ExportedRequestDto, 'reviews' | 'disputes'>>,
  { reviews, disputes }: Awaited<ReturnType<ReviewRepository['ofRequests']>>,
): ExportedRequestDto[] {
  return requests.map((candidateRequest) => {
    const own = reviews.filter((r) => r.requestId === candidateRequest.uuid);
    const decided = own.flatMap((r) => (r.processId ? [{ ...r, processId: r.processId }] : []));
    return {
      ...candidateRequest,
      reviews: own.map(({ requestId: _, ...review }) => review),
      disputes: disputes
        .filter((d) => d.requestId === candidateRequest.uuid)
        .map(({ requestId: _, ...dispute }) => ({
          ...dispute,
          statement: dispute.statement ?? '',
          status: disputeIsOpen(dispute, decided) ? 'open' : 'resolved',
        })),
    };
  });
}
