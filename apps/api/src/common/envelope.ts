import { Type } from '@nestjs/common';
import { ApiExtraModels, ApiProperty, getSchemaPath, type SchemaObject } from '@nestjs/swagger';

/** The docs/behaviour.md envelope `{ isSuccess, statusCode, message, data }` used by the read endpoints. */
export interface Envelope<T> {
  isSuccess: boolean;
  statusCode: number;
  message: string;
  data: T;
}

export function envelope<T>(data: T, message = 'OK', statusCode = 200): Envelope<T> {
  return { isSuccess: true, statusCode, message, data };
}

/**
 * `data` of the body-level 404 (docs/behaviour.md): exactly `{}`. A schema of its own so that the
 * documented envelope accepts the real body, and nothing else matches it.
 */
export const EMPTY_DATA_SCHEMA: SchemaObject = {
  type: 'object',
  properties: {},
  additionalProperties: false,
  description: 'Always `{}`: the body-level 404 (unknown request or process, or one of another client)',
  example: {},
};

/**
 * A body-level answer besides the normal `statusCode: 200` (the kept quirks of docs/behaviour.md and
 * 4.4): the HTTP status stays 200, `statusCode` says what happened and `data` has another shape.
 */
export interface BodyLevelAnswer {
  statusCode: number;
  /** When it is answered, for the documentation. */
  when: string;
  /** The shape of `data` then: a DTO class or a plain schema (e.g. EMPTY_DATA_SCHEMA). */
  data: Type<unknown> | SchemaObject;
}

/**
 * Swagger class for `Envelope<data>`; `isArray` documents `data` as a list. With `bodyLevel`,
 * `statusCode` is documented as an enum and `data` as `oneOf` the normal shape and each of theirs
 * (the shapes must exclude one another: a body matches exactly one).
 */
export function EnvelopeOf<T>(
  data: Type<T>,
  options: { isArray?: boolean; name?: string; bodyLevel?: BodyLevelAnswer[] } = {},
) {
  const bodyLevel = options.bodyLevel ?? [];
  const models = bodyLevel.map((answer) => answer.data).filter((d): d is Type<unknown> => isClass(d));
  const statusDescription = bodyLevel.length
    ? 'Body-level status (the HTTP status is 200 for all): 200 normally; ' +
      bodyLevel.map((answer) => `${answer.statusCode} ${answer.when}`).join('; ')
    : 'Body-level status: 200 normally, 404 when the resource is unknown';
  const dataProperty = bodyLevel.length
    ? {
        description:
          `${data.name} when \`statusCode\` is 200; ` +
          bodyLevel
            .map(
              (answer) =>
                `${isClass(answer.data) ? answer.data.name : 'an empty object'} when it is ${answer.statusCode}`,
            )
            .join('; '),
        oneOf: [data, ...bodyLevel.map((answer) => answer.data)].map((d) =>
          isClass(d) ? { $ref: getSchemaPath(d) } : d,
        ),
      }
    : { type: data, isArray: options.isArray ?? false };

  @ApiExtraModels(data, ...models)
  class EnvelopeDto {
    @ApiProperty({
      example: true,
      description: 'true whenever the request was understood (also for the body-level 404)',
    })
    isSuccess!: boolean;

    @ApiProperty({
      example: 200,
      description: statusDescription,
      ...(bodyLevel.length ? { enum: [200, ...bodyLevel.map((answer) => answer.statusCode)] } : {}),
    })
    statusCode!: number;

    @ApiProperty({ example: 'OK', description: 'Free text' })
    message!: string;

    @ApiProperty(dataProperty)
    data!: T;
  }
  Object.defineProperty(EnvelopeDto, 'name', {
    value: options.name ?? `${data.name.replace(/Dto$/, '')}${options.isArray ? 'List' : ''}Envelope`,
  });
  return EnvelopeDto;
}

function isClass(value: Type<unknown> | SchemaObject): value is Type<unknown> {
  return typeof value === 'function';
}
