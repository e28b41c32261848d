import { Body, Controller, Get, Headers, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBearerAuth,
  ApiBody,
  ApiExtraModels,
  ApiHeader,
  ApiResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiConsumes,
} from '@nestjs/swagger';
import { ApiTag } from '../docs/tags';
import { AuthUser, CurrentUser } from '../auth/auth-user';
import { EMPTY_DATA_SCHEMA, EnvelopeOf } from '../common/envelope';
import { AnswersWithHeaders, HttpAnswer } from '../common/http-answer';
import { validateIdempotencyKey } from '../common/idempotency';
import { BATCH_BODY_LIMIT_BYTES, bodyLimitInWords } from '../common/body-limits';
import { ApiBodyLimit, ApiErrors } from '../docs/api-errors.decorator';
import { ApiCsvBody } from '../docs/swagger';
import { CandidateInputDto } from './dto/candidate-input.dto';
import {
  CandidateInputAcceptedDto,
  ListRequestsQueryDto,
  ProcessDetailDto,
  ProcessDetailQueryDto,
  ProcessNotFinishedDto,
  RequestOverviewDto,
  RequestSummaryDto,
} from './dto/overview.dto';
import { RegisterCandidateDto, RegistrationAcceptedDto } from './dto/register-candidate.dto';
import { SUMMARY_MODELS } from './dto/summaries.dto';
import {
  CANDIDATE_INPUT_EXAMPLES,
  OVERVIEW_EXAMPLES,
  PROCESS_DETAIL_EXAMPLES,
  REGISTRATION_EXAMPLES,
  BATCH_CSV_EXAMPLE,
  BATCH_EXAMPLES,
} from './screening.examples';
import { ReadRequestsUseCase } from './read-requests.use-case';
import { RegisterCandidateUseCase } from './register-candidate.use-case';
import { SubmitCandidateInputUseCase } from './submit-candidate-input.use-case';
import { BatchInput, RegisterBatchUseCase } from './register-batch.use-case';
import {
  BatchAcceptedDto,
  BatchItemAcceptedDto,
  BatchItemRejectedDto,
  BatchQueryDto,
  BatchRegistrationDto,
} from './dto/batch.dto';
import { AcceptsCsv } from '../common/json-body';
import {
  batchAnswer,
  candidateInputAnswer,
  overviewAnswer,
  processDetailAnswer,
  registrationAnswer,
  requestListAnswer,
} from './screening.answers';
import { MinimumRole } from '../auth/roles.guard';
import { Audited, byParam, byAnswer } from '../audit/audited';
import { BLOCKED_REQUEST_410 } from '../docs/retention-errors';

/** The kept quirk of docs/behaviour.md: HTTP 200, `statusCode: 404`, `data: {}`. */
const BODY_LEVEL_NOT_FOUND = {
  statusCode: 404,
  when: 'for an unknown request (or one of another client), with `data: {}`',
  data: EMPTY_DATA_SCHEMA,
};

const REQUEST_UUID = { name: 'uuid', format: 'uuid', description: 'The uuid returned at registration' };
const PROCESS_ID = {
  name: 'processId',
  format: 'uuid',
  description: 'The `id` of a process entry of the overview',
};

/** The polled reads' validator (docs/integrators.md, "Polling"). */
const ETAG_HEADER = {
  ETag: {
    description:
      'A weak validator of this body: send it back in `If-None-Match` to get 304 while nothing changed',
    schema: { type: 'string', example: 'W/"1Q2c3d4E5f6G7h8I9j0KlMnOpQr"' },
  },
};
const IF_NONE_MATCH = {
  name: 'If-None-Match',
  required: false,
  description: 'The `ETag` of the last answer: the same body answers 304 with no body',
};
const NOT_MODIFIED = {
  status: 304,
  description: 'Nothing changed since the answer whose `ETag` was sent in `If-None-Match`: no body',
};

const IDEMPOTENCY_HEADER = {
  name: 'Idempotency-Key',
  required: false,
  description:
    'Optional, 1..255 characters. A retry with the same key and body within 24 hours answers the first response again without registering anything; the same key with another body answers 422.',
  schema: { type: 'string', minLength: 1, maxLength: 255 },
};

@ApiTag('Candidate screening')
@ApiBearerAuth('bearer')
@ApiExtraModels(...SUMMARY_MODELS, BatchRegistrationDto)
@Controller('candidate-requests')
export class ScreeningController {
  constructor(
    private readonly register: RegisterCandidateUseCase,
    private readonly reads: ReadRequestsUseCase,
    private readonly candidateInput: SubmitCandidateInputUseCase,
    private readonly batch: RegisterBatchUseCase,
  ) {}

  @MinimumRole('analyst')
  @Audited('candidate_request', byAnswer((a) => a.uuid))
  @Post()
  @HttpCode(202)
  @AnswersWithHeaders()
  @ApiOperation({
    operationId: 'createCandidateRequest',
    summary: 'Register a candidate',
    description:
      "Validates the candidate against the registration rules (a 400 lists every violated rule), registers the request under the package's client and starts every process of the package asynchronously. Poll the `Location`.",
  })
  @ApiHeader(IDEMPOTENCY_HEADER)
  @ApiBody({ type: RegisterCandidateDto, examples: REGISTRATION_EXAMPLES })
  @ApiAcceptedResponse({
    description: 'Registered: its processes run in the background; poll the overview at `Location`',
    type: RegistrationAcceptedDto,
    headers: { Location: { description: 'Path of the request overview', schema: { type: 'string' } } },
  })
  @ApiErrors(400, 401, 413, 422, { body: 'json', names: true })
  async create(
    @CurrentUser() user: AuthUser,
    @Body() body: RegisterCandidateDto,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
  ): Promise<HttpAnswer<RegistrationAcceptedDto>> {
    const registered = await this.register.execute(user, body, validateIdempotencyKey(idempotencyKey));
    return HttpAnswer.of(registrationAnswer.answer(registered));
  }

  @MinimumRole('analyst')
  @Audited('candidate_request_batch', byAnswer((a) => a.batchId))
  @Post('batch')
  @HttpCode(202)
  @AnswersWithHeaders()
  @AcceptsCsv()
  @ApiOperation({
    operationId: 'createCandidateRequestBatch',
    summary: 'Register up to 1,000 candidates at once',
    description:
      'JSON `{ clientId?, items: [registration body, ...] }` or a `text/csv` body whose header row names registration fields ' +
      '(one registration per row; an empty cell is an absent field; `?clientId=` picks the client). Every item is checked exactly ' +
      'as `POST /candidate-requests` checks one. Valid items are registered and invalid ones reported with their errors; with ' +
      "`?atomic=true` one invalid item answers 400 with every item's errors and registers nothing. A malformed CSV answers 400 " +
      'naming the line, and the errors of a CSV item carry `line`, the line of the body where its record starts (the header ' +
      "is line 1). The CSV is read as the `charset` of Content-Type says; without one, as UTF-8 (Excel's byte-order mark " +
      "is dropped), as UTF-16 when it starts with a byte-order mark, and otherwise as Windows-1252, which Excel's plain " +
      '"CSV (Comma delimited)" writes. Bytes that are not characters of that encoding answer 400 saying how to save the sheet. ' +
      `Bodies up to ${bodyLimitInWords(BATCH_BODY_LIMIT_BYTES)}.`,
  })
  @ApiHeader(IDEMPOTENCY_HEADER)
  @ApiExtraModels(BatchItemAcceptedDto, BatchItemRejectedDto)
  @ApiConsumes('application/json', 'text/csv')
  @ApiBody({ type: BatchRegistrationDto, examples: BATCH_EXAMPLES })
  @ApiCsvBody(BATCH_CSV_EXAMPLE)
  @ApiAcceptedResponse({
    description:
      'The valid items are registered (their uuids) and the invalid ones reported (their errors), by 0-based index; follow the batch at `Location`',
    type: BatchAcceptedDto,
    headers: { Location: { description: 'Path of the batch', schema: { type: 'string' } } },
  })
  @ApiErrors(400, 401, 403, 415, 422, { body: 'json-or-csv', names: true })
  @ApiBodyLimit(BATCH_BODY_LIMIT_BYTES)
  async createBatch(
    @CurrentUser() user: AuthUser,
    @Body() body: unknown,
    @Query() query: BatchQueryDto,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
  ): Promise<HttpAnswer<BatchAcceptedDto>> {
    const batch = await this.batch.execute(
      user,
      { body: body as BatchInput['body'], atomic: query.atomic === 'true', clientId: query.clientId },
      validateIdempotencyKey(idempotencyKey),
    );
    return HttpAnswer.of(batchAnswer.answer(batch));
  }

  @MinimumRole('viewer')
  @Audited('candidate_request_list')
  @Get()
  @ApiOperation({
    operationId: 'listCandidateRequests',
    summary: "List the caller's candidate requests",
    description: 'Newest first, paginated; `status` filters on the overall status.',
  })
  @ApiOkResponse({
    description: 'One page of the requests, newest first, with `meta.pagination`',
    type: EnvelopeOf(RequestSummaryDto, { isArray: true }),
  })
  @ApiErrors(400, 401)
  async list(@CurrentUser() user: AuthUser, @Query() query: ListRequestsQueryDto) {
    return requestListAnswer(await this.reads.list(user, query), query);
  }

  @MinimumRole('viewer')
  @Audited('candidate_request', byParam('uuid'))
  @Get(':uuid')
  @ApiOperation({
    operationId: 'getCandidateRequest',
    summary: 'Overview of a candidate request (poll this)',
    description:
      'Overall status and result and one entry per process. An unknown uuid (or one of another client) answers **HTTP 200** with `statusCode: 404`, `isSuccess: true` and `data: {}`. ' +
      "A request blocked under the client's retention policy answers 410; once its personal data is erased (suppressed) it answers as an unknown one (`GET /settings/retention`).",
  })
  @ApiParam(REQUEST_UUID)
  @ApiOkResponse({
    description: 'The overview (`statusCode: 200`), or the body-level 404 with `data: {}`',
    type: EnvelopeOf(RequestOverviewDto, { bodyLevel: [BODY_LEVEL_NOT_FOUND] }),
    examples: OVERVIEW_EXAMPLES,
    headers: ETAG_HEADER,
  })
  @ApiHeader(IF_NONE_MATCH)
  @ApiResponse(NOT_MODIFIED)
  @ApiErrors(401, BLOCKED_REQUEST_410)
  async overview(@CurrentUser() user: AuthUser, @Param('uuid') uuid: string) {
    return overviewAnswer(await this.reads.overview(user, uuid));
  }

  @MinimumRole('viewer')
  @Audited('candidate_request', byParam('uuid'))
  @Get(':uuid/processes/:processId')
  @ApiOperation({
    operationId: 'getProcessDetail',
    summary: 'Detail of one finished process',
    description:
      'The executive summary of a `Finalizado` process; `detail=true` adds `rawDetails`. A process that has not finished answers `statusCode: 409` in the body with its id, name, status and result. Unknown request or process: HTTP 200 with `statusCode: 404`.',
  })
  @ApiParam(REQUEST_UUID)
  @ApiParam(PROCESS_ID)
  @ApiOkResponse({
    description:
      'The detail of a finished process (`statusCode: 200`), the four fields of one that has not finished (`statusCode: 409`), or the body-level 404 with `data: {}`',
    type: EnvelopeOf(ProcessDetailDto, {
      bodyLevel: [
        {
          statusCode: 404,
          when: 'for an unknown request or process (or one of another client), with `data: {}`',
          data: EMPTY_DATA_SCHEMA,
        },
        {
          statusCode: 409,
          when: 'for a process that has not finished, with `data` holding its id, processName, status and result',
          data: ProcessNotFinishedDto,
        },
      ],
    }),
    examples: PROCESS_DETAIL_EXAMPLES,
    headers: ETAG_HEADER,
  })
  @ApiHeader(IF_NONE_MATCH)
  @ApiResponse(NOT_MODIFIED)
  @ApiErrors(400, 401, BLOCKED_REQUEST_410)
  async processDetail(
    @CurrentUser() user: AuthUser,
    @Param('uuid') uuid: string,
    @Param('processId') processId: string,
    @Query() query: ProcessDetailQueryDto,
  ) {
    return processDetailAnswer(
      await this.reads.processDetail(user, uuid, processId, query.detail === 'true'),
    );
  }

  @MinimumRole('analyst')
  @Audited('candidate_request', byParam('uuid'))
  @Post(':uuid/processes/:processId/candidate-input')
  @HttpCode(202)
  @ApiOperation({
    operationId: 'submitCandidateInput',
    summary: 'Supply what the candidate provides',
    description:
      'Documentos takes `documents[]`; Referencias Personales at least 2 `references[]` of { name, phone, relationship }; Referencias Laborales at least 1 of { company, contactName, phone, position, startDate, endDate }. Accepted only while the process is `Pendiente Candidato` (409 otherwise); the process then runs.',
  })
  @ApiParam(REQUEST_UUID)
  @ApiParam(PROCESS_ID)
  @ApiBody({ type: CandidateInputDto, examples: CANDIDATE_INPUT_EXAMPLES })
  @ApiAcceptedResponse({
    description: 'Accepted: the process runs again with what the candidate provided',
    type: EnvelopeOf(CandidateInputAcceptedDto),
  })
  @ApiErrors(400, 401, 404, 409, BLOCKED_REQUEST_410, 413, { body: 'json', names: true })
  async submitCandidateInput(
    @CurrentUser() user: AuthUser,
    @Param('uuid') uuid: string,
    @Param('processId') processId: string,
    @Body() body: CandidateInputDto,
  ) {
    return candidateInputAnswer(await this.candidateInput.execute(user, uuid, processId, body));
  }
}
