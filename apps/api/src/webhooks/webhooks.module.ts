import { Module } from '@nestjs/common';
import { EventRepository, WebhookDeliveryRepository, WebhookEndpointRepository } from '@app/persistence';
import { APP_CONFIG, provideUseCase, SecretCipher, WebhooksPlatformModule } from '@app/platform';
import { OutboxModule, OutboxPublisher } from '@app/application';
import { WebhookDeliveriesUseCase } from './webhook-deliveries.use-case';
import { WebhookEndpointsController } from './webhook-endpoints.controller';
import { WebhookEndpointsUseCase } from './webhook-endpoints.use-case';

@Module({
  imports: [OutboxModule.register(), WebhooksPlatformModule],
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
