import { Module } from '@nestjs/common';
import { EventRepository, WebhookDeliveryRepository, WebhookEndpointRepository } from '@app/persistence';
import { APP_CONFIG, provideUseCase, SecretCipher, WebhooksPlatformModule } from '@app/platform';
import { OutboxModule, OutboxPublisher } from '@app/application';
import { idempotentCommandsWith, IdempotentCommands } from '../common/idempotency';
import { RateLimiter } from '../common/rate-limit';
import { WebhookDeliveriesUseCase } from './webhook-deliveries.use-case';
import { webhookAnswers } from './webhook-endpoints.answers';
import { WebhookEndpointsController } from './webhook-endpoints.controller';
import { WebhookEndpointsUseCase } from './webhook-endpoints.use-case';

@Module({
  imports: [OutboxModule.register(), WebhooksPlatformModule],
  controllers: [WebhookEndpointsController],
  providers: [
    RateLimiter,
    idempotentCommandsWith(webhookAnswers, SecretCipher),
    provideUseCase(WebhookEndpointsUseCase, [
      WebhookEndpointRepository,
      EventRepository,
      SecretCipher,
      IdempotentCommands,
      APP_CONFIG,
      RateLimiter,
    ]),
    provideUseCase(WebhookDeliveriesUseCase, [
      WebhookEndpointsUseCase,
      WebhookDeliveryRepository,
      OutboxPublisher,
    ]),
  ],
})
export class WebhooksModule {}
