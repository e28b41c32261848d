import { ApiProperty } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { recordQueryShapeViolations, SEARCH_PAGE_SIZE, searchQueryShapeViolations } from '@app/domain';
import { LimitParam, PageParam } from '../../common/pagination';
import { withNameRule } from '../../docs/text-rules';
import { CheckedBy } from '../../common/validation';
import { OptionalString } from '../../common/optional-string';

/**
 * docs/behaviour.md body. `@Allow` only whitelists the fields: type, emptiness, length and combinations are
 * all domain rules (validateSearchQuery), so one 400 lists every violation, `{}` included.
 */
export class CreateSearchDto {
  @ApiProperty({ example: 'Juan', description: withNameRule('Given name(s); required'), maxLength: 100 })
  @Allow()
  name!: string;

  @ApiProperty({
    example: 'Hernández',
    description: withNameRule('Paternal surname; omit it when absent (never send an empty string)'),
    maxLength: 100,
  })
  @Allow()
  lastName?: string;

  @ApiProperty({
    example: 'López',
    description: withNameRule('Maternal surname; omit it when absent (never send an empty string)'),
    maxLength: 100,
  })
  @Allow()
  secondLastName?: string;
}

/** Query of docs/behaviour.md / 4.6 (all strings as they arrive; checked by the domain). */
@CheckedBy(searchQueryShapeViolations)
export class SearchQueryDto {
  @LimitParam(SEARCH_PAGE_SIZE, 'Records')
  limit?: string;

  @PageParam()
  page?: string;

  @OptionalString({
    description: 'Comma-separated categories (any of them)',
    example: 'Civil,Mercantil',
  })
  categories?: string;

  @OptionalString({
    description: 'Comma-separated states (any of them)',
    example: 'Jalisco,Ciudad de México',
  })
  states?: string;

  @OptionalString({
    description: 'Client to act for: required when the account has several clients; at most 64 characters',
    example: 'acme',
  })
  clientId?: string;
}

@CheckedBy(recordQueryShapeViolations)
export class RecordDetailQueryDto extends SearchQueryDto {
  @OptionalString({ description: 'From agreement date, YYYY-MM-DD', example: '2015-01-01' })
  startDate?: string;

  @OptionalString({ description: 'To agreement date, YYYY-MM-DD', example: '2026-12-31' })
  endDate?: string;

  @OptionalString({ enum: ['Applicant', 'Defendant'], description: 'Procedural role of the person' })
  role?: string;
}
