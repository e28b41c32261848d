import { Body, Controller, Get, Headers, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiHeader, ApiOkResponse, ApiOperation, ApiParam } from '@nestjs/swagger';
import { ApiTag } from '../docs/tags';
import { AuthUser, CurrentUser } from '../auth/auth-user';
import { envelope, EnvelopeOf } from '../common/envelope';
import { validateIdempotencyKey } from '../common/idempotency';
import { ApiErrors } from '../docs/api-errors.decorator';
import { SERVICE_TIME_ZONE } from '../docs/wording';
import { CreateSearchUseCase } from './create-search.use-case';
import { searchAnswer } from './legal-records.answers';
import { RecordDetailDataDto, SearchDataDto } from './dto/search-result.dto';
import { SearchListDto, SearchListQueryDto } from './dto/search-list.dto';
import { CreateSearchDto, RecordDetailQueryDto, SearchQueryDto } from './dto/search.dto';
import { ListSearchesUseCase } from './list-searches.use-case';
import { ReadSearchUseCase } from './read-search.use-case';
import { MinimumRole } from '../auth/roles.guard';
import { Audited, byParam, byAnswer } from '../audit/audited';
import { SEARCH_GONE_410 } from '../docs/retention-errors';

const SEARCH_ID = { name: 'searchId', format: 'uuid', description: 'The `searchId` the search answered' };

@ApiTag('Legal records')
@ApiBearerAuth('bearer')
@Controller('risks/legal-records/searches')
export class LegalRecordsController {
  constructor(
    private readonly create: CreateSearchUseCase,
    private readonly reads: ReadSearchUseCase,
    private readonly list: ListSearchesUseCase,
  ) {}

  @MinimumRole('analyst')
  @Audited('legal_search', byAnswer((a) => (a.data as { searchId?: string } | undefined)?.searchId))
  @Post()
  @HttpCode(200)
  @ApiOperation({
    operationId: 'createLegalSearch',
    summary: 'Search legal records by name',
    description:
      'Billable (`meta.charged: true`). `name` plus at least one surname; omit an absent surname (empty strings are refused). ' +
      'Computes the whole universe of matches (`kpis`, `cap.total_records_in_source`) and stores at most 300 (`cap.truncated` says the cap cut them) for 30 days (`recoverable_until`). ' +
      'A source failure or timeout answers `outcome: FAILED`; like every creation it is billed (`charged` is always true here).',
  })
  @ApiHeader({
    name: 'Idempotency-Key',
    required: false,
    description:
      'Optional, 1..255 characters: a retried creation with the same key and body within 24 hours answers the same search and is charged once.',
    schema: { type: 'string', minLength: 1, maxLength: 255 },
  })
  @ApiBody({
    type: CreateSearchDto,
    examples: {
      capped: { summary: 'More than 300 matches (capped)', value: { name: 'Juan', lastName: 'Hernández' } },
      threeNames: {
        summary: 'Name and both surnames',
        value: { name: 'María', lastName: 'García', secondLastName: 'López' },
      },
    },
  })
  @ApiOkResponse({
    description: 'The search (billed): its KPIs and the first page of its stored matches',
    type: EnvelopeOf(SearchDataDto, { name: 'LegalSearchEnvelope' }),
  })
  @ApiErrors(400, 401, 403, 413, 422, { body: 'json', names: true })
  async createSearch(
    @CurrentUser() user: AuthUser,
    @Body() body: CreateSearchDto,
    @Query() query: SearchQueryDto,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
  ) {
    const search = await this.create.execute(user, body, query, validateIdempotencyKey(idempotencyKey));
    return searchAnswer.answer(search).body;
  }

  @MinimumRole('viewer')
  @Audited('legal_search_list')
  @Get()
  @ApiOperation({
    operationId: 'listLegalSearches',
    summary: "List the client's searches (free)",
    description:
      'The searches of one of your clients, newest first: `clientId` is required when your account has several clients (400) and must be one of them (403). ' +
      '`name` keeps searches whose name, lastName or secondLastName contains it, ignoring case and accents (`hernandez` finds "Hernández"); ' +
      `\`from\` / \`to\` are calendar days in ${SERVICE_TIME_ZONE}, both included, from 2000-01-01 to 9999-12-31 (400 outside). A 400 lists every invalid parameter. ` +
      'Searches past `recoverableUntil` stay listed (reading one then answers 410).',
  })
  @ApiOkResponse({ description: 'One page of your searches, newest first', type: SearchListDto })
  @ApiErrors(
    {
      status: 400,
      example: {
        code: 400,
        message: 'The request has 1 invalid field.',
        errors: [
          { field: 'from', message: 'from must be a date from 2000-01-01 to 9999-12-31, got 1970-01-01.' },
        ],
      },
    },
    401,
    403,
  )
  listLegalSearches(
    @CurrentUser() user: AuthUser,
    @Query() query: SearchListQueryDto,
  ): Promise<SearchListDto> {
    return this.list.execute(user, query);
  }

  @MinimumRole('viewer')
  @Audited('legal_search', byParam('searchId'))
  @Get(':searchId')
  @ApiOperation({
    operationId: 'getLegalSearch',
    summary: 'Page through or filter a stored search (free)',
    description:
      'Re-reads the stored matches: `categories` / `states` keep persons having any of the listed values and recompute `meta.pagination`; `kpis` stay as created; `charged` is false. Reset `page` to 1 when a filter changes; a page past the last answers empty `records`.',
  })
  @ApiParam(SEARCH_ID)
  @ApiOkResponse({
    description: 'The search as created, with the requested page of its (filtered) matches; not billed',
    type: EnvelopeOf(SearchDataDto, { name: 'LegalSearchEnvelope' }),
  })
  @ApiErrors(400, 401, 403, 404, SEARCH_GONE_410)
  async getSearch(
    @CurrentUser() user: AuthUser,
    @Param('searchId') searchId: string,
    @Query() query: SearchQueryDto,
  ) {
    return envelope(await this.reads.page(user, searchId, query));
  }

  @MinimumRole('viewer')
  @Audited('legal_record', byParam('uuid'))
  @Get(':searchId/records/:uuid')
  @ApiOperation({
    operationId: 'getLegalRecord',
    summary: 'Case-level detail of one matched person',
    description:
      'The first successful reading of a uuid in a search unlocks it and is charged (`consumption.charged: true`); later readings and refinements are free. Filters: categories, states, startDate/endDate (YYYY-MM-DD) and role (Applicant | Defendant).',
  })
  @ApiParam(SEARCH_ID)
  @ApiParam({ name: 'uuid', format: 'uuid', description: 'A `records[].uuid` of the search' })
  @ApiOkResponse({
    description: "The person's lawsuits (one page), and whether this reading was billed",
    type: EnvelopeOf(RecordDetailDataDto, { name: 'LegalRecordEnvelope' }),
  })
  @ApiErrors(
    400,
    401,
    404,
    SEARCH_GONE_410,
    {
      status: 403,
      description:
        'The clientId is not one of yours, or a viewer asked for a record not unlocked yet (its first reading is charged: that needs the analyst role)',
      example: {
        code: 403,
        message: 'This operation needs the analyst role or admin (your role is viewer).',
      },
    },
    {
      status: 503,
      description:
        'The legal-records source did not answer in time, or PostgreSQL or Redis cannot be reached: nothing was charged; try again after `Retry-After` seconds',
      example: {
        code: 503,
        message: 'The legal-records source did not answer in time; nothing was charged. Try again.',
      },
    },
  )
  async getRecord(
    @CurrentUser() user: AuthUser,
    @Param('searchId') searchId: string,
    @Param('uuid') uuid: string,
    @Query() query: RecordDetailQueryDto,
  ) {
    return envelope(await this.reads.record(user, searchId, uuid, query));
  }
}
