import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { UNMATCHED_ROUTE } from '@app/platform/metrics/route-label'; // no Nest: unit specs load it

export const ACCESS_LOG_MESSAGE = 'request completed';

/** What the log keeps of one request (docs/integrators.md): never a header, a query string or a body. */
export interface AccessLogEntry {
  requestId: string;
  method: string;
  /**
   * The route pattern (`/candidate-requests/:uuid`), `(unmatched)` when none matched: never the URL,
   * which can hold names.
   */
  route: string;
  status: number;
  /** Absent only for requests refused before they could be read (431, malformed HTTP). */
  durationMs?: number;
}

/**
 * One line per request. Written from Fastify's `onResponse` hook, which sees every answer the
 * server sends (Nest routes, Swagger UI and Bull Board files, CORS preflights, 404s, errors); the
 * two kinds of answer that never reach the hooks (router errors, unreadable requests) write theirs
 * through {@link AccessLog.write}.
 */
export class AccessLog {
  /** `logger` is read when a line is written: the api's logger exists only once Nest has started. */
  constructor(private readonly logger: () => Logger) {}

  write(entry: AccessLogEntry): void {
    const logger = this.logger();
    if (entry.status >= 500) logger.warn(entry, ACCESS_LOG_MESSAGE);
    else logger.info(entry, ACCESS_LOG_MESSAGE);
  }

  /** A callback hook, not an async one: no promise per request. */
  instrument(fastify: FastifyInstance): void {
    fastify.addHook('onResponse', (request, reply, done) => {
      this.write({
        requestId: request.id,
        method: request.method,
        route: request.routeOptions.url ?? UNMATCHED_ROUTE,
        status: reply.statusCode,
        durationMs: Math.round(reply.elapsedTime * 100) / 100,
      });
      done();
    });
  }
}
