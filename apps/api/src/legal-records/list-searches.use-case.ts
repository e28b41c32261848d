import {
  clientIdViolations,
  offsetOf,
  resolveClientId,
  searchListFilterOf,
  validateSearchListQuery,
} from '@app/domain';
import { LegalSearchListRepository } from '@app/persistence';
import { AppConfig } from '@app/platform';
import { AuthUser } from '../auth/auth-user';
import { invalidRequest } from '../common/validation';
import { SearchListDto } from './dto/search-list.dto';

/** Which of a client's searches, as asked (every field text, checked by the domain). */
export interface SearchListQuery {
  name?: string;
  from?: string;
  to?: string;
  limit?: string;
  page?: string;
  clientId?: string;
}

/** docs/behaviour.md: the searches of one of the caller's clients, newest first, filtered and paged. */
export class ListSearchesUseCase {
  constructor(
    private readonly searches: LegalSearchListRepository,
    private readonly config: AppConfig,
  ) {}

  async execute(user: AuthUser, query: SearchListQuery): Promise<SearchListDto> {
    const violations = [
      ...validateSearchListQuery(query),
      ...clientIdViolations(user.clients, query.clientId),
    ];
    if (violations.length > 0) throw invalidRequest(violations);
    const clientId = resolveClientId(user.clients, user.client, query.clientId);
    const { page, limit, ...filter } = searchListFilterOf(query);
    const { total, rows } = await this.searches.list(clientId, {
      ...filter,
      timeZone: this.config.serviceTimezone,
      limit,
      offset: offsetOf(page, limit),
    });
    const data = rows.map((row) => ({
      ...row,
      createdAt: new Date(row.createdAt).toISOString(),
      recoverableUntil: new Date(row.recoverableUntil).toISOString(),
    }));
    return { data, page, limit, total };
  }
}
