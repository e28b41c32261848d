import { Module } from '@nestjs/common';
import { WebhookDeliveryRepository } from '@app/persistence';
import {
  APP_CONFIG,
  OutboxPublisher,
  provideUseCase,
  QueueModule,
  SecretCipher,
  WebhooksPlatformModule,
} from '@app/platform';
import { DeliverWebhookUseCase } from './deliver-webhook.use-case';
import { DeliveryOutcomes } from './delivery-outcomes';
import { DispatcherService } from './dispatcher.service';
import { EventDispatcher } from './event-dispatcher';
import { WebhookProcessor } from './webhook.processor';
import { WebhookSender } from './webhook-sender';

/** Webhooks in the processor: the dispatcher (event log -> deliveries) and the delivery attempts. */
@Module({
  imports: [QueueModule.register(), WebhooksPlatformModule],
  providers: [
    EventDispatcher,
    DispatcherService,
    WebhookProcessor,
    provideUseCase(DeliverWebhookUseCase, [
      WebhookDeliveryRepository,
      SecretCipher,
      WebhookSender,
      OutboxPublisher,
      DeliveryOutcomes,
      APP_CONFIG,
    ]),
    WebhookSender,
    DeliveryOutcomes,
  ],
  exports: [DeliveryOutcomes],
})
export class WebhooksWorkerModule {}
