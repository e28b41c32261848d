import { Type as ClassType } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { Allow } from 'class-validator';
import { MAX_PAGE, MAX_PAGE_LIMIT, Pagination, pageQueryViolations } from '@app/domain';
import { CheckedBy } from './validation';

/** `page` and `limit` of the list endpoints (query strings converted to numbers, checked by the domain). */
@CheckedBy(pageQueryViolations)
export class PageQueryDto {
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: MAX_PAGE, default: 1 })
  @Allow()
  @Type(() => Number)
  page: number = 1;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: MAX_PAGE_LIMIT, default: 20 })
  @Allow()
  @Type(() => Number)
  limit: number = 20;
}

export class PaginationDto implements Pagination {
  @ApiProperty({ example: 1 })
  current_page!: number;

  @ApiProperty({ example: 20 })
  limit!: number;

  @ApiProperty({ example: 42 })
  total_records_found!: number;

  @ApiProperty({ example: 3 })
  total_pages!: number;

  @ApiProperty({ example: true })
  has_next!: boolean;

  @ApiProperty({ example: false })
  has_previous!: boolean;
}

/**
 * A `{ data, page, limit, total }` page of `item` (the webhook lists): `order` describes `data`,
 * `totalExample` is the example total.
 */
export function CountedPageDto<T>(item: ClassType<T>, order: string, totalExample: number) {
  class CountedPage {
    @ApiProperty({ type: [item], description: order })
    data!: T[];

    @ApiProperty({ example: 1 }) page!: number;
    @ApiProperty({ example: 20 }) limit!: number;
    @ApiProperty({ example: totalExample }) total!: number;
  }
  return CountedPage;
}
