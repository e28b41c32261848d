import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import {
  ALERT_KINDS,
  ALERT_REVIEW_STATUSES,
  ALERT_STATUSES,
  alertListQueryViolations,
  FieldComparisonSchema,
  MAX_ALERT_NOTE_LENGTH,
  MONITOR_SOURCES,
  MONITOR_STATUSES,
  monitorListQueryViolations,
} from '@app/domain';
import { CountedPageDto, PageQueryDto } from '../../common/pagination';
import { CheckedBy } from '../../common/validation';
import { FREE_TEXT_CHARACTERS } from '../../docs/text-rules';
import { summaryDto } from '../../screening/dto/summaries.dto';

const REQUEST_UUID = {
  format: 'uuid',
  description: 'The candidate request under watch',
  example: '3f1c2a9e-8d7b-4c6a-9e5f-1a2b3c4d5e6f',
};

/** docs/monitoring.md body of `POST /monitors`; the domain checks it (createMonitorViolations). */
export class CreateMonitorDto {
  @ApiProperty(REQUEST_UUID)
  @Allow()
  candidateRequestUuid!: string;

  @ApiPropertyOptional({
    type: 'integer',
    description:
      'When the monitor ends by itself (`status: expired`), epoch milliseconds: in the future, at most ten years away. Default: one year from now.',
    example: 1826893425000,
  })
  @Allow()
  expiresAt?: number;
}

export class MonitorDto {
  @ApiProperty({ format: 'uuid', example: '2d4e6f80-1a2b-4c3d-8e5f-6a7b8c9d0e1f' })
  id!: string;

  @ApiProperty(REQUEST_UUID)
  candidateRequestUuid!: string;

  @ApiProperty({
    enum: [...MONITOR_SOURCES],
    isArray: true,
    example: ['sat-69b', 'sat-69', 'ofac-sdn', 'un-consolidated', 'peps', 'legal-records'],
    description:
      "What is watched: the lists of the request's list processes (`Listas negras del SAT`: sat-69b, sat-69; `Global Watch List`: ofac-sdn, un-consolidated; `Peps`: peps) and `legal-records` when the package has `BGC Legal`",
  })
  sources!: string[];

  @ApiProperty({
    enum: [...MONITOR_STATUSES],
    example: 'active',
    description: '`active` until stopped (`DELETE /monitors/{id}`) or its `expiresAt` passes (`expired`)',
  })
  status!: string;

  @ApiProperty({ type: 'integer', description: 'Epoch milliseconds', example: 1795357425000 })
  createdAt!: number;

  @ApiProperty({ type: 'integer', description: 'Epoch milliseconds', example: 1826893425000 })
  expiresAt!: number;
}

export class MonitorPageDto extends CountedPageDto(MonitorDto, 'Newest first', 3) {}

@CheckedBy(monitorListQueryViolations)
export class MonitorsQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: [...MONITOR_STATUSES], description: 'Only monitors in this status' })
  @Allow()
  status?: string;
}

export class AlertFeatureDto {
  @ApiProperty({ example: 'name_exact', description: 'What was compared and how it came out' })
  feature!: string;
  @ApiProperty({ example: 0.4, description: 'What it added to (negative: took from) the score' })
  effect!: number;
  @ApiProperty({
    example: 'Nombre idéntico',
    description:
      'The feature in a Spanish sentence for a person to read (one per code: docs/watch-list-matching.md, "Labels")',
  })
  label!: string;
}

export class AlertMatchDto {
  @ApiProperty({ example: 0.95, minimum: 0, maximum: 1 }) score!: number;

  @ApiProperty({ enum: ['match', 'possible_match'], example: 'match' }) decision!: string;

  @ApiProperty({ type: [AlertFeatureDto], description: 'What explains the score (as in the list processes)' })
  features!: AlertFeatureDto[];

  @ApiProperty({
    type: [summaryDto(FieldComparisonSchema)],
    required: false,
    description:
      'The candidate beside the entry, field by field, as in the list processes (for `legal-records`, beside the person the corpus names: name parts only). Absent on alerts raised before comparisons were recorded.',
  })
  comparison?: unknown[];

  @ApiProperty({
    example: 'AISPURO MORENO, Oscar',
    description:
      'The listed name (or alias) that matched; for `legal-records`, the person as the corpus names them',
  })
  listedName!: string;

  @ApiProperty({
    example: 'SDNTK; ILLICIT-DRUGS-EO14059',
    description:
      "The entry's list status in the version that raised the alert (for `removed`, its last one); for `legal-records`, the person's lawsuit count",
  })
  listStatus!: string;
}

export class MonitorAlertDto {
  @ApiProperty({ format: 'uuid', example: '7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d' }) id!: string;
  @ApiProperty({ format: 'uuid', example: '2d4e6f80-1a2b-4c3d-8e5f-6a7b8c9d0e1f' }) monitorId!: string;
  @ApiProperty(REQUEST_UUID) candidateRequestUuid!: string;
  @ApiProperty({ enum: [...MONITOR_SOURCES], example: 'ofac-sdn' }) source!: string;

  @ApiProperty({
    type: 'integer',
    example: 7,
    description: "The list's version that raised it (for `legal-records`, the corpus version of the ingest)",
  })
  version!: number;

  @ApiProperty({
    example: '36216',
    description:
      "The entry's own key (RFC, `ent_num`, `DATAID`, FtM `id`; a person's uuid for `legal-records`)",
  })
  entryId!: string;

  @ApiProperty({
    enum: [...ALERT_KINDS],
    example: 'new_match',
    description:
      '`new_match`: the candidate now matches an entry it did not match before (a new lawsuit of a matched person too); `status_changed`: a matched entry changed its list status; `removed`: a matched entry left the list',
  })
  kind!: string;

  @ApiProperty({ type: AlertMatchDto }) match!: AlertMatchDto;

  @ApiProperty({ enum: [...ALERT_STATUSES], example: 'open' }) status!: string;

  @ApiProperty({ type: 'integer', description: 'Epoch milliseconds', example: 1795357425000 })
  createdAt!: number;

  @ApiProperty({
    type: 'integer',
    nullable: true,
    description: 'When it was last reviewed, epoch milliseconds; null while never reviewed',
    example: 1795443825000,
  })
  reviewedAt!: number | null;

  @ApiProperty({
    format: 'uuid',
    nullable: true,
    description: 'The user who last reviewed it; null while never reviewed',
    example: '5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e',
  })
  reviewedBy!: string | null;

  @ApiProperty({
    nullable: true,
    description: "The reviewer's note",
    example: 'Different birth date on the INE; namesake.',
  })
  note!: string | null;
}

export class MonitorAlertPageDto extends CountedPageDto(MonitorAlertDto, 'Newest first', 2) {}

@CheckedBy(alertListQueryViolations)
export class MonitorAlertsQueryDto extends PageQueryDto {
  @ApiPropertyOptional({
    enum: [...ALERT_STATUSES],
    description: 'Only alerts in this status (default: every status)',
  })
  @Allow()
  status?: string;
}

/** docs/monitoring.md body of `PATCH /monitor-alerts/{id}`; the domain checks it (alertReviewViolations). */
export class ReviewAlertDto {
  @ApiProperty({
    enum: [...ALERT_REVIEW_STATUSES],
    example: 'dismissed',
    description:
      '`dismissed`: not the candidate (the alert is not raised again while the entry stays as it is); `confirmed`: it is',
  })
  @Allow()
  status!: string;

  @ApiPropertyOptional({
    maxLength: MAX_ALERT_NOTE_LENGTH,
    example: 'Different birth date on the INE; namesake.',
    description: `Why, for the record. ${FREE_TEXT_CHARACTERS}`,
  })
  @Allow()
  note?: string;
}
