import { Module } from '@nestjs/common';
import { HttpWebhookSender } from '@app/adapters';
import { WebhookSender } from '@app/domain';
import { WebhookDeliveryRepository } from '@app/persistence';
import { APP_CONFIG, OutageRetry, provideUseCase, SecretCipher, WebhooksPlatformModule } from '@app/platform';
import { OutboxModule, OutboxPublisher } from '@app/application';
import { ClientShares } from './client-shares';
import { DeliverWebhookUseCase } from './deliver-webhook.use-case';
import { DeliveryOutcomes } from './delivery-outcomes';
import { DeliveryPacer } from './delivery-pacer';
import { DispatcherService } from './dispatcher.service';
import { EventDispatcher } from './event-dispatcher';
import { ProcessBacklogWatcher } from './process-backlog.watcher';
import { CLIENT_SLOTS, WebhookProcessor } from './webhook.processor';

/** Webhooks in the processor: the dispatcher (event log -> deliveries) and the delivery attempts. */
@Module({
  imports: [OutboxModule.register(), WebhooksPlatformModule],
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
      DeliveryPacer,
      ClientShares,
      APP_CONFIG,
      OutageRetry,
    ]),
    { provide: DeliveryPacer, useFactory: () => new DeliveryPacer() },
    { provide: ClientShares, useFactory: () => new ClientShares(CLIENT_SLOTS) },
    ProcessBacklogWatcher,
    // The port, bound to its HTTP adapter (as ProcessProvider is to the sandbox).
    { provide: WebhookSender, useClass: HttpWebhookSender },
    DeliveryOutcomes,
  ],
  exports: [DeliveryOutcomes],
})
export class WebhooksWorkerModule {}
