import { applyDecorators, Type as ClassType } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { Allow } from 'class-validator';
import { LIST_PAGE_SIZE, MAX_PAGE, PageSize, Pagination, pageQueryViolations } from '@app/domain';
import { CheckedBy } from './validation';

/**
 * The `page` query parameter of every paged endpoint: documented as the integer the domain accepts
 * (a search's page arrives as a query string and is checked as one, but must spell this integer).
 * Declared only: the endpoint's `@CheckedBy` function or use case validates it.
 */
export const PageParam = (): PropertyDecorator =>
  applyDecorators(
    ApiPropertyOptional({
      type: 'integer',
      minimum: 1,
      maximum: MAX_PAGE,
      default: 1,
      description: 'Page number, from 1; a page past the last answers an empty page',
    }),
    Allow(),
  );

/** The `limit` query parameter of an endpoint paged by `size`, documented with the bounds it enforces. */
export const LimitParam = (size: PageSize, items: string): PropertyDecorator =>
  applyDecorators(
    ApiPropertyOptional({
      type: 'integer',
      minimum: 1,
      maximum: size.max,
      default: size.default,
      description: `${items} per page, 1..${size.max}`,
    }),
    Allow(),
  );

/** `page` and `limit` of the list endpoints (query strings converted to numbers, checked by the domain). */
@CheckedBy(pageQueryViolations)
export class PageQueryDto {
  @PageParam()
  @Type(() => Number)
  page: number = 1;

  @LimitParam(LIST_PAGE_SIZE, 'Items')
  @Type(() => Number)
  limit: number = LIST_PAGE_SIZE.default;
}

export class PaginationDto implements Pagination {
  @ApiProperty({ type: 'integer', example: 1 })
  current_page!: number;

  @ApiProperty({ type: 'integer', example: 20 })
  limit!: number;

  @ApiProperty({ type: 'integer', example: 42 })
  total_records_found!: number;

  @ApiProperty({ type: 'integer', example: 3 })
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

    @ApiProperty({ type: 'integer', example: 1 }) page!: number;
    @ApiProperty({ type: 'integer', example: 20 }) limit!: number;
    @ApiProperty({ type: 'integer', example: totalExample }) total!: number;
  }
  return CountedPage;
}
