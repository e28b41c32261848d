import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { Audited, byAnswer } from '../audit/audited';
import { AuthUser, CurrentUser } from '../auth/auth-user';
import { MinimumRole } from '../auth/roles.guard';
import { ApiErrors } from '../docs/api-errors.decorator';
import { ApiTag } from '../docs/tags';
import {
  CreatePrivacyNoticeDto,
  PrivacyNoticeDto,
  PrivacyNoticeListDto,
  PrivacyNoticeQueryDto,
} from './dto/privacy-notice.dto';
import { PrivacyNoticesUseCase } from './privacy-notices.use-case';

/** A client's privacy notices (docs/privacy.md, "Consent"). */
@ApiTag('Privacy')
@ApiBearerAuth('bearer')
@Controller('privacy-notices')
export class PrivacyNoticesController {
  constructor(private readonly notices: PrivacyNoticesUseCase) {}

  @MinimumRole('admin')
  @Audited('privacy_notice', byAnswer((a) => a.id))
  @Post()
  @HttpCode(201)
  @ApiOperation({
    operationId: 'createPrivacyNotice',
    summary: 'Publish a privacy notice',
    description:
      'The aviso de privacidad the client gives its candidates. The newest notice is the current one: a registration without `consent` records tacit consent to it. A version the client has already: 409.',
  })
  @ApiBody({
    type: CreatePrivacyNoticeDto,
    examples: {
      notice: {
        summary: 'A new version of the notice',
        value: {
          version: '2026-07',
          url: 'https://acme.example.com/aviso-de-privacidad-2026-07',
          purposes: [
            { name: 'Evaluar la idoneidad del candidato para el puesto', kind: 'necessary' },
            { name: 'Enviar ofertas de otras vacantes', kind: 'voluntary' },
          ],
        },
      },
    },
  })
  @ApiCreatedResponse({ description: 'Published: the current notice from now on', type: PrivacyNoticeDto })
  @ApiErrors(400, 401, 403, { status: 409, description: 'The client has a notice of this version already' })
  publish(@CurrentUser() user: AuthUser, @Body() body: CreatePrivacyNoticeDto): Promise<PrivacyNoticeDto> {
    return this.notices.publish(user, body);
  }

  @MinimumRole('viewer')
  @Get()
  @ApiOperation({
    operationId: 'listPrivacyNotices',
    summary: "List the client's privacy notices",
    description: 'Newest first; the first is the current one.',
  })
  @ApiOkResponse({ description: 'The notices, newest (current) first', type: PrivacyNoticeListDto })
  @ApiErrors(400, 401, 403)
  list(@CurrentUser() user: AuthUser, @Query() query: PrivacyNoticeQueryDto): Promise<PrivacyNoticeListDto> {
    return this.notices.list(user, query.clientId);
  }
}
