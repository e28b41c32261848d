import { randomUUID } from 'node:crypto';

/** docs/integrators.md: 1 to 128 visible ASCII characters (0x21-0x7E: no spaces, no control characters). */
const CALLER_REQUEST_ID = /^[\x21-\x7e]{1,128}$/;

/** The header that carries it, both ways. */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * The id of a request: the caller's `X-Request-Id` when it is one we may repeat in a header and a
 * log line, otherwise a new UUID. A header sent twice arrives joined with ", " and is replaced.
 */
export function requestIdFrom(header: string | string[] | undefined): string {
  return typeof header === 'string' && CALLER_REQUEST_ID.test(header) ? header : randomUUID();
}
