import { Controller, Get, Headers, Query } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiExtraModels,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  getSchemaPath,
} from '@nestjs/swagger';
import { ApiTag } from '../docs/tags';
import { usageCsv, usageCsvFileName } from '@app/domain';
import { AuthUser, CurrentUser } from '../auth/auth-user';
import { prefersCsv } from '../common/accept';
import { AnswersWithHeaders, HttpAnswer } from '../common/http-answer';
import { ApiErrors } from '../docs/api-errors.decorator';
import { GetUsageUseCase } from './get-usage.use-case';
import { UsageQueryDto, UsageStatementDto } from './usage.dto';
import { SERVICE_TIME_ZONE } from '../docs/wording';
import { MinimumRole } from '../auth/roles.guard';

@ApiTag('Usage')
@ApiBearerAuth('bearer')
@ApiExtraModels(UsageStatementDto)
@Controller('usage')
export class UsageController {
  constructor(private readonly usage: GetUsageUseCase) {}

  @MinimumRole('viewer')
  @Get()
  @AnswersWithHeaders()
  @ApiOperation({
    operationId: 'getUsage',
    summary: 'Usage statement: billed searches, record unlocks, watch-list screenings and monitor months',
    description:
      'Counted from the billing ledger alone, so it always equals what was charged. Periods are calendar days or months in ' +
      `${SERVICE_TIME_ZONE}; every period of the range has a row, zeros included. ` +
      'Without `from` and `to`, the current month. Dates run from 2000-01-01 to 9999-12-31; a statement by day covers ' +
      'at most 366 days and one by month at most 120 months (10 years): a longer range answers 400 and names `to`. ' +
      '`clientId` is required when your account has several clients (400) ' +
      'and must be one of them (403). With `Accept: text/csv` the same rows come as CSV with the header ' +
      '`period,searches,recordUnlocks,watchListScreenings,monitorMonths` (no totals line), as a download named `usage-<clientId>-<from>-<to>.csv`.',
  })
  @ApiProduces('application/json', 'text/csv')
  @ApiOkResponse({
    description: 'The statement (JSON), or its rows as CSV when `Accept` prefers `text/csv`',
    content: {
      'application/json': { schema: { $ref: getSchemaPath(UsageStatementDto) } },
      'text/csv': {
        schema: { type: 'string' },
        example:
          'period,searches,recordUnlocks,watchListScreenings,monitorMonths\r\n2026-05,12,30,4,3\r\n2026-06,0,0,0,0\r\n',
      },
    },
    headers: {
      'Content-Disposition': {
        description:
          'CSV only: `attachment; filename="usage-<clientId>-<from>-<to>.csv"` (characters other than letters, digits, `.`, `_` and `-` in the client id become `_`)',
        schema: { type: 'string', example: 'attachment; filename="usage-acme-2026-01-01-2026-12-31.csv"' },
      },
      Vary: { description: 'Always `Accept`: the same URL answers JSON or CSV', schema: { type: 'string' } },
    },
  })
  @ApiErrors(
    {
      status: 400,
      description:
        'Invalid dates or grouping, or a range longer than the grouping allows: `errors` lists every problem',
      example: {
        code: 400,
        message: 'The request has 1 invalid field.',
        errors: [
          {
            field: 'to',
            message: 'A statement by day covers at most 366 days: use groupBy=month for longer ranges.',
          },
        ],
      },
    },
    401,
    403,
  )
  async getUsage(
    @CurrentUser() user: AuthUser,
    @Query() query: UsageQueryDto,
    @Headers('accept') accept: string | undefined,
  ): Promise<HttpAnswer<UsageStatementDto | string>> {
    const statement = await this.usage.execute(user, query);
    // The same URL answers two representations: caches must key on Accept.
    if (!prefersCsv(accept)) return new HttpAnswer(statement, { Vary: 'Accept' });
    return new HttpAnswer(usageCsv(statement.rows), {
      Vary: 'Accept',
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${usageCsvFileName(statement.clientId, statement)}"`,
    });
  }
}
