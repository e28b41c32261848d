import { getSchemaPath, type OpenAPIObject, type SchemaObject } from '@nestjs/swagger';
import { EVENT_CATALOG, EVENT_TYPES, type EventType } from '@app/domain';
import { summaryDto } from '../screening/dto/summaries.dto';

/**
 * docs/integrators.md in the OpenAPI document: the event envelope, for the event log and the webhook
 * deliveries alike, derived from the event catalogue (libs/domain/src/events/event-catalog.ts) and
 * nothing else. `EventEnvelopeDto` is `oneOf` one variant per event type with a discriminator on
 * `type`; each variant's `type` is an enum of that one value and its `data` the schema of that
 * type, so `switch (event.type)` narrows `data` in a generated client.
 */

/** The name of the envelope schema (the `oneOf` of every event type). */
export const EVENT_ENVELOPE_SCHEMA = 'EventEnvelopeDto';

/** An event as the api answers it; the document describes each type's `data`. */
export interface EventEnvelope {
  id: string;
  type: string;
  createdAt: number;
  clientId: string;
  data: object;
}

/** `candidate_request.created` -> `CandidateRequestCreated`. */
function pascalCase(type: EventType): string {
  return type
    .split(/[._]/)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');
}

/** The model of `data` of each event type: `<Type>DataDto`, closed by addEventSchemas. */
const DATA_MODEL_OF_TYPE = new Map(
  EVENT_TYPES.map((type) => [
    type,
    summaryDto({ name: `${pascalCase(type)}Data`, fields: EVENT_CATALOG[type].data }),
  ]),
);

/** The `data` models, for `@ApiExtraModels`. */
export const EVENT_DATA_MODELS = [...DATA_MODEL_OF_TYPE.values()];

const ENVELOPE_FIELDS: Record<'id' | 'createdAt' | 'clientId', SchemaObject> = {
  id: {
    type: 'string',
    description:
      'Unique and opaque. In a webhook it is also the `webhook-id` header, the same on every attempt: drop a delivery whose id you have already processed.',
    example: 'evt_7731_1042',
  },
  createdAt: {
    type: 'integer',
    description: 'When the change happened, epoch milliseconds',
    example: 1795440000000,
  },
  clientId: { type: 'string', description: 'The client the event belongs to', example: 'acme' },
};

/** The schemas of the envelope and of its variant per event type, keyed by component name. */
export function eventEnvelopeSchemas(): Record<string, SchemaObject> {
  const variants = EVENT_TYPES.map((type) => {
    const data = DATA_MODEL_OF_TYPE.get(type)!;
    const schema: SchemaObject = {
      type: 'object',
      description: `\`${type}\`: ${EVENT_CATALOG[type].when}. \`data\` holds identifiers, statuses and results, never personal data.`,
      required: ['id', 'type', 'createdAt', 'clientId', 'data'],
      properties: {
        id: ENVELOPE_FIELDS.id,
        type: { type: 'string', enum: [type], example: type, description: 'What happened' },
        createdAt: ENVELOPE_FIELDS.createdAt,
        clientId: ENVELOPE_FIELDS.clientId,
        data: { $ref: getSchemaPath(data) },
      },
    };
    return { type, name: `${pascalCase(type)}EventDto`, schema };
  });
  return {
    ...Object.fromEntries(variants.map(({ name, schema }) => [name, schema])),
    [EVENT_ENVELOPE_SCHEMA]: {
      description:
        'An event: `type` says what happened and decides the shape of `data` (one variant per type). Types may be added: ignore a `type` you do not know.',
      oneOf: variants.map(({ name }) => ({ $ref: getSchemaPath(name) })),
      discriminator: {
        propertyName: 'type',
        mapping: Object.fromEntries(variants.map(({ type, name }) => [type, getSchemaPath(name)])),
      },
    },
  };
}

/**
 * Adds the envelope and its variants to the document and closes the `data` shapes (Nest's
 * decorators cannot say `additionalProperties: false` on a class): the document then says that
 * `data` carries the listed fields and nothing else.
 */
export function addEventSchemas(document: OpenAPIObject): void {
  const schemas = (document.components ??= {}).schemas ?? (document.components.schemas = {});
  for (const model of EVENT_DATA_MODELS) {
    const schema = schemas[model.name];
    if (schema && !('$ref' in schema)) schema.additionalProperties = false;
  }
  Object.assign(schemas, eventEnvelopeSchemas());
}
