import type { FastifyAdapter } from '@nestjs/platform-fastify';
import type { PinoLogger } from 'nestjs-pino';
import { REQUEST_ID_HEADER } from '@app/platform';

/**
 * The first thing every request meets, in the adapter's first request hook (ahead of the CORS
 * preflight answer, the 404 of an unroutable URL and Nest's middleware, so that no answer goes
 * without it):
 *
 * - what every answer carries, the security headers (docs/security.md) and the request id (docs/integrators.md),
 *   set on the Node response: Fastify merges them into whatever it sends, errors included (its own
 *   reply headers win);
 * - the request's logging context: a line logged while it is served (an unhandled error's, say)
 *   carries its `requestId`, the key of its line in the access log.
 */
export function startEveryRequest(
  adapter: FastifyAdapter,
  securityHeaders: ReadonlyArray<readonly [string, string]>,
  logger: PinoLogger,
): void {
  adapter.setOnRequestHook((request, reply, done) => {
    const raw = reply.raw;
    for (const [name, value] of securityHeaders) raw.setHeader(name, value);
    raw.setHeader(REQUEST_ID_HEADER, request.id);
    logger.runInContext(() => done(), { bindings: { requestId: request.id } });
  });
}
