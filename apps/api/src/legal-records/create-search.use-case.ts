import { randomUUID } from 'node:crypto';
import {
  BILLING,
  clientIdViolations,
  givenNameWords,
  MAX_MATCHES,
  normalizeName,
  outcomeOf,
  recoverableUntil,
  resolveClientId,
  validatePaging,
  validateSearchQuery,
} from '@app/domain';
import { LegalRecordsSource, LegalSearchRepository, SqlExecutor, StoredSearch } from '@app/persistence';
import { AuthUser } from '../auth/auth-user';
import { IdempotentCommands } from '../common/idempotency';
import { invalidRequest } from '../common/validation';
import { SearchDataDto } from './dto/search-result.dto';
import { filtersOf, matchFilter, SearchPageQuery } from './search-filters';
import { searchView } from './search-view';

/** The name to search (docs/behaviour.md): given names, and the surnames when known. */
export interface CreateSearchCommand {
  name: string;
  lastName?: string;
  secondLastName?: string;
}

/**
 * docs/behaviour.md: finds the match set of the query through the source port (its universe's KPIs and the
 * reachable matches, at most 300), then stores the search pointing at it and charges it once, in
 * one statement: on its own, or in the Idempotency-Key's transaction when there is one
 * (`IdempotentCommands.runStatement` decides; the use case writes the same way either way).
 */
export class CreateSearchUseCase {
  constructor(
    private readonly source: LegalRecordsSource,
    private readonly searches: LegalSearchRepository,
    private readonly commands: IdempotentCommands,
  ) {}

  async execute(
    user: AuthUser,
    body: CreateSearchCommand,
    query: SearchPageQuery,
    idempotencyKey?: string,
  ): Promise<SearchDataDto> {
    const violations = [
      ...validateSearchQuery(body),
      ...validatePaging(query),
      ...clientIdViolations(user.clients, query.clientId),
    ];
    if (violations.length > 0) throw invalidRequest(violations);
    const clientId = resolveClientId(user.clients, user.client, query.clientId);
    const filters = filtersOf(query);
    const { page, limit } = filters;

    // Read the source before the transaction opens, so a slow source holds none of the main
    // pool's connections. A replayed Idempotency-Key wastes this read, which charges nothing.
    const answer = await this.source.matchSet(
      {
        givenWords: givenNameWords(body.name),
        lastName: body.lastName === undefined ? undefined : normalizeName(body.lastName),
        secondLastName: body.secondLastName === undefined ? undefined : normalizeName(body.secondLastName),
      },
      MAX_MATCHES,
    );
    const write = async (executor: SqlExecutor): Promise<SearchDataDto> => {
      const set = answer.ok ? answer.value : null;
      const totalMatches = set?.totalMatches ?? 0;
      const outcome = outcomeOf(totalMatches, !answer.ok);
      const search: StoredSearch = {
        id: randomUUID(),
        clientId,
        query: searchQueryEcho(body),
        outcome,
        totalInSource: totalMatches,
        kpis: {
          total_matches: totalMatches,
          top_categories: set?.topCategories ?? [],
          top_states: set?.topStates ?? [],
        },
        slowResponse: answer.slow,
        createdAt: new Date(),
        recoverableUntil: recoverableUntil(new Date()),
        corpusVersion: set?.corpusVersion ?? null,
        blocked: false,
      };
      // One statement stores the search (pointing at the set, whose first 300 are the stored
      // matches), its charge and its event, and reads the first page. The billing policy (domain)
      // decides the charge: every creation is billed, FAILED and EMPTY included.
      const { charged, page: matches } = await this.searches.insertSearch(
        executor,
        { ...search, createdBy: user.userId, matchSetId: set?.setId ?? null },
        {
          charge: BILLING.searchCreationIsBillable,
          events: [
            {
              type: 'legal_search.created',
              data: { searchId: search.id, outcome, totalMatches },
            },
          ],
          page: matchFilter(filters),
        },
      );
      return searchView(search, { ...matches, page, limit }, [], charged);
    };
    const { result } = await this.commands.runStatement(
      {
        userId: user.actor.id,
        operation: 'createLegalSearch',
        key: idempotencyKey,
        request: { body, query },
      },
      write,
    );
    return result;
  }
}

function searchQueryEcho(body: CreateSearchCommand): Record<string, string> {
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
