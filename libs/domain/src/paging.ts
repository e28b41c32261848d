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
