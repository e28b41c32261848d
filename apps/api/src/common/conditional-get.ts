import { createHash } from 'node:crypto';
import type { FastifyAdapter } from '@nestjs/platform-fastify';

/**
 * The polled reads answer a validator (docs/integrators.md, "Polling"): the overview and the process
 * detail carry `ETag`, a digest of the body, and a request whose `If-None-Match` names the body it
 * would get answers 304 without one, so polling a request that has not changed costs the client no
 * body to download and parse. Everything else is served as before.
 */
export const CONDITIONAL_ROUTES: ReadonlySet<string> = new Set([
  '/candidate-requests/:uuid',
  '/candidate-requests/:uuid/processes/:processId',
]);

/** A weak validator: the same JSON gives the same tag, whatever instance answers it. */
export function etagOf(body: string | Buffer): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** Whether an `If-None-Match` header names `etag` (a list, `*`, weak or strong as RFC 9110 compares them). */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque);
}

export function answerConditionalGets(adapter: FastifyAdapter): void {
  // A callback hook, not an async one: no promise per answer (every answer passes here, and the
  // polled overview is the api's most frequent one: docs/performance.md, "The overview with its
  // audit event").
  adapter.getInstance().addHook('onSend', (request, reply, payload, done) => {
    if (
      request.method !== 'GET' ||
      reply.statusCode !== 200 ||
      !CONDITIONAL_ROUTES.has(request.routeOptions.url ?? '') ||
      (typeof payload !== 'string' && !Buffer.isBuffer(payload))
    )
      return done(null, payload);
    const etag = etagOf(payload);
    reply.header('etag', etag);
    if (!matchesIfNoneMatch(request.headers['if-none-match'], etag)) return done(null, payload);
    reply.code(304);
    reply.removeHeader('content-length');
    done(null, '');
  });
}
