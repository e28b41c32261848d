import { ApiExtraModels, ApiProperty, getSchemaPath, type OpenAPIObject } from '@nestjs/swagger';
import { EVENT_TYPES, PROCESS_NAMES, PROCESS_RESULTS } from '@app/domain';

/**
 * CONTRACT 7.1: the event envelope and the `data` of every event type, for the event log and the
 * webhook deliveries alike. `data` is documented as `oneOf` the shapes below; each shape is closed
 * (`additionalProperties: false`, see closeEventDataSchemas) so a `data` matches exactly one.
 */

const FINAL_RESULTS = PROCESS_RESULTS.filter((result) => result !== 'Pendiente');
const REQUEST_UUID = {
  format: 'uuid',
  description: 'The candidate request',
  example: '3f1c2a9e-8d7b-4c6a-9e5f-1a2b3c4d5e6f',
};
const PROCESS_ID = {
  format: 'uuid',
  description: 'The process',
  example: '8a7b6c5d-4e3f-4a1b-9c8d-7e6f5a4b3c2d',
};
const SEARCH_ID = {
  format: 'uuid',
  description: 'The legal-records search',
  example: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b',
};

export class CandidateRequestCreatedDataDto {
  @ApiProperty(REQUEST_UUID) uuid!: string;
  @ApiProperty({ example: 'PKG-ACME-BASIC' }) packageId!: string;
}

/** `process.started` and `process.waiting_for_candidate` carry the same data. */
export class ProcessStatusDataDto {
  @ApiProperty(REQUEST_UUID) uuid!: string;
  @ApiProperty(PROCESS_ID) processId!: string;
  @ApiProperty({ enum: [...PROCESS_NAMES], example: 'Peps' }) processName!: string;
}

export class ProcessFinishedDataDto extends ProcessStatusDataDto {
  @ApiProperty({ enum: FINAL_RESULTS, example: 'Aprobado' }) result!: string;
}

export class CandidateRequestCompletedDataDto {
  @ApiProperty(REQUEST_UUID) uuid!: string;
  @ApiProperty({
    enum: [...PROCESS_RESULTS],
    example: 'Pendiente',
    description: '`Pendiente` while a process waits for the candidate or another process',
  })
  result!: string;
}

export class CandidateRequestFinishedDataDto {
  @ApiProperty(REQUEST_UUID) uuid!: string;
  @ApiProperty({ enum: FINAL_RESULTS, example: 'Riesgo Bajo' }) result!: string;
  @ApiProperty({ type: 'integer', description: 'Epoch milliseconds', example: 1795357425200 })
  globalEndDate!: number;
}

export class LegalSearchCreatedDataDto {
  @ApiProperty(SEARCH_ID) searchId!: string;
  @ApiProperty({ enum: ['SUCCESS', 'EMPTY', 'FAILED'], example: 'SUCCESS' }) outcome!: string;
  @ApiProperty({ type: 'integer', example: 1234 }) totalMatches!: number;
}

export class LegalRecordUnlockedDataDto {
  @ApiProperty(SEARCH_ID) searchId!: string;
  @ApiProperty({
    format: 'uuid',
    description: 'The person unlocked',
    example: '0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e',
  })
  uuid!: string;
}

export class WebhookTestDataDto {
  @ApiProperty({
    format: 'uuid',
    description: 'The endpoint tested',
    example: '6c1d5e2f-3a4b-4c5d-8e6f-7a8b9c0d1e2f',
  })
  endpointId!: string;
}

/** The shape of `data` of each event type. */
export const EVENT_DATA_OF_TYPE = {
  'candidate_request.created': CandidateRequestCreatedDataDto,
  'process.started': ProcessStatusDataDto,
  'process.waiting_for_candidate': ProcessStatusDataDto,
  'process.finished': ProcessFinishedDataDto,
  'candidate_request.completed': CandidateRequestCompletedDataDto,
  'candidate_request.finished': CandidateRequestFinishedDataDto,
  'legal_search.created': LegalSearchCreatedDataDto,
  'legal_record.unlocked': LegalRecordUnlockedDataDto,
  'webhook.test': WebhookTestDataDto,
} as const satisfies Record<(typeof EVENT_TYPES)[number], unknown>;

export const EVENT_DATA_MODELS = [...new Set(Object.values(EVENT_DATA_OF_TYPE))];

@ApiExtraModels(...EVENT_DATA_MODELS)
export class EventEnvelopeDto {
  @ApiProperty({
    description:
      'Unique and opaque. In a webhook it is also the `webhook-id` header, the same on every attempt: drop a delivery whose id you have already processed.',
    example: 'evt_7731_1042',
  })
  id!: string;

  @ApiProperty({
    enum: [...EVENT_TYPES],
    example: 'process.finished',
    description:
      'What happened; it decides the shape of `data`: ' +
      Object.entries(EVENT_DATA_OF_TYPE)
        .map(([type, model]) => `\`${type}\`: ${model.name}`)
        .join(', '),
  })
  type!: string;

  @ApiProperty({
    type: 'integer',
    description: 'When the change happened, epoch milliseconds',
    example: 1795440000000,
  })
  createdAt!: number;

  @ApiProperty({ description: 'The client the event belongs to', example: 'acme' })
  clientId!: string;

  @ApiProperty({
    description:
      'Identifiers, statuses and results of the change, never personal data; its shape depends on `type`',
    oneOf: EVENT_DATA_MODELS.map((model) => ({ $ref: getSchemaPath(model) })),
    example: {
      uuid: '3f1c2a9e-8d7b-4c6a-9e5f-1a2b3c4d5e6f',
      processId: '8a7b6c5d-4e3f-4a1b-9c8d-7e6f5a4b3c2d',
      processName: 'Peps',
      result: 'Aprobado',
    },
  })
  data!: object;
}

/**
 * Closes the `data` shapes in the document (Nest's decorators cannot say `additionalProperties:
 * false` on a class): a `process.finished` data would otherwise also match the shorter shapes.
 */
export function closeEventDataSchemas(document: OpenAPIObject): void {
  for (const model of EVENT_DATA_MODELS) {
    const schema = document.components?.schemas?.[model.name];
    if (schema && !('$ref' in schema)) schema.additionalProperties = false;
  }
}
