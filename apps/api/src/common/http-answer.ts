import { CallHandler, ExecutionContext, Injectable, NestInterceptor, UseInterceptors } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { map, Observable } from 'rxjs';

/**
 * A handler's answer when a response header depends on the result (a `Location`, a file name, a
 * representation chosen from `Accept`): the body plus those headers. Controllers return it instead
 * of reaching for `@Res`; {@link ApplyHttpAnswer} sets the headers and sends the body. The status
 * stays the route's (`@HttpCode`). A route that returns one is marked {@link AnswersWithHeaders}.
 */
export class HttpAnswer<B> {
  constructor(
    readonly body: B,
    readonly headers: Record<string, string>,
  ) {}

  /** The answer an AnswerCodec makes of a result (its status is the route's). */
  static of<B>(answer: { body: B; headers: Record<string, string> }): HttpAnswer<B> {
    return new HttpAnswer(answer.body, answer.headers);
  }
}

/** Unwraps an {@link HttpAnswer} into its headers and body; any other result passes as it is. */
@Injectable()
export class ApplyHttpAnswer implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      map((result: unknown) => {
        if (!(result instanceof HttpAnswer)) return result;
        void context.switchToHttp().getResponse<FastifyReply>().headers(result.headers);
        return result.body;
      }),
    );
  }
}

/**
 * Marks a route that returns an {@link HttpAnswer}. Only those routes get the interceptor: a route
 * without any interceptor skips Nest's RxJS pipeline (a few dozen µs of CPU per request).
 */
export const AnswersWithHeaders = () => UseInterceptors(ApplyHttpAnswer);
