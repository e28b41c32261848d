import {
  blockedSearchRefusal,
  clientIdViolations,
  consumptionFor,
  GoneError,
  isRecoverable,
  NotFoundError,
  pagination,
  resolveClientId,
  roleAllows,
  roleRefusal,
  validateDetailQuery,
  validatePaging,
} from '@app/domain';
import { LegalRecordsSource, LegalSearchRepository, StoredSearch } from '@app/persistence';
import { AuthUser } from '../auth/auth-user';
import { UnavailableError } from '../common/unavailable.error';
import { invalidRequest } from '../common/validation';
import { isUuid } from '../screening/read-requests.use-case';
import { RecordDetailDataDto, SearchDataDto } from './dto/search-result.dto';
import { filtersOf, matchFilter, SearchPageQuery } from './search-filters';
import { searchView } from './search-view';

/** A record's lawsuits as asked: a page of them, by date range and the person's role. */
export interface RecordDetailQuery extends SearchPageQuery {
  startDate?: string;
  endDate?: string;
  role?: string;
}

const SEARCH_NOT_FOUND = 'Search not found.';

/** docs/behaviour.md: re-reading a stored search (free) and the detail of one matched person. */
export class ReadSearchUseCase {
  constructor(
    private readonly searches: LegalSearchRepository,
    private readonly source: LegalRecordsSource,
  ) {}

  async page(user: AuthUser, searchId: string, query: SearchPageQuery): Promise<SearchDataDto> {
    const violations = [...validatePaging(query), ...clientIdViolations(user.clients, query.clientId)];
    if (violations.length > 0) throw invalidRequest(violations);
    const filters = filtersOf(query);
    const found = isUuid(searchId)
      ? await this.searches.findSearchPage(
          searchId,
          [this.clientOf(user, query.clientId)],
          matchFilter(filters),
        )
      : null;
    const { search, page, unlocked } = this.recoverable(found);
    return searchView(search, { ...page, page: filters.page, limit: filters.limit }, unlocked, false);
  }

  async record(
    user: AuthUser,
    searchId: string,
    personUuid: string,
    query: RecordDetailQuery,
  ): Promise<RecordDetailDataDto> {
    const violations = [
      ...validatePaging(query),
      ...validateDetailQuery(query),
      ...clientIdViolations(user.clients, query.clientId),
    ];
    if (violations.length > 0) throw invalidRequest(violations);
    const found = isUuid(searchId)
      ? await this.searches.findSearchMatch(
          searchId,
          [this.clientOf(user, query.clientId)],
          isUuid(personUuid) ? personUuid : null,
        )
      : null;
    const { search, match, unlockedAt } = this.recoverable(found);
    if (!match) throw new NotFoundError('This record is not part of the search.');
    // A viewer reads what costs nothing: a record already unlocked, never a first (charged) reading.
    if (!unlockedAt && !roleAllows(user.roles[search.clientId], 'analyst'))
      throw roleRefusal('analyst', user.roles[search.clientId]);

    const { page, limit, normCategories, normStates } = filtersOf(query);
    // As the corpus stood when the search was created: a stored search keeps its answers,
    // details included, whatever was ingested since (docs/operations.md).
    const answer = await this.source.lawsuits(
      personUuid,
      {
        categories: normCategories,
        states: normStates,
        startDate: query.startDate,
        endDate: query.endDate,
        role: query.role as 'Applicant' | 'Defendant' | undefined,
        limit,
        page,
      },
      search.corpusVersion ?? '0',
    );
    if (!answer.ok)
      throw new UnavailableError(
        'The legal-records source did not answer in time; nothing was charged. Try again.',
      );
    // Only a successful reading unlocks (and, the first time, charges) the record; a record found
    // unlocked already is neither written nor charged again.
    const unlock = unlockedAt
      ? { newlyUnlocked: false, unlockedAt }
      : await this.searches.unlockOnce(search.id, personUuid, search.clientId, [
          { type: 'legal_record.unlocked', data: { searchId: search.id, uuid: personUuid } },
        ]);
    return {
      source: { uuid: match.uuid, name: match.name, count: match.count ?? answer.value.total },
      records: answer.value.rows,
      pagination: pagination(answer.value.total, page, limit),
      categories: match.categories,
      state: match.state,
      consumption: consumptionFor({
        newlyUnlocked: unlock.newlyUnlocked,
        unlockedAt: new Date(unlock.unlockedAt),
      }),
      slow_response: answer.slow,
    };
  }

  private clientOf(user: AuthUser, clientId?: string): string {
    return resolveClientId(user.clients, user.client, clientId);
  }

  /**
   * 404 for a search that is unknown, another client's or suppressed; 410 for a blocked one
   * (docs/privacy.md) and past its recoverable_until.
   */
  private recoverable<T extends { search: StoredSearch }>(found: T | null): T {
    if (!found) throw new NotFoundError(SEARCH_NOT_FOUND);
    if (found.search.blocked) throw blockedSearchRefusal();
    if (!isRecoverable(new Date(found.search.recoverableUntil), new Date()))
      throw new GoneError('This search is past its recoverable_until date: run a new search.');
    return found;
  }
}
