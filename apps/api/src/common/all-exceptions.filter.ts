import { randomUUID } from 'node:crypto';
import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { DomainError, DomainErrorCode } from '@app/domain';
import { isDependencyOutage, OUTAGE_RETRY_AFTER_SECONDS } from '@app/platform/runtime/dependency-outage';
import { ApiErrorBody } from './api-error';
import { BATCH_BODY_LIMIT_BYTES, BODY_LIMIT_BYTES, bodyLimitInWords } from './body-limits';
import { TooManyRequestsError, UNAUTHORIZED_MESSAGE } from './http-errors';
import { UnavailableError } from './unavailable.error';

const STATUS_OF: Record<DomainErrorCode, number> = {
  VALIDATION_FAILED: 400,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  GONE: 410,
  UNPROCESSABLE: 422,
};

/** The message of an error that brings none of its own (also the documented example of 413 and 415). */
export const DEFAULT_MESSAGE: Record<number, string> = {
  400: 'The request is invalid.',
  401: UNAUTHORIZED_MESSAGE,
  403: 'You are not allowed to do this.',
  404: 'The resource was not found.',
  405: 'This method is not allowed here.',
  409: 'The resource is not in a state that allows this.',
  410: 'The resource is no longer available.',
  413: `The request body is too large: at most ${bodyLimitInWords(BODY_LIMIT_BYTES)} (${bodyLimitInWords(BATCH_BODY_LIMIT_BYTES)} for a batch of registrations).`,
  415: 'The request body must be JSON (Content-Type: application/json).',
  422: 'The request contradicts an earlier one.',
  429: 'Too many requests: wait and try again.',
  503: 'The service is temporarily unavailable.',
};

/** What a caller hears while PostgreSQL or Redis cannot be reached (with Retry-After). */
export const OUTAGE_MESSAGE =
  'The service cannot reach its database or queue right now; nothing was changed. Try again in a few seconds.';

/**
 * Maps every error to the one body of docs/behaviour.md, in one place. Domain errors carry a stable
 * code; an UnavailableError or a dependency outage is a 503; HTTP exceptions carry a status;
 * anything else is a 500 whose details stay in the log.
 */
export function toErrorBody(exception: unknown, logger: Logger): { status: number; body: ApiErrorBody } {
  if (exception instanceof DomainError) {
    const status = STATUS_OF[exception.code];
    const body: ApiErrorBody = { code: status, message: exception.message };
    if (exception.violations.length > 0) body.errors = exception.violations;
    return { status, body };
  }
  if (exception instanceof UnavailableError)
    return { status: 503, body: { code: 503, message: exception.message, ...exception.extra } };
  // Not the caller's fault and not a bug: the caller retries (docs/operations.md, "Outages").
  if (isDependencyOutage(exception)) return { status: 503, body: { code: 503, message: OUTAGE_MESSAGE } };
  const status = httpStatusOf(exception);
  if (status === 401) return { status, body: { message: unauthorizedMessage(exception), code: 401 } };
  if (status !== undefined && status < 500) return { status, body: clientErrorBody(exception, status) };
  if (exception instanceof HttpException && status === 503)
    return { status, body: { code: 503, message: DEFAULT_MESSAGE[503] } };
  const errorId = randomUUID();
  logger.error({ err: exception, errorId }, 'Unhandled error');
  return {
    status: 500,
    body: { code: 500, message: 'Something went wrong on our side; quote the errorId to support.', errorId },
  };
}

/** The status an error answers (what the audit log records of a refused or failed operation). */
export function errorStatusOf(exception: unknown): number {
  if (exception instanceof DomainError) return STATUS_OF[exception.code];
  if (exception instanceof UnavailableError || isDependencyOutage(exception)) return 503;
  return httpStatusOf(exception) ?? 500;
}

/**
 * docs/behaviour.md: a 401 is exactly `{ message, code }`. Sign-in and refresh say what was wrong with
 * the credentials; a missing, malformed, expired or revoked bearer token gets the generic sentence.
 */
function unauthorizedMessage(exception: unknown): string {
  const response = exception instanceof HttpException ? exception.getResponse() : undefined;
  const message =
    typeof response === 'object' && response ? (response as { message?: unknown }).message : undefined;
  return typeof message === 'string' && message !== 'Unauthorized' ? sentence(message) : UNAUTHORIZED_MESSAGE;
}

function httpStatusOf(exception: unknown): number | undefined {
  if (exception instanceof HttpException) return exception.getStatus();
  // Fastify's own errors (body too large, bad JSON, wrong content type) carry a statusCode.
  const statusCode = (exception as { statusCode?: unknown } | null)?.statusCode;
  return typeof statusCode === 'number' && statusCode >= 400 && statusCode < 600 ? statusCode : undefined;
}

function clientErrorBody(exception: unknown, status: number): ApiErrorBody {
  if (exception instanceof HttpException) {
    const response = exception.getResponse();
    if (typeof response === 'object' && response && 'code' in response && 'message' in response)
      return response as ApiErrorBody;
    if (
      status === 404 &&
      typeof response === 'object' &&
      /^Cannot (GET|POST|PUT|PATCH|DELETE)/.test(String(exception.message))
    )
      return { code: 404, message: 'No such endpoint: see /docs for the API.' };
    if (typeof response === 'string' && response) return { code: status, message: sentence(response) };
  }
  const fastifyCode = (exception as { code?: string }).code;
  if (fastifyCode === 'FST_ERR_CTP_INVALID_JSON_BODY' || fastifyCode === 'FST_ERR_CTP_EMPTY_JSON_BODY')
    return { code: 400, message: 'The request body is not valid JSON.' };
  return {
    code: status,
    message: DEFAULT_MESSAGE[status] ?? sentence(String((exception as Error)?.message ?? 'Request refused')),
  };
}

function sentence(text: string): string {
  return text.endsWith('.') ? text : `${text}.`;
}

@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const { status, body } = toErrorBody(exception, this.logger);
    if (exception instanceof TooManyRequestsError)
      reply.header('Retry-After', String(exception.retryAfterSeconds));
    if (status === HttpStatus.SERVICE_UNAVAILABLE)
      reply.header('Retry-After', String(OUTAGE_RETRY_AFTER_SECONDS));
    if (status === HttpStatus.UNAUTHORIZED) reply.header('WWW-Authenticate', 'Bearer');
    void reply.status(status).header('Content-Type', 'application/json; charset=utf-8').send(body);
  }
}
