import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiBody,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
} from '@nestjs/swagger';
import { Audited, byAnswer, byParam } from '../audit/audited';
import { AuthUser, CurrentUser } from '../auth/auth-user';
import { MinimumRole } from '../auth/roles.guard';
import { AnswersWithHeaders, HttpAnswer } from '../common/http-answer';
import { ApiErrors } from '../docs/api-errors.decorator';
import { ApiTag } from '../docs/tags';
import {
  CreatePrivacyRequestDto,
  PrivacyExportDto,
  PrivacyRequestDto,
  PrivacyRequestPageDto,
  PrivacyRequestsQueryDto,
  ResolvePrivacyRequestDto,
} from './dto/privacy-requests.dto';
import { ExportPrivacyRequestUseCase } from './export-privacy-request.use-case';
import {
  CREATE_PRIVACY_REQUEST_EXAMPLES,
  PRIVACY_REQUEST_400,
  RESOLVE_PRIVACY_REQUEST_EXAMPLES,
} from './privacy-requests.examples';
import { PrivacyRequestsUseCase } from './privacy-requests.use-case';

const PRIVACY_REQUEST_ID = {
  name: 'id',
  format: 'uuid',
  description: 'The `id` of the privacy request (from `POST /privacy-requests` or `GET /privacy-requests`)',
};
const NOT_FOUND = {
  status: 404,
  description: 'No privacy request of a client you administer has this id',
  example: { code: 404, message: 'Privacy request not found.' },
};

/**
 * ARCO requests (docs/privacy.md, "ARCO requests"): a person's requests for access to, rectification
 * or cancellation of their data, or opposition to its processing, recorded and answered by the
 * client's admins within 20 business days.
 */
@ApiTag('Privacy')
@ApiBearerAuth('bearer')
@Controller('privacy-requests')
export class PrivacyRequestsController {
  constructor(
    private readonly privacyRequests: PrivacyRequestsUseCase,
    private readonly exports: ExportPrivacyRequestUseCase,
  ) {}

  @MinimumRole('admin')
  @Audited('privacy_request', byAnswer((a) => a.id))
  @Post()
  @HttpCode(201)
  @ApiOperation({
    operationId: 'createPrivacyRequest',
    summary: 'Record an ARCO request a person made',
    description:
      'Records a request for access, rectification, cancellation or opposition as received (`receivedAt`, not after today) and answers its due date, ' +
      '20 business days later (Monday to Friday, the mandatory rest days of the Ley Federal del Trabajo excepted), and `matches`: your data about the person. ' +
      'An `rfc` or a `curp` decides who they are (a candidate matches when either equals theirs); without one, the full name (case, accents and spacing aside) and the birth date must both be equal. ' +
      'A legal-records search matches when its name, lastName and secondLastName are theirs; a monitor when it watches a matched request. ' +
      'Emits `privacy_request.received`, and `privacy_request.due_soon` 5 business days before the due date if it is still open.',
  })
  @ApiBody({ type: CreatePrivacyRequestDto, examples: CREATE_PRIVACY_REQUEST_EXAMPLES })
  @ApiCreatedResponse({
    description: 'Recorded, open, with its due date and matches',
    type: PrivacyRequestDto,
  })
  @ApiErrors(PRIVACY_REQUEST_400, 401, 403, 413, { body: 'json', names: true })
  create(@CurrentUser() user: AuthUser, @Body() body: CreatePrivacyRequestDto): Promise<PrivacyRequestDto> {
    return this.privacyRequests.create(user, body);
  }

  @MinimumRole('admin')
  @Audited('privacy_request')
  @Get()
  @ApiOperation({
    operationId: 'listPrivacyRequests',
    summary: "List the client's ARCO requests",
    description: 'Newest first, paged; `status=open` lists those still to be answered.',
  })
  @ApiOkResponse({ description: 'One page of ARCO requests', type: PrivacyRequestPageDto })
  @ApiErrors(400, 401, 403)
  list(
    @CurrentUser() user: AuthUser,
    @Query() query: PrivacyRequestsQueryDto,
  ): Promise<PrivacyRequestPageDto> {
    return this.privacyRequests.list(user, query);
  }

  @MinimumRole('admin')
  @Audited('privacy_request', byParam('id'))
  @Get(':id')
  @ApiOperation({
    operationId: 'getPrivacyRequest',
    summary: 'One ARCO request',
    description: 'The request as recorded, with its decision once resolved.',
  })
  @ApiParam(PRIVACY_REQUEST_ID)
  @ApiOkResponse({ description: 'The ARCO request', type: PrivacyRequestDto })
  @ApiErrors(401, 403, NOT_FOUND)
  get(@CurrentUser() user: AuthUser, @Param('id') id: string): Promise<PrivacyRequestDto> {
    return this.privacyRequests.get(user, id);
  }

  @MinimumRole('admin')
  @Audited('privacy_request', byParam('id'))
  @Post(':id/resolve')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'resolvePrivacyRequest',
    summary: 'Answer an ARCO request',
    description:
      'Records the decision (final: a second one answers 409) and applies a granted one to your data about the person as found now (`matches` is found again): ' +
      '`access`: `GET /privacy-requests/{id}/export` gives everything you hold about them. ' +
      '`rectification`: `changes` corrects the candidates of the matched requests, and their finished list processes and `BGC Legal` run again (`process.started`, `process.finished`... as usual). ' +
      '`cancellation`: the matched requests and searches are blocked at once (their reads answer 410, their monitors stop) and erased when the blocking period ends. ' +
      '`opposition`: the monitors of the matched requests stop, and `POST /monitors` on a request about the person answers 409. ' +
      'Emits `privacy_request.resolved`.',
  })
  @ApiParam(PRIVACY_REQUEST_ID)
  @ApiBody({ type: ResolvePrivacyRequestDto, examples: RESOLVE_PRIVACY_REQUEST_EXAMPLES })
  @ApiOkResponse({ description: 'The request, resolved', type: PrivacyRequestDto })
  @ApiErrors(
    400,
    401,
    403,
    NOT_FOUND,
    {
      status: 409,
      description: 'The request was resolved already',
      example: {
        code: 409,
        message: 'This privacy request was resolved already (granted); a decision is final.',
      },
    },
    413,
    { body: 'json', names: true },
  )
  resolve(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Body() body: ResolvePrivacyRequestDto,
  ): Promise<PrivacyRequestDto> {
    return this.privacyRequests.resolve(user, id, body);
  }

  @MinimumRole('admin')
  @Audited('privacy_request', byParam('id'))
  @Get(':id/export')
  @ApiOperation({
    operationId: 'exportPrivacyRequest',
    summary: 'Everything you hold about the person of a granted access request',
    description:
      'A JSON download of the data the decision found, as it is now: the candidate requests (every stored field of the candidate, the consent, each process with its result and summary), ' +
      'the legal-records searches of their name (every stored match and the records read), the monitors of those requests and their alerts, ' +
      'and the audit events of who read or changed any of it.',
  })
  @ApiParam(PRIVACY_REQUEST_ID)
  @ApiOkResponse({
    description: 'The export, as a download (`Content-Disposition: attachment`)',
    type: PrivacyExportDto,
    headers: {
      'Content-Disposition': {
        description: 'attachment, named after the request',
        schema: {
          type: 'string',
          example: 'attachment; filename="privacy-request-9c2e4a6b-8d0f-4e1a-b3c5-d7e9f1a3b5c7.json"',
        },
      },
    },
  })
  @ApiErrors(401, 403, NOT_FOUND, {
    status: 409,
    description: 'Not an access request, or not granted (still open, or denied)',
    example: {
      code: 409,
      message: 'This access request is still open: resolve it (granted) before exporting.',
    },
  })
  @AnswersWithHeaders()
  async export(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
  ): Promise<HttpAnswer<PrivacyExportDto>> {
    const exported = await this.exports.execute(user, id);
    return new HttpAnswer(exported, {
      'Content-Disposition': `attachment; filename="privacy-request-${exported.privacyRequest.id}.json"`,
      'Cache-Control': 'no-store',
    });
  }
}
