import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiBody,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
} from '@nestjs/swagger';
import { AuthUser, CurrentUser } from '../auth/auth-user';
import { MinimumRole } from '../auth/roles.guard';
import { AnswersWithHeaders, HttpAnswer } from '../common/http-answer';
import { ApiErrors } from '../docs/api-errors.decorator';
import { ApiTag } from '../docs/tags';
import { SECRET_ANSWER_HEADERS } from '../webhooks/webhook-endpoints.answers';
import { ApiKeyListDto, ApiKeyListQueryDto, CreateApiKeyDto, CreatedApiKeyDto } from './dto/api-keys.dto';
import { ManageApiKeysUseCase } from './manage-api-keys.use-case';
import { Audited, byParam, byAnswer } from '../audit/audited';

const NO_STORE_HEADER = {
  'Cache-Control': {
    description: 'Always `no-store`: the answer shows the key',
    schema: { type: 'string', example: 'no-store' },
  },
};

/** API keys of a client (docs/behaviour.md, "API keys"): its admins manage them; a key never does. */
@ApiTag('Accounts')
@ApiBearerAuth('bearer')
@Controller('api-keys')
export class ApiKeysController {
  constructor(private readonly keys: ManageApiKeysUseCase) {}

  @MinimumRole('admin')
  @Audited('api_key', byAnswer((a) => a.id))
  @Post()
  @HttpCode(201)
  @ApiOperation({
    operationId: 'createApiKey',
    summary: 'Create an API key',
    description:
      'A key acts for one client with one role (`viewer` or `analyst`) wherever a token is accepted: send it as `Authorization: Bearer sk_...`, no sign-in needed. The answer carries the key, shown only here (only its hash is kept), with `Cache-Control: no-store`. An API key cannot manage keys or users.',
  })
  @ApiBody({
    type: CreateApiKeyDto,
    examples: {
      analyst: {
        summary: 'A backend that registers candidates',
        value: { name: 'ATS backend', role: 'analyst' },
      },
      viewer: {
        summary: 'A dashboard that only reads, until a date',
        value: { name: 'BI dashboard', role: 'viewer', expiresAt: 1830297600000 },
      },
    },
  })
  @ApiCreatedResponse({
    description: 'The key, shown this once',
    type: CreatedApiKeyDto,
    headers: NO_STORE_HEADER,
  })
  @ApiErrors(400, 401, 403)
  @AnswersWithHeaders()
  async create(
    @CurrentUser() user: AuthUser,
    @Body() body: CreateApiKeyDto,
  ): Promise<HttpAnswer<CreatedApiKeyDto>> {
    return new HttpAnswer(await this.keys.create(user, body), { ...SECRET_ANSWER_HEADERS });
  }

  @MinimumRole('admin')
  @Get()
  @ApiOperation({
    operationId: 'listApiKeys',
    summary: "List the client's API keys",
    description:
      'Keys not revoked, oldest first, never the key itself: its first 8 characters tell them apart.',
  })
  @ApiOkResponse({ description: "The client's keys, without the keys themselves", type: ApiKeyListDto })
  @ApiErrors(400, 401, 403)
  list(@CurrentUser() user: AuthUser, @Query() query: ApiKeyListQueryDto): Promise<ApiKeyListDto> {
    return this.keys.list(user, query.clientId);
  }

  @MinimumRole('admin')
  @Audited('api_key', byParam('id'))
  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({
    operationId: 'revokeApiKey',
    summary: 'Revoke an API key',
    description: 'From now on the key answers 401 (within 5 seconds on every instance of the service).',
  })
  @ApiParam({ name: 'id', format: 'uuid', description: 'The `id` of the key' })
  @ApiNoContentResponse({ description: 'Revoked' })
  @ApiErrors(401, 403, 404)
  revoke(@CurrentUser() user: AuthUser, @Param('id') id: string): Promise<void> {
    return this.keys.revoke(user, id);
  }
}
