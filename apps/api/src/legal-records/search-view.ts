import { capInfo, pagination, toDayMonthYear } from '@app/domain';
import { StoredMatch, StoredSearch } from '@app/persistence';
import { MatchedPersonDto, SearchDataDto } from './dto/search-result.dto';

/** docs/behaviour.md `records[]` entry: `count` absent when unknown, agreement date as DD-MM-YYYY. */
export function toMatchedPerson(match: StoredMatch): MatchedPersonDto {
  return {
    uuid: match.uuid,
    name: match.name,
    ...(match.count === null || match.count === undefined ? {} : { count: match.count }),
    categories: match.categories,
    agreement_date: match.agreementDate ? toDayMonthYear(match.agreementDate) : '',
    state: match.state,
  };
}

/** The docs/behaviour.md body of a stored search, for one page of its (possibly filtered) matches. */
export function searchView(
  search: StoredSearch,
  page: { rows: StoredMatch[]; total: number; page: number; limit: number },
  unlocked: string[],
  charged: boolean,
): SearchDataDto {
  return {
    searchId: search.id,
    outcome: search.outcome,
    search_query: search.query as unknown as SearchDataDto['search_query'],
    kpis: search.kpis as unknown as SearchDataDto['kpis'],
    records: page.rows.map(toMatchedPerson),
    meta: {
      searchId: search.id,
      outcome: search.outcome,
      cap: capInfo(search.totalInSource),
      pagination: pagination(page.total, page.page, page.limit),
      unlocked_uuids: unlocked,
      charged,
      recoverable_until: new Date(search.recoverableUntil).toISOString(),
      slow_response: search.slowResponse,
    },
  };
}
