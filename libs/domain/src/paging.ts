import { FieldViolation } from './errors';

/**
 * The largest `page` a client may ask for: any whole number JavaScript holds exactly. A page far
 * past the data is a valid question whose answer is an empty page, never an error.
 */
export const MAX_PAGE = Number.MAX_SAFE_INTEGER;

/** Far beyond any list we hold, and inside PostgreSQL's OFFSET range. */
const MAX_OFFSET = 2 ** 31 - 1;

/** Rows to skip for a 1-based page, capped so that a huge page reads as "past the end". */
export function offsetOf(page: number, limit: number): number {
  return Math.min((page - 1) * limit, MAX_OFFSET);
}

/** The `meta.pagination` of every list (docs/behaviour.md). */
export interface Pagination {
  total_records_found: number;
  current_page: number;
  limit: number;
  total_pages: number;
  has_next: boolean;
  has_previous: boolean;
}

/**
 * The pager over `total` rows (for a search: what is reachable, cap and filters applied). A page
 * past the last still reports `has_previous: true` so a client can step back.
 */
export function pagination(total: number, page: number, limit: number): Pagination {
  const totalPages = Math.ceil(total / limit);
  return {
    total_records_found: total,
    current_page: page,
    limit,
    total_pages: totalPages,
    has_next: page < totalPages,
    has_previous: page > 1,
  };
}

/**
 * How many items one page of an endpoint may hold: `limit` from 1 to `max`, `default` when the
 * client sends none. Each paged endpoint names one of these, and both its validation and its
 * OpenAPI parameters read it, so the documented bounds are the enforced ones.
 */
export interface PageSize {
  readonly default: number;
  readonly max: number;
}

/** The list endpoints paged with `page` and `limit` (candidate requests, webhook endpoints and deliveries). */
export const LIST_PAGE_SIZE: PageSize = { default: 20, max: 100 };

/** The largest `limit` of the list endpoints paged with `page` and `limit`. */
export const MAX_PAGE_LIMIT = LIST_PAGE_SIZE.max;

/** `page` and `limit` of a list, once read as numbers (absent: the defaults, 1 and 20). */
export interface PageQuery {
  page?: unknown;
  limit?: unknown;
}

/**
 * A whole number from 1 to `max`: one violation per rule the value breaks (above the range, below
 * it, not whole), so a value that is not a number at all breaks all three.
 */
function wholeNumberViolations(field: string, value: unknown, max: number, range: string): FieldViolation[] {
  if (value === undefined || value === null) return [];
  const number = typeof value === 'number' ? value : Number.NaN;
  const violations: FieldViolation[] = [];
  if (!(number <= max)) violations.push({ field, message: range });
  if (!(number >= 1)) violations.push({ field, message: range });
  if (!Number.isInteger(number)) violations.push({ field, message: `${field} must be a whole number.` });
  return violations;
}

/** docs/behaviour.md: `page` 1..MAX_PAGE, `limit` 1..100. */
export function pageQueryViolations(query: PageQuery): FieldViolation[] {
  return [
    ...wholeNumberViolations(
      'page',
      query.page,
      MAX_PAGE,
      `page must be a whole number from 1 to ${MAX_PAGE}.`,
    ),
    ...wholeNumberViolations(
      'limit',
      query.limit,
      MAX_PAGE_LIMIT,
      `limit must be between 1 and ${MAX_PAGE_LIMIT}.`,
    ),
  ];
}
