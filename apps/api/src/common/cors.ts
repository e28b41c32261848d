import type { NestFastifyApplication } from '@nestjs/platform-fastify';

type CorsOptions = NonNullable<Parameters<NestFastifyApplication['enableCors']>[0]>;

/** Whether a request's `Origin` may read the api's answers (corsOriginMatcher of CORS_ORIGINS). */
export type OriginPolicy = (origin: string | undefined) => boolean;

/**
 * Request headers a page may send besides the CORS-safelisted ones (docs/integrators.md), and the
 * polled reads' validator (`if-none-match`).
 */
export const CORS_ALLOWED_HEADERS = [
  'authorization',
  'content-type',
  'idempotency-key',
  'x-request-id',
  'if-none-match',
];

/**
 * Response headers a page's script may read besides the safelisted ones (docs/integrators.md), the
 * report's file name (`content-disposition`) and the polled reads' validator (`etag`).
 */
export const CORS_EXPOSED_HEADERS = [
  'location',
  'x-request-id',
  'retry-after',
  'content-disposition',
  'etag',
];

const CORS_METHODS = ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'];

/** How long a browser may reuse a preflight's answer (Chromium caps it at 2 hours). */
const PREFLIGHT_MAX_AGE_SECONDS = 600;

/**
 * `@fastify/cors` options for `app.enableCors()`. The origin is answered by a function rather than a
 * list: for an origin the list does not allow, @fastify/cors would still send the exposed and
 * allowed headers, while `false` makes it add none at all (and a preflight from such an origin
 * answers 404, as any unknown route). The allowed origin is echoed, never `*`, and `Vary: Origin`
 * keeps caches from mixing answers. No credentials: the api reads bearer tokens, not cookies.
 */
export function corsOptions(isAllowed: OriginPolicy): CorsOptions {
  return {
    origin: (origin, callback) => callback(null, isAllowed(origin) ? (origin as string) : false),
    methods: CORS_METHODS,
    allowedHeaders: CORS_ALLOWED_HEADERS,
    exposedHeaders: CORS_EXPOSED_HEADERS,
    maxAge: PREFLIGHT_MAX_AGE_SECONDS,
    credentials: false,
    // An OPTIONS from an allowed origin without Access-Control-Request-Method answers 204 like a
    // preflight, instead of @fastify/cors's plain-text 400.
    strictPreflight: false,
  };
}

/**
 * The CORS headers of a non-preflight answer, for the two kinds of answer @fastify/cors never sees
 * because they are sent before any hook runs: the router's refusals (a malformed or over-long URL)
 * and requests that could not be read at all (431). The same headers it would have added.
 */
export function corsHeadersFor(origin: string | undefined, isAllowed: OriginPolicy): Record<string, string> {
  if (!isAllowed(origin)) return { vary: 'Origin' };
  return {
    'access-control-allow-origin': origin as string,
    'access-control-expose-headers': CORS_EXPOSED_HEADERS.join(', '),
    vary: 'Origin',
  };
}
