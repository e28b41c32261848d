import { applyDecorators } from '@nestjs/common';
import { ApiExtraModels, ApiResponse, getSchemaPath } from '@nestjs/swagger';
import { DEFAULT_MESSAGE, OUTAGE_MESSAGE } from '../common/all-exceptions.filter';
import { OUTAGE_RETRY_AFTER_SECONDS } from '@app/platform/runtime/dependency-outage';
import { ApiErrorDto, FieldErrorDto, UnauthorizedDto } from '../common/api-error';
import { BODY_LIMIT_BYTES, bodyLimitInWords } from '../common/body-limits';

const bodyTooLarge = (bytes: number) =>
  `Body larger than ${bodyLimitInWords(bytes)} (${bytes.toLocaleString('en-US')} bytes)`;
import { JSON_NOT_UTF8 } from '../common/body-encoding';

const DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input: `errors` lists every violated rule with its field',
  401: 'Missing, malformed, expired or revoked bearer token',
  403: 'The caller may not act for this client',
  404: 'Not found (or belongs to another client)',
  409: 'The resource is not in a state that allows this',
  410: 'The resource is past its retention and can no longer be read',
  413: bodyTooLarge(BODY_LIMIT_BYTES),
  415: 'The body is neither JSON nor, where the operation accepts it, CSV',
  422: 'The Idempotency-Key was already used with a different body',
  429: 'Too many attempts; `Retry-After` says how many seconds to wait',
  503: `PostgreSQL or Redis cannot be reached right now: nothing was done; try again after \`Retry-After\` seconds (${OUTAGE_RETRY_AFTER_SECONDS}). The token stays valid`,
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
  503: { code: 503, message: OUTAGE_MESSAGE },
};

/** The 400s a JSON body itself can cause, before any of its fields is read (docs/behaviour.md, docs/security.md). */
const JSON_BODY_400_EXAMPLES = {
  invalidField: { summary: 'A field breaks a rule', value: EXAMPLES[400] },
  notUtf8: {
    summary: 'The body is not UTF-8 (e.g. Latin-1 bytes): nothing is registered or billed',
    value: { code: 400, message: JSON_NOT_UTF8 },
  },
  notAnObject: {
    summary: 'The body is null, an array, a string or a number',
    value: {
      code: 400,
      message: 'The request body must be a JSON object ({ "field": value, ... }), not null.',
    },
  },
};

/** A name (or a free text) holding a character it may not: the one rule of libs/domain's text-characters. */
const NAME_400_EXAMPLES = {
  controlCharacter: {
    summary: 'A name holds a control, bidirectional or invisible character',
    value: {
      code: 400,
      message: 'The request has 1 invalid field.',
      errors: [
        {
          field: 'name',
          message:
            'name must not contain control characters (tabs, line breaks, escape codes and the like): found U+0007.',
        },
      ],
    },
  },
};

/** The 400s of a CSV body: its encoding, and an item's errors with the line its record starts on. */
const CSV_BODY_400_EXAMPLES = {
  csvEncoding: {
    summary: 'CSV: bytes that are not characters of its encoding',
    value: {
      code: 400,
      message:
        'The CSV is not valid UTF-8, although Content-Type says charset=utf-8: save the sheet as "CSV UTF-8 (Comma delimited)" in Excel or as "Text CSV" with the character set "Unicode (UTF-8)" in LibreOffice, or name the file\'s encoding in Content-Type (text/csv; charset=windows-1252).',
    },
  },
  csvAtomic: {
    summary: 'CSV with ?atomic=true: every error of every item, with the line its record starts on',
    value: {
      code: 400,
      message: 'The request has 2 invalid fields.',
      errors: [
        { field: 'items[1].birthDate', message: 'The candidate must be older than 18 years.', line: 3 },
        { field: 'items[3].rfc', message: 'rfc must be 12 or 13 characters long.', line: 6 },
      ],
    },
  },
};

/** What the operation's request body is, for the examples of its 400. */
export interface ApiErrorsOptions {
  body?: 'json' | 'json-or-csv';
  /** The body holds names or free text (the character rule applies). */
  names?: boolean;
}

/** A status whose description or example says what this operation in particular refuses. */
export interface ApiErrorOf {
  status: number;
  description?: string;
  example?: object;
  /** The example's title where it joins the body's own 400 examples (see ApiErrors). */
  summary?: string;
}

/** The example(s) of a status: with a body, the 400 also shows what a body that cannot be read answers. */
function examplesOf(status: number, { body, names }: ApiErrorsOptions): Record<string, unknown> {
  if (status !== 400 || !body) return { example: EXAMPLES[status] };
  return {
    examples: {
      ...JSON_BODY_400_EXAMPLES,
      ...(names ? NAME_400_EXAMPLES : {}),
      ...(body === 'json-or-csv' ? CSV_BODY_400_EXAMPLES : {}),
    },
  };
}

function errorResponse(status: number, description: string, examples: Record<string, unknown>) {
  return ApiResponse({
    status,
    description,
    content: {
      'application/json': {
        schema: { $ref: getSchemaPath(status === 401 ? UnauthorizedDto : ApiErrorDto) },
        ...examples,
      },
    },
    ...(status === 429 || status === 503
      ? { headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } } }
      : {}),
  });
}

/**
 * Documents the docs/behaviour.md error body for each listed status (a number, or a status with this
 * operation's own description or example); with `{ body, names }` among them, the 400 also shows
 * what a body that cannot be read answers. Every operation also documents the 503 of an outage of
 * PostgreSQL or Redis (docs/operations.md, "Outages"), which any of them may answer.
 */
export function ApiErrors(...args: Array<number | ApiErrorOf | ApiErrorsOptions>) {
  const errors = args.filter((arg): arg is number | ApiErrorOf => typeof arg === 'number' || 'status' in arg);
  const options = (args.find((arg) => typeof arg === 'object' && !('status' in arg)) ??
    {}) as ApiErrorsOptions;
  if (!errors.some((error) => (typeof error === 'number' ? error : error.status) === 503)) errors.push(503);
  return applyDecorators(
    ApiExtraModels(ApiErrorDto, FieldErrorDto, UnauthorizedDto),
    ...errors.map((error) => {
      const { status, description, example, summary } =
        typeof error === 'number' ? ({ status: error } as ApiErrorOf) : error;
      const usual = examplesOf(status, options);
      // An operation's own 400 joins what any body that cannot be read answers, rather than hide it.
      const examples =
        example && 'examples' in usual
          ? {
              examples: {
                ...(usual.examples as object),
                thisOperation: { summary: summary ?? 'What this operation refuses', value: example },
              },
            }
          : example
            ? { example }
            : usual;
      return errorResponse(status, description ?? DESCRIPTIONS[status], examples);
    }),
  );
}

/** The 413 of an operation that reads bodies up to `bytes` instead of the usual 100 kB. */
export const ApiBodyLimit = (bytes: number) =>
  errorResponse(413, bodyTooLarge(bytes), { example: EXAMPLES[413] });
