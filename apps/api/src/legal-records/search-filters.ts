import { normalizeName, offsetOf, pagingOf, parseCsvFilter } from '@app/domain';
import { categoryMaskOf, MatchPageFilter, statesNamed } from '@app/persistence';

/**
 * A page of a search's matches as asked (docs/behaviour.md-4.7): every field text, checked by the domain;
 * `categories` and `states` comma-separated.
 */
export interface SearchPageQuery {
  limit?: string;
  page?: string;
  categories?: string;
  states?: string;
  clientId?: string;
}

/** Paging and filters of docs/behaviour.md-4.7 (already validated), with filter values normalized like stored ones. */
export function filtersOf(query: SearchPageQuery): {
  page: number;
  limit: number;
  normCategories?: string[];
  normStates?: string[];
} {
  const categories = parseCsvFilter(query.categories);
  const states = parseCsvFilter(query.states);
  return {
    ...pagingOf(query),
    normCategories: categories?.map(normalizeName),
    normStates: states?.map(normalizeName),
  };
}

/** The stored-matches page of those filters: any of the listed categories, any of the listed states. */
export function matchFilter(f: ReturnType<typeof filtersOf>): MatchPageFilter {
  return {
    categoryMask: f.normCategories ? categoryMaskOf(f.normCategories) : null,
    states: f.normStates ? statesNamed(f.normStates) : null,
    limit: f.limit,
    offset: offsetOf(f.page, f.limit),
  };
}
