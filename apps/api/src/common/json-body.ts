import {
  CanActivate,
  ExecutionContext,
  Injectable,
  SetMetadata,
  UnsupportedMediaTypeException,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { FieldViolation, ValidationFailedError } from '@app/domain';
import { jsonDepthExceeds, MAX_JSON_DEPTH, unsafeTextViolations } from './input-safety';
import { invalidRequest } from './validation';

/** What a JSON body that cannot be used becomes, until the request has been authenticated. */
export class UnreadableJsonBody {
  constructor(
    readonly message: string,
    readonly violations: FieldViolation[] = [],
  ) {}
}

type ParserDone = (error: Error | null, body?: unknown) => void;

/**
 * Fastify's own JSON parser (with its prototype-poisoning guard), plus the limits of CONTRACT 9
 * (nesting depth, NUL and unpaired surrogates), except that a body it refuses does not end the
 * request before the guards run: a caller without a token learns it needs one (401) before it
 * learns its JSON is broken (400). {@link RejectUnsafeInput} answers the 400.
 */
export function deferredJsonParser(fastify: FastifyInstance) {
  const parse = fastify.getDefaultJsonParser('error', 'error');
  return (request: FastifyRequest, body: Buffer, done: ParserDone): void => {
    if (body.length === 0)
      return done(null, new UnreadableJsonBody('The request body is empty: send a JSON object.'));
    const text = body.toString('utf8');
    if (jsonDepthExceeds(text))
      return done(
        null,
        new UnreadableJsonBody(`The request body nests JSON deeper than ${MAX_JSON_DEPTH} levels.`),
      );
    parse(request, text, (error: Error | null, parsed?: unknown) => {
      if (error) return done(null, new UnreadableJsonBody('The request body is not valid JSON.'));
      const violations = unsafeTextViolations(parsed);
      done(null, violations.length ? new UnreadableJsonBody('', violations) : parsed);
    });
  };
}

/** A `text/csv` body, kept as text until the route that accepts it reads it. */
export class CsvBody {
  constructor(readonly text: string) {}
}

const ACCEPTS_CSV = 'acceptsCsv';

/** Marks the one route that also reads `text/csv` (batch registration); elsewhere CSV answers 415. */
export const AcceptsCsv = () => SetMetadata(ACCEPTS_CSV, true);

/** `text/csv` bodies, kept as text (checked like JSON strings) until a route that accepts CSV reads them. */
export function deferredCsvParser() {
  return (_request: FastifyRequest, body: Buffer, done: ParserDone): void => {
    const text = body.toString('utf8');
    const violations = unsafeTextViolations(text);
    done(null, violations.length ? new UnreadableJsonBody('', violations) : new CsvBody(text));
  };
}

/**
 * A global guard that runs after the authentication guard (bootstrap adds it after the
 * APP_GUARD): a body that could not be used, or a query or path parameter holding a character no
 * string of ours may hold, answers 400 here instead of failing deeper down; a CSV body sent to a
 * route that reads only JSON answers 415. A guard rather than an interceptor: a route with no
 * interceptor skips Nest's RxJS pipeline, which cost more CPU than this whole check.
 */
@Injectable()
export class RejectUnsafeInput implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const { body, query, params } = context.switchToHttp().getRequest<FastifyRequest>();
    if (body instanceof CsvBody && !this.reflector.get<boolean>(ACCEPTS_CSV, context.getHandler()))
      throw new UnsupportedMediaTypeException(
        'This endpoint reads JSON only (Content-Type: application/json).',
      );
    const violations = [...unsafeTextViolations(params), ...unsafeTextViolations(query)];
    if (body instanceof UnreadableJsonBody) {
      if (body.message && violations.length === 0) throw new ValidationFailedError(body.message, []);
      if (body.message) violations.push({ field: 'body', message: body.message });
      violations.push(...body.violations);
    }
    if (violations.length > 0) throw invalidRequest(violations);
    return true;
  }
}
