import { maxHeaderSize, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { FastifyReply, FastifyRequest } from 'fastify';
// The modules alone, without Nest: unit specs load this file.
import { REQUEST_ID_HEADER, requestIdFrom } from '@app/platform/logging/request-id';
import { UNMATCHED_ROUTE } from '@app/platform/metrics/route-label';
import { AccessLog } from './access-log';
import { ApiErrorBody } from './api-error';
import { corsHeadersFor, OriginPolicy } from './cors';

/**
 * What the answers sent before any Fastify hook runs need to look like every other answer: the
 * security headers, the CORS headers, the request id and their line in the access log.
 */
export interface EarlyAnswers {
  securityHeaders: ReadonlyArray<readonly [string, string]>;
  isAllowedOrigin: OriginPolicy;
  accessLog: AccessLog;
}

/**
 * Errors Fastify's router answers before any hook runs (a malformed percent-encoding, a path
 * parameter longer than the router accepts), in the one error body of docs/behaviour.md.
 */
export function routerErrorReply(early: EarlyAnswers) {
  return (
    error: Error & { statusCode?: number; code?: string },
    request: FastifyRequest,
    reply: FastifyReply,
  ) => {
    const startedAt = performance.now();
    const code = error.statusCode ?? 400;
    const message =
      error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? 'A path parameter is too long.'
        : error.code === 'FST_ERR_BAD_URL'
          ? 'The URL is malformed (check its percent-encoding).'
          : 'The request could not be routed.';
    const body: ApiErrorBody = { code, message };
    reply.raw.once('finish', () =>
      early.accessLog.write({
        requestId: request.id,
        method: request.method,
        route: UNMATCHED_ROUTE,
        status: code,
        durationMs: Math.round((performance.now() - startedAt) * 100) / 100,
      }),
    );
    void reply
      .status(code)
      .headers({
        ...Object.fromEntries(early.securityHeaders),
        ...corsHeadersFor(request.headers.origin, early.isAllowedOrigin),
        [REQUEST_ID_HEADER]: request.id,
        'content-type': 'application/json; charset=utf-8',
      })
      .send(body);
  };
}

/** Node's parser errors (`clientError`), by code: what the caller did wrong. */
const CLIENT_ERRORS: Record<string, { status: number; message: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    message: `The URL and headers are too large (at most ${Math.floor(maxHeaderSize / 1024)} kB together): send long inputs in a JSON body.`,
  },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: 'The request did not arrive in time.' },
};
const NOT_HTTP = { status: 400, message: 'The request is not valid HTTP/1.1.' };

/** A header of a request head Node could not parse, when the bytes read so far hold it whole. */
function headerOf(head: string, name: string): string | undefined {
  return new RegExp(`\\r\\n${name}:[ \\t]*([^\\r\\n]*?)[ \\t]*\\r\\n`, 'i').exec(head)?.[1];
}

/**
 * Requests Node refuses before Fastify sees them: a URL and headers over Node's limit (431), a
 * request that is not HTTP (400), one that arrives too slowly (408). Fastify's own handler writes
 * `{ error, message, statusCode }`; this one writes the error body of docs/behaviour.md with the headers of
 * every other answer. The request was not parsed, so its `Origin` and `X-Request-Id` are looked for
 * in the bytes read so far: a URL of some tens of kilobytes arrives with its headers in the same
 * read, while for a far longer one they may not have arrived and the answer has a new id and no
 * CORS headers.
 */
export function clientErrorReply(early: EarlyAnswers) {
  return (error: Error & { code?: string; rawPacket?: unknown }, socket: Socket): void => {
    // A reset connection has no one left to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const { status, message } = CLIENT_ERRORS[error.code ?? ''] ?? NOT_HTTP;
    const head = Buffer.isBuffer(error.rawPacket) ? error.rawPacket.toString('latin1') : '';
    const requestId = requestIdFrom(headerOf(head, REQUEST_ID_HEADER));
    const body = JSON.stringify({ code: status, message } satisfies ApiErrorBody);
    const headers: Record<string, string | number> = {
      ...Object.fromEntries(early.securityHeaders),
      // Allowed origins and checked ids only: neither can smuggle a line break into the head.
      ...corsHeadersFor(headerOf(head, 'origin'), early.isAllowedOrigin),
      [REQUEST_ID_HEADER]: requestId,
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      connection: 'close',
    };
    if (socket.writable) {
      const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
      socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${lines.join('')}\r\n${body}`);
    }
    socket.destroy();
    early.accessLog.write({
      requestId,
      method: /^([A-Z]{1,16}) /.exec(head)?.[1] ?? '-',
      route: UNMATCHED_ROUTE,
      status,
    });
  };
}
