import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import {
  RETENTION_BOUNDS,
  RETENTION_DEFAULTS,
  retentionSettingsViolations,
  stringFieldViolations,
} from '@app/domain';
import { CheckedBy } from '../../common/validation';

const CLIENT_ID_DESCRIPTION =
  'Another client of yours (default: your default client); for a change, one where you are admin';

const ACTIVE_DAYS_DESCRIPTION =
  'Days a candidate request stays readable after its last process finished (a legal-records search: after its creation); then it is blocked: its reads answer 410 and it leaves the lists. Never while a monitor on the request is active';
const BLOCKED_DAYS_DESCRIPTION =
  'Days a blocked request or search is kept, blocked, before its personal data is erased (suppressed); 0 erases it at once';

@CheckedBy((query: RetentionClientQueryDto) => stringFieldViolations(query, ['clientId']))
export class RetentionClientQueryDto {
  @ApiPropertyOptional({ description: CLIENT_ID_DESCRIPTION, example: 'acme' })
  @Allow()
  clientId?: string;
}

export class RetentionSettingsDto {
  @ApiProperty({
    type: 'integer',
    minimum: RETENTION_BOUNDS.activeDays.min,
    maximum: RETENTION_BOUNDS.activeDays.max,
    description: `${ACTIVE_DAYS_DESCRIPTION}. Default ${RETENTION_DEFAULTS.activeDays}`,
    example: RETENTION_DEFAULTS.activeDays,
  })
  activeDays!: number;

  @ApiProperty({
    type: 'integer',
    minimum: RETENTION_BOUNDS.blockedDays.min,
    maximum: RETENTION_BOUNDS.blockedDays.max,
    description: `${BLOCKED_DAYS_DESCRIPTION}. Default ${RETENTION_DEFAULTS.blockedDays}`,
    example: RETENTION_DEFAULTS.blockedDays,
  })
  blockedDays!: number;
}

@CheckedBy((body: UpdateRetentionSettingsDto) => retentionSettingsViolations(body))
export class UpdateRetentionSettingsDto {
  @ApiPropertyOptional({
    type: 'integer',
    minimum: RETENTION_BOUNDS.activeDays.min,
    maximum: RETENTION_BOUNDS.activeDays.max,
    description: `${ACTIVE_DAYS_DESCRIPTION}. Left out: keeps its value`,
    example: 180,
  })
  @Allow()
  activeDays?: number;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: RETENTION_BOUNDS.blockedDays.min,
    maximum: RETENTION_BOUNDS.blockedDays.max,
    description: `${BLOCKED_DAYS_DESCRIPTION}. Left out: keeps its value`,
    example: 365,
  })
  @Allow()
  blockedDays?: number;
}
