import { applyDecorators } from '@nestjs/common';
import { ApiExtraModels, ApiResponse, getSchemaPath } from '@nestjs/swagger';
import { DEFAULT_MESSAGE } from '../common/all-exceptions.filter';
import { ApiErrorDto, FieldErrorDto, UnauthorizedDto } from '../common/api-error';
import { BODY_LIMIT_BYTES, bodyLimitInWords } from '../common/body-limits';

const bodyTooLarge = (bytes: number) =>
  `Body larger than ${bodyLimitInWords(bytes)} (${bytes.toLocaleString('en-US')} bytes)`;

const DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input: `errors` lists every violated rule with its field',
  401: 'Missing, malformed, expired or revoked bearer token',
  403: 'The caller may not act for this client',
  404: 'Not found (or belongs to another client)',
  409: 'The resource is not in a state that allows this',
  410: 'The resource is past its retention and can no longer be read',
  413: bodyTooLarge(BODY_LIMIT_BYTES),
  415: 'The body is of a media type this operation does not read (send the `Content-Type` it lists)',
  422: 'The Idempotency-Key was already used with a different body',
  429: 'Too many attempts; `Retry-After` says how many seconds to wait',
  503: 'A dependency is down',
};

const EXAMPLES: Record<number, object> = {
  400: {
    code: 400,
    message: 'The request has 1 invalid field.',
    errors: [{ field: 'email', message: 'email must be an e-mail address.' }],
  },
  401: { message: 'Authentication required: send a valid bearer access token.', code: 401 },
  403: { code: 403, message: 'clientId "globex" is not one of your clients.' },
  404: { code: 404, message: 'The resource was not found.' },
  409: { code: 409, message: 'The resource is not in a state that allows this.' },
  410: { code: 410, message: 'The resource is no longer available.' },
  413: { code: 413, message: DEFAULT_MESSAGE[413] },
  415: { code: 415, message: DEFAULT_MESSAGE[415] },
  422: { code: 422, message: 'This Idempotency-Key was used with a different request body.' },
  429: { code: 429, message: 'Too many failed sign-ins for this e-mail: try again in 900 seconds.' },
  503: { code: 503, message: 'The service is temporarily unavailable.' },
};

function errorResponse(status: number, description: string, example: object = EXAMPLES[status]) {
  return ApiResponse({
    status,
    description,
    content: {
      'application/json': {
        schema: { $ref: getSchemaPath(status === 401 ? UnauthorizedDto : ApiErrorDto) },
        example,
      },
    },
    ...(status === 429
      ? { headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } } }
      : {}),
  });
}

/** A status whose description or example says what this operation in particular refuses. */
export interface ApiErrorOf {
  status: number;
  description?: string;
  example?: object;
}

/** Documents the CONTRACT 1 error body for each listed status. */
export function ApiErrors(...errors: Array<number | ApiErrorOf>) {
  return applyDecorators(
    ApiExtraModels(ApiErrorDto, FieldErrorDto, UnauthorizedDto),
    ...errors.map((error) => {
      const { status, description, example } = typeof error === 'number' ? { status: error } : error;
      return errorResponse(status, description ?? DESCRIPTIONS[status], example ?? EXAMPLES[status]);
    }),
  );
}

/** The 413 of an operation that reads bodies up to `bytes` instead of the usual 100 kB. */
export const ApiBodyLimit = (bytes: number) => errorResponse(413, bodyTooLarge(bytes));
