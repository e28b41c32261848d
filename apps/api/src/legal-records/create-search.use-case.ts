import { randomUUID } from 'node:crypto';
import {
  BILLING,
  clientIdViolations,
  givenNameWords,
  MAX_MATCHES,
  normalizeName,
  offsetOf,
  outcomeOf,
  recoverableUntil,
  resolveClientId,
  validatePaging,
  validateSearchQuery,
} from '@app/domain';
import {
  EventRepository,
  LegalRecordsSource,
  LegalSearchRepository,
  StoredMatch,
  StoredSearch,
} from '@app/persistence';
import { AuthUser } from '../auth/auth-user';
import { IdempotentCommands } from '../common/idempotency';
import { invalidRequest } from '../common/validation';
import { CreateSearchDto, SearchQueryDto } from './dto/search.dto';
import { SearchDataDto } from './dto/search-result.dto';
import { filtersOf } from './search-filters';
import { searchView } from './search-view';

/**
 * SPEC 4.5: computes the universe of matches through the source port, then stores the reachable
 * ones (at most 300) with the search and charges the search once, in one transaction.
 */
export class CreateSearchUseCase {
  constructor(
    private readonly source: LegalRecordsSource,
    private readonly searches: LegalSearchRepository,
    private readonly events: EventRepository,
    private readonly commands: IdempotentCommands,
  ) {}

  async execute(
    user: AuthUser,
    body: CreateSearchDto,
    query: SearchQueryDto,
    idempotencyKey?: string,
  ): Promise<SearchDataDto> {
    const violations = [
      ...validateSearchQuery(body),
      ...validatePaging(query),
      ...clientIdViolations(user.clients, query.clientId),
    ];
    if (violations.length > 0) throw invalidRequest(violations);
    const clientId = resolveClientId(user.clients, user.client, query.clientId);
    const { page, limit, normCategories, normStates } = filtersOf(query);

    // Read the source before the transaction opens, so a slow source holds none of the main
    // pool's connections. A replayed Idempotency-Key wastes this read, which charges nothing.
    const answer = await this.source.matches(
      {
        givenWords: givenNameWords(body.name),
        lastName: body.lastName === undefined ? undefined : normalizeName(body.lastName),
        secondLastName: body.secondLastName === undefined ? undefined : normalizeName(body.secondLastName),
      },
      MAX_MATCHES,
    );
    const { result } = await this.commands.run(
      { userId: user.userId, operation: 'createLegalSearch', key: idempotencyKey, request: { body, query } },
      async (tx) => {
        const universe = answer.ok
          ? answer.value
          : { totalMatches: 0, topCategories: [], topStates: [], records: [] };
        const matches: StoredMatch[] = universe.records.map((r) => ({
          uuid: r.uuid,
          name: r.name,
          count: r.count ?? null,
          categories: r.categories,
          normCategories: r.categories.map(normalizeName),
          agreementDate: r.agreement_date ?? null,
          state: r.state,
          normState: normalizeName(r.state),
        }));
        const search: StoredSearch = {
          id: randomUUID(),
          clientId,
          query: searchQueryEcho(body),
          outcome: outcomeOf(universe.totalMatches, !answer.ok),
          totalInSource: universe.totalMatches,
          kpis: {
            total_matches: universe.totalMatches,
            top_categories: universe.topCategories,
            top_states: universe.topStates,
          },
          slowResponse: answer.slow,
          createdAt: new Date(),
          recoverableUntil: recoverableUntil(new Date()),
        };
        await this.searches.insertSearch(tx, { ...search, createdBy: user.userId, matches });
        // The billing policy (domain) decides: every creation is billed, FAILED and EMPTY included.
        const charged = BILLING.searchCreationIsBillable
          ? await this.searches.charge(tx, { clientId, kind: 'LEGAL_SEARCH', searchId: search.id })
          : false;
        await this.events.append(tx, clientId, [
          {
            type: 'legal_search.created',
            data: { searchId: search.id, outcome: search.outcome, totalMatches: search.totalInSource },
          },
        ]);
        const filtered = matches.filter(
          (m) =>
            (!normCategories || m.normCategories.some((c) => normCategories.includes(c))) &&
            (!normStates || normStates.includes(m.normState)),
        );
        const offset = offsetOf(page, limit);
        const rows = filtered.slice(offset, offset + limit);
        return searchView(search, { rows, total: filtered.length, page, limit }, [], charged);
      },
    );
    return result;
  }
}

function searchQueryEcho(body: CreateSearchDto): Record<string, string> {
  const parts = [body.name, body.lastName, body.secondLastName]
    .filter((p): p is string => p !== undefined)
    .map((p) => p.trim());
  return {
    name: body.name.trim(),
    ...(body.lastName !== undefined ? { lastName: body.lastName.trim() } : {}),
    ...(body.secondLastName !== undefined ? { secondLastName: body.secondLastName.trim() } : {}),
    full_name_searched: parts.join(' ').replace(/\s+/g, ' '),
  };
}
