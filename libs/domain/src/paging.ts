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

/** The `meta.pagination` of every list (SPEC 2.5). */
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
