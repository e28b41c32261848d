import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBearerAuth,
  ApiBody,
  ApiCreatedResponse,
  ApiExtraModels,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import { AuthUser, CurrentUser } from '../auth/auth-user';
import { ApiErrors } from '../docs/api-errors.decorator';
import { EventEnvelopeDto } from '../events/event.dto';
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
import { WebhookEndpointsUseCase } from './webhook-endpoints.use-case';

const ENDPOINT_ID = { name: 'id', format: 'uuid', description: 'The `id` of the endpoint' };

@ApiTags('Webhooks')
@ApiBearerAuth('bearer')
@ApiExtraModels(EventEnvelopeDto)
@Controller('webhook-endpoints')
export class WebhookEndpointsController {
  constructor(
    private readonly endpoints: WebhookEndpointsUseCase,
    private readonly deliveries: WebhookDeliveriesUseCase,
  ) {}

  @Post()
  @ApiOperation({
    operationId: 'createWebhookEndpoint',
    summary: 'Register a webhook endpoint',
    description: `Any user of the client may register one. The answer carries the signing \`secret\`, shown only here and on rotation. ${DELIVERY_DESCRIPTION}`,
    callbacks: WEBHOOK_CALLBACK,
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
  @ApiCreatedResponse({ type: CreatedWebhookEndpointDto })
  @ApiErrors(400, 401, 403, 413, { body: 'json' })
  create(
    @CurrentUser() user: AuthUser,
    @Body() body: CreateWebhookEndpointDto,
  ): Promise<CreatedWebhookEndpointDto> {
    return this.endpoints.create(user, body);
  }

  @Get()
  @ApiOperation({
    operationId: 'listWebhookEndpoints',
    summary: "List the client's webhook endpoints",
    description: 'Newest first, paginated; secrets are never listed.',
  })
  @ApiOkResponse({ type: WebhookEndpointPageDto })
  @ApiErrors(400, 401, 403)
  list(
    @CurrentUser() user: AuthUser,
    @Query() query: WebhookEndpointsQueryDto,
  ): Promise<WebhookEndpointPageDto> {
    return this.endpoints.list(user, query);
  }

  @Get(':id')
  @ApiOperation({ operationId: 'getWebhookEndpoint', summary: 'One webhook endpoint (without its secret)' })
  @ApiParam(ENDPOINT_ID)
  @ApiOkResponse({ type: WebhookEndpointDto })
  @ApiErrors(401, 404)
  get(@CurrentUser() user: AuthUser, @Param('id') id: string): Promise<WebhookEndpointDto> {
    return this.endpoints.get(user, id);
  }

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
  @ApiOkResponse({ type: WebhookEndpointDto })
  @ApiErrors(400, 401, 404, 413, { body: 'json' })
  update(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Body() body: UpdateWebhookEndpointDto,
  ): Promise<WebhookEndpointDto> {
    return this.endpoints.update(user, id, body);
  }

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

  @Post(':id/secret/rotate')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'rotateWebhookSecret',
    summary: 'Rotate the signing secret',
    description:
      'Answers the new secret. For 24 hours deliveries carry two signatures, one per secret, so the receiver can switch to the new secret at any moment of that day.',
  })
  @ApiParam(ENDPOINT_ID)
  @ApiOkResponse({ type: WebhookSecretDto })
  @ApiErrors(401, 404)
  rotateSecret(@CurrentUser() user: AuthUser, @Param('id') id: string): Promise<WebhookSecretDto> {
    return this.endpoints.rotateSecret(user, id);
  }

  @Post(':id/test')
  @HttpCode(202)
  @ApiOperation({
    operationId: 'testWebhookEndpoint',
    summary: 'Send a test event',
    description:
      "Writes a `webhook.test` event (`data: { endpointId }`) to the log of the endpoint's client; it is delivered to this endpoint alone, whatever it subscribes to and even while disabled.",
  })
  @ApiParam(ENDPOINT_ID)
  @ApiAcceptedResponse({ type: WebhookTestAcceptedDto })
  @ApiErrors(401, 404)
  test(@CurrentUser() user: AuthUser, @Param('id') id: string): Promise<WebhookTestAcceptedDto> {
    return this.endpoints.test(user, id);
  }

  @Get(':id/deliveries')
  @ApiOperation({
    operationId: 'listWebhookDeliveries',
    summary: 'Deliveries of an endpoint, with every attempt',
    description: 'Newest event first, paginated; `status` filters.',
  })
  @ApiParam(ENDPOINT_ID)
  @ApiOkResponse({ type: WebhookDeliveryPageDto })
  @ApiErrors(400, 401, 404)
  listDeliveries(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Query() query: WebhookDeliveriesQueryDto,
  ): Promise<WebhookDeliveryPageDto> {
    return this.deliveries.list(user, id, query);
  }

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
  @ApiAcceptedResponse({ type: WebhookDeliveryDto })
  @ApiErrors(401, 404)
  retryDelivery(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Param('deliveryId') deliveryId: string,
  ): Promise<WebhookDeliveryDto> {
    return this.deliveries.retry(user, id, deliveryId);
  }
}
