import { ApiProperty, PickType } from '@nestjs/swagger';

import { SearchQueryDto } from './search.dto';
import {
  EARLIEST_QUERY_DATE,
  LATEST_QUERY_DATE,
  SEARCH_OUTCOMES,
  searchListQueryShapeViolations,
} from '@app/domain';
import { OptionalString } from '../../common/optional-string';
import { CheckedBy } from '../../common/validation';
import { SERVICE_TIME_ZONE } from '../../docs/wording';

const DATE_RULE = `a calendar date YYYY-MM-DD from ${EARLIEST_QUERY_DATE} to ${LATEST_QUERY_DATE} in ${SERVICE_TIME_ZONE}, included`;

/** `GET /risks/legal-records/searches` query (all strings; checked by the domain, every problem listed). */
@CheckedBy(searchListQueryShapeViolations)
export class SearchListQueryDto extends PickType(SearchQueryDto, ['limit', 'page', 'clientId'] as const) {
  @OptionalString({
    description:
      'Keeps searches whose name, lastName or secondLastName contains this text, ignoring case, accents and spacing (1..100 characters)',
    example: 'hernandez',
  })
  name?: string;

  @OptionalString({
    description: `Searches created on or after this day: ${DATE_RULE}`,
    example: '2026-01-01',
  })
  from?: string;

  @OptionalString({
    description: `Searches created on or before this day: ${DATE_RULE}`,
    example: '2026-12-31',
  })
  to?: string;
}

export class SearchListItemDto {
  @ApiProperty({ format: 'uuid', description: 'Key for the other search endpoints' })
  searchId!: string;

  @ApiProperty({ example: 'Juan', description: 'Given name(s) as searched' })
  name!: string;

  @ApiProperty({ example: 'Hernández', description: 'null when not searched' })
  lastName!: string | null;

  @ApiProperty({ example: null, description: 'null when not searched' })
  secondLastName!: string | null;

  @ApiProperty({ enum: [...SEARCH_OUTCOMES], example: 'SUCCESS' })
  outcome!: string;

  @ApiProperty({
    example: 512,
    description: 'The full universe of matches when the search ran (kpis.total_matches)',
  })
  totalMatches!: number;

  @ApiProperty({
    format: 'date-time',
    example: '2026-05-17T20:03:09.000Z',
    description: 'When the search was created: an ISO 8601 string in UTC',
  })
  createdAt!: string;

  @ApiProperty({
    format: 'date-time',
    example: '2026-06-16T20:03:09.000Z',
    description:
      'ISO 8601 string in UTC: until then the search can be paged and its records opened; it stays in this list afterwards (reading it then answers 410)',
  })
  recoverableUntil!: string;
}

export class SearchListDto {
  @ApiProperty({ description: 'Newest first' })
  data!: SearchListItemDto[];

  @ApiProperty({ type: 'integer', example: 1 })
  page!: number;

  @ApiProperty({ type: 'integer', example: 100 })
  limit!: number;

  @ApiProperty({
    type: 'integer',
    example: 42,
    description: 'Searches matching the filters, all pages together',
  })
  total!: number;
}
