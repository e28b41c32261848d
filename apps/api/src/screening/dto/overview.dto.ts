import { RecordedConsentDto } from '../../privacy/dto/consent.dto';
import { ProcessReviewDto } from '../../reviews/dto/reviews.dto';
import {
  PROCESS_NAMES,
  PROCESS_RESULTS,
  PROCESS_STATUSES,
  processDetailQueryViolations,
  REQUEST_STATUSES,
  requestListQueryViolations,
} from '@app/domain';
import { ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import { SUMMARY_MODELS, SUMMARY_OF_PROCESS } from './summaries.dto';
import { Allow } from 'class-validator';
import { PageQueryDto } from '../../common/pagination';
import { CheckedBy } from '../../common/validation';

// Enums straight from the domain catalogue: one list, documented as it is enforced.
export const PROCESS_NAME_VALUES = [...PROCESS_NAMES];
export const PROCESS_STATUS_VALUES = [...PROCESS_STATUSES];
export const RESULT_VALUES = [...PROCESS_RESULTS];
export const REQUEST_STATUS_VALUES = [...REQUEST_STATUSES];
const FINISHED_RESULT_VALUES = RESULT_VALUES.filter((result) => result !== 'Pendiente');
const UNFINISHED_STATUS_VALUES = PROCESS_STATUS_VALUES.filter((status) => status !== 'Finalizado');

export class ProcessEntryDto {
  @ApiProperty({ format: 'uuid', description: 'The processId of the process-detail path' })
  id!: string;

  @ApiProperty({ enum: PROCESS_NAME_VALUES, example: 'Peps' })
  processName!: string;

  @ApiProperty({
    enum: RESULT_VALUES,
    example: 'Aprobado',
    description: '`Pendiente` until the process is `Finalizado`',
  })
  result!: string;

  @ApiProperty({
    enum: PROCESS_STATUS_VALUES,
    example: 'Finalizado',
    description:
      '`En proceso` (queued: null dates; running: startDate set), `Con dependencia` (waits for another process; null dates), `Pendiente Candidato` (waits for candidate input; startDate set), `Finalizado` (both dates)',
  })
  status!: string;

  @ApiProperty({
    type: 'integer',
    example: 1795357425000,
    description: 'Epoch milliseconds; null until the process starts',
  })
  startDate!: number | null;

  @ApiProperty({
    type: 'integer',
    example: 1795357425200,
    description: 'Epoch milliseconds; null until the process ends',
  })
  endDate!: number | null;
  @ApiProperty({
    type: 'integer',
    example: 1795357430000,
    description:
      'When the process should end (epoch ms), from the median duration of the last 100 finished processes of ' +
      'this name; null when it has finished, waits for the candidate (or for a process that does), or fewer than 5 have finished',
  })
  estimatedEndDate!: number | null;

  @ApiPropertyOptional({
    type: ProcessReviewDto,
    description:
      'Only on a finished process with findings (list matches, BGC Legal persons): whether every finding has a review, the result over those that still count, and whether one is disputed',
  })
  review?: ProcessReviewDto;
}

export class RequestOverviewDto {
  @ApiProperty({ example: true })
  isCandidateRegistered!: boolean;

  @ApiProperty({
    enum: REQUEST_STATUS_VALUES,
    example: 'Completed',
    description:
      '`Pending` (no process started), `Processing` (a process is queued or running), `Completed` (nothing left for the service to do now)',
  })
  status!: string;

  @ApiProperty({ format: 'uuid' })
  candidateId!: string;

  @ApiProperty({
    enum: RESULT_VALUES,
    example: 'Pendiente',
    description: '`Pendiente` while any process is not `Finalizado`; then the most severe process result',
  })
  result!: string;

  @ApiProperty({
    enum: RESULT_VALUES,
    example: 'Pendiente',
    description:
      "The result once people reviewed the findings: each reviewed process's `review.reviewedResult` in place of its result (dismissed findings stop counting), raised to at least the severity of any confirmed monitor alert. Equal to `result` while nothing is reviewed",
  })
  reviewedResult!: string;

  @ApiProperty({
    type: 'integer',
    description: 'Last process end (epoch ms) once every process is Finalizado, else null',
  })
  globalEndDate!: number | null;

  @ApiProperty({
    type: 'integer',
    example: 1795357440000,
    description:
      'The latest estimatedEndDate when every unfinished process has one and none waits for the candidate, else null',
  })
  estimatedGlobalEndDate!: number | null;

  @ApiProperty({ example: 'PKG-ACME-BASIC' })
  packageId!: string;

  @ApiProperty({
    type: 'integer',
    example: 0,
    description:
      "Alerts of the request's monitors still `open` (not yet dismissed or confirmed): see `GET /monitors/{id}/alerts`. 0 when the request was never monitored.",
  })
  openMonitorAlerts!: number;

  @ApiProperty({
    type: RecordedConsentDto,
    nullable: true,
    description:
      'The consent recorded at registration (null for requests registered before consent was recorded, or while the client had no privacy notice)',
  })
  consent!: RecordedConsentDto | null;

  @ApiProperty()
  processes!: ProcessEntryDto[];
}

export class RequestSummaryDto {
  @ApiProperty({ format: 'uuid' })
  uuid!: string;

  @ApiProperty({ example: 'acme' })
  clientId!: string;

  @ApiProperty({ example: 'PKG-ACME-BASIC' })
  packageId!: string;

  @ApiProperty({ format: 'uuid' })
  candidateId!: string;

  @ApiProperty({ enum: REQUEST_STATUS_VALUES })
  status!: string;

  @ApiProperty({ enum: RESULT_VALUES })
  result!: string;

  @ApiProperty({ type: 'integer', description: 'Registration time, epoch milliseconds' })
  createdAt!: number;

  @ApiProperty({ type: 'integer' })
  globalEndDate!: number | null;
}

@CheckedBy(requestListQueryViolations)
export class ListRequestsQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: REQUEST_STATUS_VALUES, description: 'Only requests with this overall status' })
  @Allow()
  status?: string;
}

@CheckedBy(processDetailQueryViolations)
export class ProcessDetailQueryDto {
  @ApiPropertyOptional({
    type: Boolean,
    default: false,
    description: 'true adds `rawDetails` (the provider answer)',
  })
  @Allow()
  detail?: string;
}

/**
 * `rawDetails` (docs/behaviour.md): the provider's answer, written by the processor
 * (apps/processor/src/screening/sandbox-provider.ts). The same keys when the provider never
 * answered (result `No disponible`): `reference` and `payload` are null and `error` says why.
 */
export class ProviderRawDetailsDto {
  @ApiProperty({ example: 'sandbox:Peps', description: 'The provider that was called' })
  provider!: string;

  @ApiProperty({
    example: 'SBX-UGVwczpKdWFuIENh',
    description: "The provider's reference of its answer; null when it never answered",
  })
  reference!: string | null;

  @ApiProperty({
    format: 'date-time',
    example: '2026-11-22T14:23:45.010Z',
    description: 'When the call started (the last attempt when the provider never answered)',
  })
  requestedAt!: string;

  @ApiProperty({
    format: 'date-time',
    example: '2026-11-22T14:23:45.190Z',
    description: 'When the provider answered; when it never did, when the last attempt failed',
  })
  answeredAt!: string;

  @ApiProperty({
    example: {
      process: 'BGC News',
      decision: 'Aprobado',
      evidence: { articlesFound: 3, adverseArticles: 0 },
      scoreRoll: 0,
    },
    description:
      "The provider's answer as it gave it; null when it never answered. The list processes (Peps, Listas negras del SAT, Global Watch List) answer `listsChecked`, `listsWithoutVersion` and each matched `entries` item as imported",
  })
  payload!: Record<string, unknown> | null;

  @ApiProperty({
    example: 'Sandbox provider for BGC News did not answer',
    description:
      'Only when the provider never answered (result `No disponible`): why the last attempt failed',
  })
  error?: string;
}

/** `data` of a finished process (`statusCode: 200`): the entry narrowed to `Finalizado`, plus its summary. */
export class ProcessDetailDto extends ProcessEntryDto {
  @ApiProperty({
    enum: ['Finalizado'],
    example: 'Finalizado',
    description: 'Only a finished process has a detail',
  })
  declare status: string;

  @ApiProperty({
    enum: FINISHED_RESULT_VALUES,
    example: 'Aprobado',
    description: '`No disponible` when the provider gave no answer after its retries',
  })
  declare result: string;

  // Both dates are set once Finalizado (the TypeScript type stays the entry's).
  @ApiProperty({
    type: 'integer',
    nullable: false,
    example: 1795357425000,
    description: 'Epoch milliseconds',
  })
  declare startDate: number | null;

  @ApiProperty({
    type: 'integer',
    nullable: false,
    example: 1795357425200,
    description: 'Epoch milliseconds',
  })
  declare endDate: number | null;

  @ApiProperty({
    description:
      'Typed executive summary; its shape depends on processName: ' +
      Object.entries(SUMMARY_OF_PROCESS)
        .map(([process, model]) => `${process} -> ${model.name}`)
        .join('; ') +
      '; UnavailableSummaryDto when the provider gave no answer (result No disponible).',
    oneOf: SUMMARY_MODELS.map((model) => ({ $ref: getSchemaPath(model) })),
  })
  summary?: object;

  @ApiProperty({
    type: ProviderRawDetailsDto,
    description:
      'Only with detail=true: the provider answer (provider, reference, requestedAt, answeredAt, payload; reference and payload null and an error when it never answered)',
  })
  rawDetails?: object;
}

/**
 * `data` of the body-level 409 of the process detail (docs/behaviour.md): a process that has not
 * finished answers only its state and its estimate (docs/behaviour.md).
 */
export class ProcessNotFinishedDto {
  @ApiProperty({ format: 'uuid', description: 'The processId of the path' })
  id!: string;

  @ApiProperty({ enum: PROCESS_NAME_VALUES, example: 'Documentos' })
  processName!: string;

  @ApiProperty({ enum: UNFINISHED_STATUS_VALUES, example: 'Pendiente Candidato' })
  status!: string;

  @ApiProperty({
    enum: ['Pendiente'],
    example: 'Pendiente',
    description: 'Always `Pendiente` before `Finalizado`',
  })
  result!: string;

  @ApiProperty({
    type: 'integer',
    example: 1795357430000,
    description:
      'When the process should end (epoch ms), as in the overview; null when it cannot be estimated',
  })
  estimatedEndDate!: number | null;
}

export class CandidateInputAcceptedDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ enum: PROCESS_NAME_VALUES, example: 'Documentos' })
  processName!: string;

  @ApiProperty({ example: 'En proceso' })
  status!: string;
}
