import { Module } from '@nestjs/common';
import { EventRepository, WebhookDeliveryRepository, WebhookEndpointRepository } from '@app/persistence';
import {
  APP_CONFIG,
  OutboxPublisher,
  provideUseCase,
  QueueModule,
  SecretCipher,
  WebhooksPlatformModule,
} from '@app/platform';
import { WebhookDeliveriesUseCase } from './webhook-deliveries.use-case';
import { WebhookEndpointsController } from './webhook-endpoints.controller';
import { WebhookEndpointsUseCase } from './webhook-endpoints.use-case';

@Module({
  imports: [QueueModule.register(), WebhooksPlatformModule],
  controllers: [WebhookEndpointsController],
  providers: [
    provideUseCase(WebhookEndpointsUseCase, [
      WebhookEndpointRepository,
      EventRepository,
      SecretCipher,
      APP_CONFIG,
    ]),
    provideUseCase(WebhookDeliveriesUseCase, [
      WebhookEndpointsUseCase,
      WebhookDeliveryRepository,
      OutboxPublisher,
    ]),
  ],
})
export class WebhooksModule {}
