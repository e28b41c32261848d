import { Body, Controller, Delete, Get, Headers, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBearerAuth,
  ApiBody,
  ApiCreatedResponse,
  ApiHeader,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
} from '@nestjs/swagger';
import { TEST_EVENT_LIMIT, testEventLimitMessage } from '@app/domain';
import { ApiTag } from '../docs/tags';
import { AuthUser, CurrentUser } from '../auth/auth-user';
import { AnswersWithHeaders, HttpAnswer } from '../common/http-answer';
import { validateIdempotencyKey } from '../common/idempotency';
import { ApiErrors } from '../docs/api-errors.decorator';
import { DELIVERY_DESCRIPTION, WEBHOOK_CALLBACK } from './webhook-callback.docs';
import {
  WebhookDeliveriesQueryDto,
  WebhookDeliveryDto,
  WebhookDeliveryPageDto,
} from './dto/webhook-delivery.dto';
import {
  CreatedWebhookEndpointDto,
  CreateWebhookEndpointDto,
  UpdateWebhookEndpointDto,
  WebhookEndpointDto,
  WebhookEndpointPageDto,
  WebhookEndpointsQueryDto,
  WebhookSecretDto,
  WebhookTestAcceptedDto,
} from './dto/webhook-endpoint.dto';
import { WebhookDeliveriesUseCase } from './webhook-deliveries.use-case';
import { SECRET_ANSWER_HEADERS } from './webhook-endpoints.answers';
import { WebhookEndpointsUseCase } from './webhook-endpoints.use-case';
import { MinimumRole } from '../auth/roles.guard';
import { Audited, byParam, byAnswer } from '../audit/audited';

const ENDPOINT_ID = { name: 'id', format: 'uuid', description: 'The `id` of the endpoint' };

/** Answers that show a secret say so in Swagger: they are never cached. */
const NO_STORE_HEADER = {
  'Cache-Control': {
    description: 'Always `no-store`: the answer shows a secret',
    schema: { type: 'string', example: 'no-store' },
  },
};

@ApiTag('Events and webhooks')
@ApiBearerAuth('bearer')
@Controller('webhook-endpoints')
export class WebhookEndpointsController {
  constructor(
    private readonly endpoints: WebhookEndpointsUseCase,
    private readonly deliveries: WebhookDeliveriesUseCase,
  ) {}

  @MinimumRole('admin')
  @Audited('webhook_endpoint', byAnswer((a) => a.id))
  @Post()
  @ApiOperation({
    operationId: 'createWebhookEndpoint',
    summary: 'Register a webhook endpoint',
    description:
      "A client's admin may register one, up to 20 endpoints per client unless the operator set another limit (409 past it). " +
      'The answer carries the signing `secret`, shown only here and on rotation, with `Cache-Control: no-store`. ' +
      `With an \`Idempotency-Key\`, a retry answers the first answer again, the same secret included, and registers nothing more. ${DELIVERY_DESCRIPTION}`,
    callbacks: WEBHOOK_CALLBACK,
  })
  @ApiHeader({
    name: 'Idempotency-Key',
    required: false,
    description:
      'Optional, 1..255 characters: a retry with the same key and body within 24 hours answers the first answer again (201, the same endpoint and secret) without registering a second endpoint; the same key with another body answers 422. Concurrent requests with one key register once.',
    schema: { type: 'string', minLength: 1, maxLength: 255 },
  })
  @ApiBody({
    type: CreateWebhookEndpointDto,
    examples: {
      all: { summary: 'Every event type', value: { url: 'https://hooks.example.com/screening' } },
      chosen: {
        summary: 'Chosen types, with a description',
        value: {
          url: 'https://hooks.example.com/screening',
          events: ['process.finished', 'candidate_request.finished'],
          description: 'ATS integration (production)',
        },
      },
    },
  })
  @ApiCreatedResponse({
    description:
      'Registered and enabled; the answer carries the signing `secret` (shown only here and on rotation)',
    type: CreatedWebhookEndpointDto,
    headers: NO_STORE_HEADER,
  })
  @ApiErrors(
    400,
    401,
    403,
    {
      status: 409,
      description:
        'The client already has as many endpoints as it may have (20 unless the operator set another limit)',
      example: {
        code: 409,
        message:
          'A client may register at most 20 webhook endpoints: delete one (or subscribe an existing one to more event types) first.',
      },
    },
    413,
    422,
    { body: 'json' },
  )
  @AnswersWithHeaders()
  async create(
    @CurrentUser() user: AuthUser,
    @Body() body: CreateWebhookEndpointDto,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
  ): Promise<HttpAnswer<CreatedWebhookEndpointDto>> {
    const created = await this.endpoints.create(user, body, validateIdempotencyKey(idempotencyKey));
    return new HttpAnswer(created, { ...SECRET_ANSWER_HEADERS });
  }

  @MinimumRole('admin')
  @Get()
  @ApiOperation({
    operationId: 'listWebhookEndpoints',
    summary: "List the client's webhook endpoints",
    description: 'Newest first, paginated; secrets are never listed.',
  })
  @ApiOkResponse({
    description: "One page of the client's endpoints, newest first",
    type: WebhookEndpointPageDto,
  })
  @ApiErrors(400, 401, 403)
  list(
    @CurrentUser() user: AuthUser,
    @Query() query: WebhookEndpointsQueryDto,
  ): Promise<WebhookEndpointPageDto> {
    return this.endpoints.list(user, query);
  }

  @MinimumRole('admin')
  @Get(':id')
  @ApiOperation({
    operationId: 'getWebhookEndpoint',
    summary: 'One webhook endpoint (without its secret)',
    description:
      "Its URL, the event types it receives and whether it is enabled; another client's endpoint answers 404.",
  })
  @ApiParam(ENDPOINT_ID)
  @ApiOkResponse({ description: 'The endpoint', type: WebhookEndpointDto })
  @ApiErrors(401, 404)
  get(@CurrentUser() user: AuthUser, @Param('id') id: string): Promise<WebhookEndpointDto> {
    return this.endpoints.get(user, id);
  }

  @MinimumRole('admin')
  @Audited('webhook_endpoint', byParam('id'))
  @Patch(':id')
  @ApiOperation({
    operationId: 'updateWebhookEndpoint',
    summary: 'Change a webhook endpoint',
    description:
      'Only the fields sent change. `enabled: false` stops deliveries (pending ones end `failed`); `events: null` subscribes to every type again.',
  })
  @ApiParam(ENDPOINT_ID)
  @ApiBody({
    type: UpdateWebhookEndpointDto,
    examples: {
      disable: { summary: 'Pause deliveries', value: { enabled: false } },
      types: { summary: 'Receive only finished requests', value: { events: ['candidate_request.finished'] } },
    },
  })
  @ApiOkResponse({ description: 'The endpoint as changed', type: WebhookEndpointDto })
  @ApiErrors(400, 401, 404, 413, { body: 'json' })
  update(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Body() body: UpdateWebhookEndpointDto,
  ): Promise<WebhookEndpointDto> {
    return this.endpoints.update(user, id, body);
  }

  @MinimumRole('admin')
  @Audited('webhook_endpoint', byParam('id'))
  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({
    operationId: 'deleteWebhookEndpoint',
    summary: 'Delete a webhook endpoint',
    description: 'Its deliveries go with it; nothing more is sent to it.',
  })
  @ApiParam(ENDPOINT_ID)
  @ApiNoContentResponse({ description: 'Deleted' })
  @ApiErrors(401, 404)
  delete(@CurrentUser() user: AuthUser, @Param('id') id: string): Promise<void> {
    return this.endpoints.delete(user, id);
  }

  @MinimumRole('admin')
  @Audited('webhook_endpoint', byParam('id'))
  @Post(':id/secret/rotate')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'rotateWebhookSecret',
    summary: 'Rotate the signing secret',
    description:
      'Answers the new secret. For 24 hours deliveries carry two signatures, one per secret, so the receiver can switch to the new secret at any moment of that day.',
  })
  @ApiParam(ENDPOINT_ID)
  @ApiOkResponse({ description: 'The new signing secret', type: WebhookSecretDto, headers: NO_STORE_HEADER })
  @ApiErrors(401, 404)
  @AnswersWithHeaders()
  async rotateSecret(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
  ): Promise<HttpAnswer<WebhookSecretDto>> {
    return new HttpAnswer(await this.endpoints.rotateSecret(user, id), { ...SECRET_ANSWER_HEADERS });
  }

  @MinimumRole('admin')
  @Audited('webhook_endpoint', byParam('id'))
  @Post(':id/test')
  @HttpCode(202)
  @ApiOperation({
    operationId: 'testWebhookEndpoint',
    summary: 'Send a test event',
    description:
      "Writes a `webhook.test` event (`data: { endpointId }`) to the log of the endpoint's client; it is delivered to this endpoint alone, whatever it subscribes to and even while disabled. " +
      `At most ${TEST_EVENT_LIMIT.max} test events per endpoint every ${TEST_EVENT_LIMIT.windowSeconds} seconds (parallel calls included); past that the answer is 429 with \`Retry-After\` and no event is written.`,
  })
  @ApiParam(ENDPOINT_ID)
  @ApiAcceptedResponse({
    description: 'The test event is written and on its way',
    type: WebhookTestAcceptedDto,
  })
  @ApiErrors(401, 404, {
    status: 429,
    description: `More than ${TEST_EVENT_LIMIT.max} test events to this endpoint within ${TEST_EVENT_LIMIT.windowSeconds} seconds: nothing was written; \`Retry-After\` says how many seconds to wait`,
    example: { code: 429, message: testEventLimitMessage(42) },
  })
  test(@CurrentUser() user: AuthUser, @Param('id') id: string): Promise<WebhookTestAcceptedDto> {
    return this.endpoints.test(user, id);
  }

  @MinimumRole('admin')
  @Get(':id/deliveries')
  @ApiOperation({
    operationId: 'listWebhookDeliveries',
    summary: 'Deliveries of an endpoint, with every attempt',
    description: 'Newest event first, paginated; `status` filters.',
  })
  @ApiParam(ENDPOINT_ID)
  @ApiOkResponse({
    description: 'One page of deliveries, each with its attempts',
    type: WebhookDeliveryPageDto,
  })
  @ApiErrors(400, 401, 404)
  listDeliveries(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Query() query: WebhookDeliveriesQueryDto,
  ): Promise<WebhookDeliveryPageDto> {
    return this.deliveries.list(user, id, query);
  }

  @MinimumRole('admin')
  @Audited('webhook_endpoint', byParam('id'))
  @Post(':id/deliveries/:deliveryId/retry')
  @HttpCode(202)
  @ApiOperation({
    operationId: 'retryWebhookDelivery',
    summary: 'Attempt a delivery again now',
    description:
      'A new attempt now, whatever the status (also for a `succeeded` or `failed` delivery, or one of a disabled endpoint); it carries the same `webhook-id`. Answers the delivery, pending.',
  })
  @ApiParam(ENDPOINT_ID)
  @ApiParam({ name: 'deliveryId', format: 'uuid', description: 'The `id` of a delivery of the endpoint' })
  @ApiAcceptedResponse({ description: 'The delivery, pending its new attempt', type: WebhookDeliveryDto })
  @ApiErrors(401, 404)
  retryDelivery(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Param('deliveryId') deliveryId: string,
  ): Promise<WebhookDeliveryDto> {
    return this.deliveries.retry(user, id, deliveryId);
  }
}
