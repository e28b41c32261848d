import { dateRangeViolations } from '../calendar';
import { FieldViolation } from '../errors';
import { stringFieldViolations } from '../request-shape';
import { normalizeName } from './names';
import { pagingOf, validatePaging } from './search-rules';

const MAX_NAME_FILTER = 100;

/**
 * Separates the normalized name fields in {@link searchNameKey}. normalizeName folds every run of
 * whitespace to one space, so neither a stored field nor a filter can hold a line feed: a filter
 * matches inside one field and never across two.
 */
export const NAME_KEY_SEPARATOR = '\n';

/** `GET /risks/legal-records/searches` query (all strings, as they arrive). */
export interface SearchListQuery {
  page?: string;
  limit?: string;
  name?: string;
  from?: string;
  to?: string;
}

export interface SearchListFilter {
  page: number;
  limit: number;
  /** Normalized text that one of the three name fields must contain. */
  nameContains?: string;
  /** Calendar dates in SERVICE_TIMEZONE, both included. */
  from?: string;
  to?: string;
}

/**
 * What the name filter of the searches list compares against: the searched name, lastName and
 * secondLastName, each normalized like the corpus (case, accents, spacing), one per line.
 */
export function searchNameKey(query: { name?: string; lastName?: string; secondLastName?: string }): string {
  return [query.name, query.lastName, query.secondLastName]
    .filter((part): part is string => typeof part === 'string')
    .map(normalizeName)
    .join(NAME_KEY_SEPARATOR);
}

/** Every problem of the list query (paging as on the other search endpoints, name, dates). */
export function validateSearchListQuery(query: SearchListQuery): FieldViolation[] {
  const violations = validatePaging(query);
  if (query.name !== undefined) {
    if ([...query.name].length > MAX_NAME_FILTER)
      violations.push({ field: 'name', message: `name must be at most ${MAX_NAME_FILTER} characters.` });
    else if (normalizeName(query.name) === '')
      violations.push({
        field: 'name',
        message: 'name must contain letters (omit it to list every search).',
      });
  }
  return [...violations, ...dateRangeViolations(query)];
}

/** The validated query as a filter. */
export function searchListFilterOf(query: SearchListQuery): SearchListFilter {
  return {
    ...pagingOf(query),
    ...(query.name !== undefined ? { nameContains: normalizeName(query.name) } : {}),
    ...(query.from !== undefined ? { from: query.from } : {}),
    ...(query.to !== undefined ? { to: query.to } : {}),
  };
}

/** The shape of the searches-list query: every parameter, when present, is one string (not repeated). */
export function searchListQueryShapeViolations(query: object): FieldViolation[] {
  return stringFieldViolations(query, ['name', 'from', 'to', 'limit', 'page', 'clientId']);
}
