import { HttpException, HttpStatus } from '@nestjs/common';

export const UNAUTHORIZED_MESSAGE = 'Authentication required: send a valid bearer access token.';

/** 429 carrying the number of seconds the client should wait (sent as `Retry-After`). */
export class TooManyRequestsError extends HttpException {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super({ code: HttpStatus.TOO_MANY_REQUESTS, message }, HttpStatus.TOO_MANY_REQUESTS);
  }
}
