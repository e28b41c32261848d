import { normalizeName, offsetOf, pagingOf, parseCsvFilter } from '@app/domain';
import { categoryMaskOf, MatchPageFilter, statesNamed } from '@app/persistence';
import { SearchQueryDto } from './dto/search.dto';

/** Paging and filters of SPEC 4.5-4.7 (already validated), with filter values normalized like stored ones. */
export function filtersOf(query: SearchQueryDto): {
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
