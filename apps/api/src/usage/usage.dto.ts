import { ApiProperty } from '@nestjs/swagger';

import {
  EARLIEST_QUERY_DATE,
  LATEST_QUERY_DATE,
  MAX_DAYS_BY_DAY,
  MAX_MONTHS_BY_MONTH,
  USAGE_GROUPINGS,
  usageQueryShapeViolations,
} from '@app/domain';
import { OptionalString } from '../common/optional-string';
import { CheckedBy } from '../common/validation';
import { SERVICE_TIME_ZONE } from '../docs/wording';

/** `GET /usage` query (all strings; checked by the domain, every problem listed). */
@CheckedBy(usageQueryShapeViolations)
export class UsageQueryDto {
  @OptionalString({
    description: `First day, YYYY-MM-DD in ${SERVICE_TIME_ZONE} (${EARLIEST_QUERY_DATE} to ${LATEST_QUERY_DATE}), included. Give \`from\` and \`to\` together; omit both for the current month.`,
    example: '2026-01-01',
  })
  from?: string;

  @OptionalString({
    description: `Last day, YYYY-MM-DD in ${SERVICE_TIME_ZONE} (${EARLIEST_QUERY_DATE} to ${LATEST_QUERY_DATE}), included`,
    example: '2026-12-31',
  })
  to?: string;

  @OptionalString({
    enum: USAGE_GROUPINGS,
    default: 'day',
    description: `One row per day (ranges up to ${MAX_DAYS_BY_DAY} days) or per month (up to ${MAX_MONTHS_BY_MONTH} months)`,
    example: 'month',
  })
  groupBy?: string;

  @OptionalString({
    description: 'Client to report on: required when the account has several clients; at most 64 characters',
    example: 'acme',
  })
  clientId?: string;
}

export class UsageRowDto {
  @ApiProperty({ example: '2026-05', description: 'YYYY-MM-DD (groupBy=day) or YYYY-MM (groupBy=month)' })
  period!: string;

  @ApiProperty({ example: 12, description: 'Billed search creations' })
  searches!: number;

  @ApiProperty({ example: 30, description: 'Billed first readings of a record in a search' })
  recordUnlocks!: number;

  @ApiProperty({ example: 4, description: 'Billed watch-list screenings without a registration' })
  watchListScreenings!: number;

  @ApiProperty({
    example: 3,
    description: 'Billed monitor months: one per monitor per calendar month it is active in',
  })
  monitorMonths!: number;
}

export class UsageTotalsDto {
  @ApiProperty({ example: 12 }) searches!: number;
  @ApiProperty({ example: 30 }) recordUnlocks!: number;
  @ApiProperty({ example: 4 }) watchListScreenings!: number;
  @ApiProperty({ example: 3 }) monitorMonths!: number;
}

export class UsageStatementDto {
  @ApiProperty({ example: 'acme' }) clientId!: string;
  @ApiProperty({ example: '2026-01-01', format: 'date' }) from!: string;
  @ApiProperty({ example: '2026-12-31', format: 'date' }) to!: string;
  @ApiProperty({ enum: USAGE_GROUPINGS, example: 'month' }) groupBy!: string;

  @ApiProperty({
    description: 'One row for every period of the range, in order; periods without charges show zeros',
  })
  rows!: UsageRowDto[];

  @ApiProperty() totals!: UsageTotalsDto;
}
