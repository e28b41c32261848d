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
import { decodeCsvBody, decodeJsonBody } from './body-encoding';
import { jsonDepthExceeds, MAX_JSON_DEPTH, unsafeTextViolations } from './input-safety';
import { invalidRequest } from './validation';

/** What a JSON body that cannot be used becomes, until the request has been authenticated. */
export class UnreadableJsonBody {
  constructor(
    readonly message: string,
    readonly violations: FieldViolation[] = [],
  ) {}
}

/**
 * `Content-Type: application/json` with no body at all: refused (400) by an operation that reads
 * a body, and taken as no body by one that reads none (a DELETE, a rotation, a test event, a
 * retry), as many HTTP clients send that header on every request.
 */
export class EmptyJsonBody extends UnreadableJsonBody {
  constructor() {
    super('The request body is empty: send a JSON object.');
  }
}

type ParserDone = (error: Error | null, body?: unknown) => void;

/** How a JSON value that is not an object is named in the 400 that refuses it as a whole body. */
function describeJson(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}

/**
 * Fastify's own JSON parser (with its prototype-poisoning guard), plus the limits of docs/security.md
 * (nesting depth, NUL and unpaired surrogates), UTF-8 only, and an object as the whole body (every
 * endpoint reads named fields: `null`, an array, a string or a number is refused before any use
 * case sees it), except that a body it refuses does not end the request before the guards run: a
 * caller without a token learns it needs one (401) before it learns its JSON is broken (400).
 * {@link RejectUnsafeInput} answers the 400.
 */
export function deferredJsonParser(fastify: FastifyInstance) {
  const parse = fastify.getDefaultJsonParser('error', 'error');
  return (request: FastifyRequest, body: Buffer, done: ParserDone): void => {
    if (body.length === 0) return done(null, new EmptyJsonBody());
    const decoded = decodeJsonBody(body);
    if ('problem' in decoded) return done(null, new UnreadableJsonBody(decoded.problem));
    const text = decoded.text;
    if (jsonDepthExceeds(text))
      return done(
        null,
        new UnreadableJsonBody(`The request body nests JSON deeper than ${MAX_JSON_DEPTH} levels.`),
      );
    parse(request, text, (error: Error | null, parsed?: unknown) => {
      if (error) return done(null, new UnreadableJsonBody('The request body is not valid JSON.'));
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
        return done(
          null,
          new UnreadableJsonBody(
            `The request body must be a JSON object ({ "field": value, ... }), not ${describeJson(parsed)}.`,
          ),
        );
      const violations = unsafeTextViolations(parsed);
      done(null, violations.length ? new UnreadableJsonBody('', violations) : parsed);
    });
  };
}

/**
 * A `text/csv` body, kept as text until the route that accepts it reads it; or why it cannot be
 * read, answered (400) only where CSV is accepted (elsewhere any CSV answers 415).
 */
export class CsvBody {
  constructor(
    readonly text: string,
    readonly unreadable?: UnreadableJsonBody,
  ) {}
}

const ACCEPTS_CSV = 'acceptsCsv';

/** Marks the one route that also reads `text/csv` (batch registration); elsewhere CSV answers 415. */
export const AcceptsCsv = () => SetMetadata(ACCEPTS_CSV, true);

/**
 * `text/csv` bodies, read in their encoding (see {@link decodeCsvBody}: Excel's Windows-1252 as
 * well as UTF-8) and kept as text (checked like JSON strings) until a route that accepts CSV reads them.
 */
export function deferredCsvParser() {
  return (request: FastifyRequest, body: Buffer, done: ParserDone): void => {
    const decoded = decodeCsvBody(body, request.headers['content-type']);
    if ('problem' in decoded) return done(null, new CsvBody('', new UnreadableJsonBody(decoded.problem)));
    const violations = unsafeTextViolations(decoded.text);
    done(
      null,
      new CsvBody(decoded.text, violations.length ? new UnreadableJsonBody('', violations) : undefined),
    );
  };
}

/**
 * A global guard that runs after the authentication guard (bootstrap adds it after the
 * APP_GUARD): a body that could not be used, or a query or path parameter holding a character no
 * string of ours may hold, answers 400 here instead of failing deeper down; a CSV body sent to a
 * route that reads only JSON answers 415. An empty JSON body is no body where the route reads none
 * (EmptyJsonBody). A guard rather than an interceptor: a route with no
 * interceptor skips Nest's RxJS pipeline, which cost more CPU than this whole check.
 */
@Injectable()
export class RejectUnsafeInput implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    if (request.body instanceof EmptyJsonBody && !readsBody(context)) request.body = undefined;
    const { body: received, query, params } = request;
    if (received instanceof CsvBody && !this.reflector.get<boolean>(ACCEPTS_CSV, context.getHandler()))
      throw new UnsupportedMediaTypeException(
        'This endpoint reads JSON only (Content-Type: application/json).',
      );
    const body = received instanceof CsvBody ? received.unreadable : received;
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

/**
 * Nest's metadata of a handler's parameters (`ROUTE_ARGS_METADATA` of @nestjs/common/constants),
 * keyed `<type>:<index>`, and the type of `@Body()` (`RouteParamtypes.BODY`). Written out rather
 * than imported: unit specs load this file without Nest, which is ESM-only (docs/architecture.md);
 * test/probe-findings.e2e-spec.ts fails if they ever stop matching.
 */
const ROUTE_ARGS_METADATA = '__routeArguments__';
const BODY_PARAMETER = 3;

/** Whether the route's handler takes the body (`@Body()`), as Nest's own metadata of its parameters says. */
function readsBody(context: ExecutionContext): boolean {
  const parameters = Reflect.getMetadata(
    ROUTE_ARGS_METADATA,
    context.getClass(),
    context.getHandler().name,
  ) as Record<string, unknown> | undefined;
  return Object.keys(parameters ?? {}).some((key) => key.startsWith(`${BODY_PARAMETER}:`));
}
