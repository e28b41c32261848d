import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Observable } from 'rxjs';
import { ValidationFailedError } from '@app/domain';
import { ApiErrorBody } from './api-error';

/** What a JSON body that could not be parsed becomes, until the request has been authenticated. */
export class UnreadableJsonBody {
  constructor(readonly message: string) {}
}

type ParserDone = (error: Error | null, body?: unknown) => void;

/**
 * Fastify's own JSON parser (with its prototype-poisoning guard), except that a body it cannot
 * parse does not end the request before the guards run: a caller without a token learns it needs
 * one (401) before it learns its JSON is broken (400). {@link RejectUnreadableBody} answers the 400.
 */
export function deferredJsonParser(fastify: FastifyInstance) {
  const parse = fastify.getDefaultJsonParser('error', 'error');
  return (request: FastifyRequest, body: Buffer, done: ParserDone): void => {
    if (body.length === 0)
      return done(null, new UnreadableJsonBody('The request body is empty: send a JSON object.'));
    parse(request, body.toString('utf8'), (error: Error | null, parsed?: unknown) =>
      error ? done(null, new UnreadableJsonBody('The request body is not valid JSON.')) : done(null, parsed),
    );
  };
}

/** Runs after the guards: a body that could not be parsed answers 400 here. */
@Injectable()
export class RejectUnreadableBody implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const { body } = context.switchToHttp().getRequest<FastifyRequest>();
    if (body instanceof UnreadableJsonBody) throw new ValidationFailedError(body.message, []);
    return next.handle();
  }
}

/**
 * Errors Fastify's router answers before any Nest code runs (a malformed percent-encoding, a path
 * parameter longer than the router accepts), in the one error body of CONTRACT 1.
 */
export function frameworkErrorReply(
  error: Error & { statusCode?: number; code?: string },
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const code = error.statusCode ?? 400;
  const message =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? 'A path parameter is too long.'
      : error.code === 'FST_ERR_BAD_URL'
        ? 'The URL is malformed (check its percent-encoding).'
        : 'The request could not be routed.';
  const body: ApiErrorBody = { code, message };
  void reply.status(code).header('Content-Type', 'application/json; charset=utf-8').send(body);
}
