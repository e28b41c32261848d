import { ApiProperty, ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import {
  ARCO_CHANNELS,
  ARCO_DECISIONS,
  ARCO_RIGHTS,
  MAX_ARCO_DETAILS_LENGTH,
  MAX_ARCO_REASON_LENGTH,
  oneOfViolations,
  pageQueryViolations,
  PRIVACY_REQUEST_STATUSES,
  RECTIFIABLE_FIELDS,
  stringFieldViolations,
} from '@app/domain';
import { AuditEventDto } from '../../audit/dto/audit-events.dto';
import { CountedPageDto, PageQueryDto } from '../../common/pagination';
import { CheckedBy } from '../../common/validation';
import { FREE_TEXT_CHARACTERS, NAME_CHARACTERS } from '../../docs/text-rules';
import { SearchDataDto } from '../../legal-records/dto/search-result.dto';
import { MonitorAlertDto, MonitorDto } from '../../monitors/dto/monitors.dto';
import { DisputeDto, ReviewDto } from '../../reviews/dto/reviews.dto';

const CLIENT_ID_DESCRIPTION = 'Another client of yours where you are admin (default: your default client)';
const PRIVACY_REQUEST_ID = '9c2e4a6b-8d0f-4e1a-b3c5-d7e9f1a3b5c7';

/** Who the request is about, as the person identified themself (checked by the domain). */
export class ArcoSubjectDto {
  @ApiPropertyOptional({
    description: 'RFC (12 or 13 characters). With an RFC or a CURP, those decide who the person is',
    example: 'HEGJ850101AB1',
  })
  rfc?: string;

  @ApiPropertyOptional({ description: 'CURP (18 characters)', example: 'HEGJ850101HDFRNN09' })
  curp?: string;

  @ApiPropertyOptional({ description: `Given name(s). ${NAME_CHARACTERS}`, example: 'Juan' })
  name?: string;

  @ApiPropertyOptional({ description: 'Paternal surname', example: 'Hernández' })
  lastName?: string;

  @ApiPropertyOptional({ description: 'Maternal surname', example: 'García' })
  secondLastName?: string;

  @ApiPropertyOptional({ format: 'date', description: 'YYYY-MM-DD', example: '1985-01-01' })
  birthDate?: string;
}

/**
 * The body of `POST /privacy-requests`: fields declared here, their rules the domain's
 * (privacyRequestViolations, which needs today's date: the use case runs it).
 */
@CheckedBy((body: CreatePrivacyRequestDto) => stringFieldViolations(body, ['clientId']))
export class CreatePrivacyRequestDto {
  @ApiProperty({
    enum: [...ARCO_RIGHTS],
    description:
      'The right exercised: `access` to the data, its `rectification`, its `cancellation`, or `opposition` to its processing',
    example: 'access',
  })
  @Allow()
  right!: string;

  @ApiProperty({
    type: ArcoSubjectDto,
    description:
      'Who the request is about: an `rfc`, a `curp`, or `name`, `lastName` and `birthDate` (`secondLastName` when they have one)',
  })
  @Allow()
  subject!: ArcoSubjectDto;

  @ApiProperty({
    format: 'date',
    description:
      'The day the request reached you (YYYY-MM-DD, not after today in the service time zone): the 20 business days count from it',
    example: '2026-09-10',
  })
  @Allow()
  receivedAt!: string;

  @ApiProperty({ enum: [...ARCO_CHANNELS], description: 'How the request reached you', example: 'email' })
  @Allow()
  channel!: string;

  @ApiPropertyOptional({
    maxLength: MAX_ARCO_DETAILS_LENGTH,
    description: `What the person wrote, or your notes. ${FREE_TEXT_CHARACTERS}`,
    example: 'Solicita copia de los datos personales usados en su evaluación.',
  })
  @Allow()
  details?: string;

  @ApiPropertyOptional({ description: CLIENT_ID_DESCRIPTION, example: 'acme' })
  @Allow()
  clientId?: string;
}

/** The body of `POST /privacy-requests/{id}/resolve`; the domain checks it (resolutionViolations). */
export class ResolvePrivacyRequestDto {
  @ApiProperty({ enum: [...ARCO_DECISIONS], description: 'Your answer to the person', example: 'granted' })
  @Allow()
  decision!: string;

  @ApiProperty({
    maxLength: MAX_ARCO_REASON_LENGTH,
    description: `Why, as told to the person. ${FREE_TEXT_CHARACTERS}`,
    example: 'Identidad acreditada con INE.',
  })
  @Allow()
  reason!: string;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { type: 'string' },
    description: `A granted rectification only (and required there): the corrected candidate fields, each with the rule registration gives it: ${RECTIFIABLE_FIELDS.map((f) => `\`${f}\``).join(', ')}`,
    example: { lastName: 'Hernández', secondLastName: 'Gómez' },
  })
  @Allow()
  changes?: Record<string, string>;
}

@CheckedBy((query: PrivacyRequestsQueryDto) => [
  ...pageQueryViolations(query),
  ...oneOfViolations(query, 'status', PRIVACY_REQUEST_STATUSES),
  ...stringFieldViolations(query, ['clientId']),
])
export class PrivacyRequestsQueryDto extends PageQueryDto {
  @ApiPropertyOptional({
    enum: [...PRIVACY_REQUEST_STATUSES],
    description: 'Only requests in this status (`open`: still to be answered)',
  })
  @Allow()
  status?: string;

  @ApiPropertyOptional({ description: CLIENT_ID_DESCRIPTION, example: 'acme' })
  @Allow()
  clientId?: string;
}

export class PrivacyMatchDto {
  @ApiProperty({
    enum: ['candidate_request', 'search', 'monitor'],
    description:
      '`candidate_request` (`GET /candidate-requests/{uuid}`), a legal-records `search` (`GET /risks/legal-records/searches/{searchId}`) or a `monitor` (`GET /monitors/{id}`)',
    example: 'candidate_request',
  })
  type!: string;

  @ApiProperty({ format: 'uuid', example: '3f1c2a9e-8d7b-4c6a-9e5f-1a2b3c4d5e6f' })
  id!: string;
}

export class PrivacyRequestDto {
  @ApiProperty({ format: 'uuid', example: PRIVACY_REQUEST_ID })
  id!: string;

  @ApiProperty({ enum: [...ARCO_RIGHTS], example: 'access' })
  right!: string;

  @ApiProperty({
    enum: [...PRIVACY_REQUEST_STATUSES],
    description: '`open` until answered with `POST /privacy-requests/{id}/resolve`',
    example: 'open',
  })
  status!: string;

  @ApiProperty({ type: ArcoSubjectDto, description: 'Who the request is about, as recorded' })
  subject!: ArcoSubjectDto;

  @ApiProperty({ format: 'date', example: '2026-09-10' })
  receivedAt!: string;

  @ApiProperty({
    format: 'date',
    description:
      'The last day to answer: 20 business days after `receivedAt` (Monday to Friday, the mandatory rest days of the Ley Federal del Trabajo excepted)',
    example: '2026-10-09',
  })
  dueDate!: string;

  @ApiProperty({ enum: [...ARCO_CHANNELS], example: 'email' })
  channel!: string;

  @ApiProperty({ nullable: true, type: 'string', example: null })
  details!: string | null;

  @ApiProperty({
    type: [PrivacyMatchDto],
    description:
      'Your data about the person: candidate requests whose candidate is them (an RFC or CURP decides; otherwise the full name and birth date), legal-records searches of their exact name, monitors of those requests. Found when the request is recorded, and again when it is resolved (the decision applies to what is found then)',
  })
  matches!: PrivacyMatchDto[];

  @ApiProperty({ enum: [...ARCO_DECISIONS], nullable: true, example: null, description: 'Null while open' })
  decision!: string | null;

  @ApiProperty({ nullable: true, type: 'string', example: null, description: 'Null while open' })
  reason!: string | null;

  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string' },
    nullable: true,
    example: null,
    description: 'The fields a granted rectification corrected; null otherwise',
  })
  changes!: Record<string, string> | null;

  @ApiProperty({ type: 'integer', format: 'int64', description: 'Epoch ms', example: 1789056000000 })
  createdAt!: number;

  @ApiProperty({
    type: 'integer',
    format: 'int64',
    nullable: true,
    description: 'When it was resolved (epoch ms); null while open',
    example: null,
  })
  resolvedAt!: number | null;
}

export class PrivacyRequestPageDto extends CountedPageDto(PrivacyRequestDto, 'Newest first', 2) {}

export class ExportedProcessDto {
  @ApiProperty({ format: 'uuid', example: '8a7b6c5d-4e3f-4a1b-9c8d-7e6f5a4b3c2d' }) id!: string;
  @ApiProperty({ example: 'Peps' }) processName!: string;
  @ApiProperty({ example: 'Finalizado' }) status!: string;
  @ApiProperty({ example: 'Aprobado' }) result!: string;
  @ApiProperty({ type: 'integer', nullable: true, example: 1789056000000 }) startDate!: number | null;
  @ApiProperty({ type: 'integer', nullable: true, example: 1789056004000 }) endDate!: number | null;

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    nullable: true,
    description:
      "The process's executive summary, as `GET /candidate-requests/{uuid}/processes/{processId}` shows it",
  })
  summary!: Record<string, unknown> | null;
}

export class ExportedReviewDto extends OmitType(ReviewDto, ['reason']) {
  @ApiProperty({
    nullable: true,
    type: String,
    example: 'Fecha de nacimiento distinta en la INE; homónimo.',
    description: "The reviewer's reason; null for a monitor alert's review given without a note",
  })
  reason!: string | null;

  @ApiProperty({
    format: 'uuid',
    nullable: true,
    type: String,
    description: 'The process whose finding was decided; null for the review of a monitor alert',
  })
  processId!: string | null;

  @ApiProperty({
    format: 'uuid',
    nullable: true,
    type: String,
    description: 'The monitor alert decided; null for the review of a process finding',
  })
  alertId!: string | null;
}

export class ExportedRequestDto {
  @ApiProperty({ format: 'uuid', example: '3f1c2a9e-8d7b-4c6a-9e5f-1a2b3c4d5e6f' }) uuid!: string;
  @ApiProperty({ example: 'PKG-ACME-BASIC' }) packageId!: string;
  @ApiProperty({ example: 'Completed' }) status!: string;
  @ApiProperty({ type: 'integer', format: 'int64', example: 1789056000000 }) createdAt!: number;

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'Every field stored of the candidate, as registered (or rectified)',
    example: { name: 'Juan', lastName: 'Hernández', birthDate: '1985-01-01', rfc: 'HEGJ850101AB1' },
  })
  candidate!: Record<string, unknown>;

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    nullable: true,
    description:
      'The consent recorded at registration; null for a request registered before consent was recorded',
  })
  consent!: Record<string, unknown> | null;

  @ApiProperty({ type: [ExportedProcessDto] }) processes!: ExportedProcessDto[];

  @ApiProperty({
    type: [ExportedReviewDto],
    description:
      "Every review of the request's findings and of its monitor alerts, oldest first, with its reason",
  })
  reviews!: ExportedReviewDto[];

  @ApiProperty({
    type: [DisputeDto],
    description: "Every dispute of the request's findings, oldest first, with the candidate's statement",
  })
  disputes!: DisputeDto[];
}

export class UnlockedRecordDto {
  @ApiProperty({ format: 'uuid', example: '0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e' }) uuid!: string;
  @ApiProperty({ example: 'JUAN HERNANDEZ GARCIA' }) name!: string;
}

export class ExportedSearchDto extends SearchDataDto {
  @ApiProperty({
    type: [UnlockedRecordDto],
    description: 'The records (people) whose detail was read in the search',
  })
  unlockedRecords!: UnlockedRecordDto[];
}

export class ExportedMonitorDto extends MonitorDto {
  @ApiProperty({
    type: 'integer',
    nullable: true,
    description: 'When it stopped or expired (epoch ms)',
    example: null,
  })
  endedAt!: number | null;
}

export class PrivacyExportDto {
  @ApiProperty({ type: PrivacyRequestDto, description: 'The access request this export answers' })
  privacyRequest!: PrivacyRequestDto;

  @ApiProperty({
    type: 'integer',
    format: 'int64',
    description: 'When the export was read (epoch ms)',
    example: 1789660800000,
  })
  exportedAt!: number;

  @ApiProperty({ type: [ExportedRequestDto], description: 'The candidate requests about the person' })
  candidateRequests!: ExportedRequestDto[];

  @ApiProperty({
    type: [ExportedSearchDto],
    description:
      'The legal-records searches of their name, with every stored match (as `GET /risks/legal-records/searches/{searchId}` reads them, 300 a page)',
  })
  searches!: ExportedSearchDto[];

  @ApiProperty({ type: [ExportedMonitorDto], description: 'The monitors of those requests' })
  monitors!: ExportedMonitorDto[];

  @ApiProperty({ type: [MonitorAlertDto], description: 'Every alert those monitors raised' })
  alerts!: MonitorAlertDto[];

  @ApiProperty({
    type: [AuditEventDto],
    description:
      'The audit log of who read or changed that data (events whose subject is one of the matches)',
  })
  auditEvents!: AuditEventDto[];
}
