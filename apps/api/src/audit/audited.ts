import {
  CallHandler,
  ExecutionContext,
  HttpStatus,
  Injectable,
  NestInterceptor,
  SetMetadata,
} from '@nestjs/common';
import { HTTP_CODE_METADATA } from '@nestjs/common/constants';
import { Reflector } from '@nestjs/core';
import { DECORATORS } from '@nestjs/swagger';
import { Observable } from 'rxjs';
import { afterRecorded } from './after-recorded';
import { errorStatusOf } from '../common/all-exceptions.filter';
import { HttpAnswer } from '../common/http-answer';
import { AuditedRequest, AuditTrail } from './audit-trail';

const AUDITED = 'audited';

/** Which subject an operation touched, from its request and its answer (null: a list, a page). */
export type SubjectIdOf = (
  request: AuditedRequest & { params?: Record<string, string> },
  answer: unknown,
) => string | null;

interface AuditedOperation {
  subject: string;
  idOf: SubjectIdOf;
}

/**
 * Declares that an operation writes an audit event (docs/security.md, "Audit log"), and of which
 * subject: `@Audited('candidate_request', byParam('uuid'))`. Its action is its operationId.
 */
export const Audited = (subject: string, idOf: SubjectIdOf = () => null) =>
  SetMetadata(AUDITED, { subject, idOf } satisfies AuditedOperation);

/** The subject's id is a path parameter. */
export const byParam =
  (name: string): SubjectIdOf =>
  (request) =>
    request.params?.[name] ?? null;

/** The subject's id is in the answer (a created resource). */
export const byAnswer =
  (pick: (answer: Record<string, unknown>) => unknown): SubjectIdOf =>
  (_, answer) => {
    const body = answer instanceof HttpAnswer ? answer.body : answer;
    const id = body && typeof body === 'object' ? pick(body as Record<string, unknown>) : undefined;
    return typeof id === 'string' ? id : null;
  };

type Handler = ReturnType<ExecutionContext['getHandler']>;

/** What the interceptor needs of an audited handler, read once from its metadata. */
interface AuditedHandler extends AuditedOperation {
  action: string;
  /** The status of an answer that is not an error, by HTTP method. */
  successStatus: (method: string | undefined) => number;
}

/**
 * Writes the event of every @Audited operation, refused or not, and lets its answer (or its error)
 * go only once the event is committed: an operation whose event could not be kept answers the
 * error instead (503 while PostgreSQL is away). The same in one place for every operation.
 */
@Injectable()
export class AuditInterceptor implements NestInterceptor {
  /** By handler: its audited operation (null when not audited), read from metadata once. */
  private readonly handlers = new Map<Handler, AuditedHandler | null>();

  constructor(
    private readonly reflector: Reflector,
    private readonly trail: AuditTrail,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const audited = this.auditedHandler(context.getHandler());
    if (!audited) return next.handle();
    const request = context
      .switchToHttp()
      .getRequest<AuditedRequest & { method?: string; params?: Record<string, string> }>();
    const record = (status: number, answer: unknown) =>
      this.trail.record({
        actor: request.user ? AuditTrail.actorOf(request.user) : { type: 'user', id: '(unknown)' },
        clientId: AuditTrail.clientOf(request),
        action: audited.action,
        subject: { type: audited.subject, id: audited.idOf(request, answer) },
        status,
        request,
      });
    return afterRecorded(next.handle(), record, audited.successStatus(request.method), errorStatusOf);
  }

  private auditedHandler(handler: Handler): AuditedHandler | null {
    let audited = this.handlers.get(handler);
    if (audited === undefined) {
      const operation = this.reflector.get<AuditedOperation | undefined>(AUDITED, handler);
      const httpCode = this.reflector.get<number | undefined>(HTTP_CODE_METADATA, handler);
      audited = operation
        ? {
            ...operation,
            action:
              this.reflector.get<{ operationId?: string } | undefined>(DECORATORS.API_OPERATION, handler)
                ?.operationId ?? handler.name,
            successStatus: (method) => httpCode ?? (method === 'POST' ? HttpStatus.CREATED : HttpStatus.OK),
          }
        : null;
      this.handlers.set(handler, audited);
    }
    return audited;
  }
}
