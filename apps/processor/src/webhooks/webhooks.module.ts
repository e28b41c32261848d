import { Module } from '@nestjs/common';
import { HttpWebhookSender } from '@app/adapters';
import { DeliveryPolicy, WebhookSender } from '@app/domain';
import { WebhookDeliveryRepository } from '@app/persistence';
import {
  APP_CONFIG,
  AppConfig,
  OutageRetry,
  provideUseCase,
  SecretCipher,
  WebhooksPlatformModule,
} from '@app/platform';
import { OutboxModule, OutboxPublisher } from '@app/application';
import { DeliverWebhookUseCase } from './deliver-webhook.use-case';
import { DeliveryLedger } from './delivery-ledger';
import { DeliveryOutcomes } from './delivery-outcomes';
import { DeliveryPacer } from './delivery-pacer';
import { DispatcherService } from './dispatcher.service';
import { EventDispatcher } from './event-dispatcher';
import { ProcessBacklogWatcher } from './process-backlog.watcher';
import { SignedPoster } from './signed-poster';
import { CLIENT_SLOTS, DELIVER_CONCURRENCY, WebhookProcessor } from './webhook.processor';

/** Webhooks in the processor: the dispatcher (event log -> deliveries) and the delivery attempts. */
@Module({
  imports: [OutboxModule.register(), WebhooksPlatformModule],
  providers: [
    EventDispatcher,
    DispatcherService,
    WebhookProcessor,
    provideUseCase(DeliverWebhookUseCase, [DeliveryLedger, SignedPoster, OutboxPublisher, DeliveryPolicy]),
    provideUseCase(DeliveryLedger, [WebhookDeliveryRepository, OutageRetry, DeliveryOutcomes]),
    provideUseCase(SignedPoster, [WebhookSender, SecretCipher, DeliveryPacer]),
    {
      provide: DeliveryPolicy,
      useFactory: (config: AppConfig) =>
        new DeliveryPolicy({
          retrySchedule: config.webhooks.retrySchedule,
          slotsPerClient: CLIENT_SLOTS,
          slots: DELIVER_CONCURRENCY,
        }),
      inject: [APP_CONFIG],
    },
    { provide: DeliveryPacer, useFactory: () => new DeliveryPacer() },
    ProcessBacklogWatcher,
    // The port, bound to its HTTP adapter (as ProcessProvider is to the sandbox).
    { provide: WebhookSender, useClass: HttpWebhookSender },
    DeliveryOutcomes,
  ],
  exports: [DeliveryOutcomes],
})
export class WebhooksWorkerModule {}
