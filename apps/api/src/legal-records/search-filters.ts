import { normalizeName, pagingOf, parseCsvFilter } from '@app/domain';
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
