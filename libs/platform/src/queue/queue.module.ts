import { BullModule } from '@nestjs/bull';
import { DynamicModule, Module } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { LifecycleSteps } from '../screening/lifecycle-steps';
import { OutboxPublisher } from './outbox-publisher';
import { SCREENING_QUEUE } from './queue.contract';

/**
 * Bull lives behind this module only (Bull is in maintenance mode; a later move to BullMQ stays
 * local). A worker that dies loses its job lock after `lockDuration`; the job is then handed to
 * another worker within `stalledInterval`.
 */
@Module({})
export class QueueModule {
  static register(): DynamicModule {
    return {
      module: QueueModule,
      imports: [
        BullModule.forRootAsync({
          inject: [APP_CONFIG],
          useFactory: (config: AppConfig) => ({
            url: config.redisUrl,
            prefix: 'screening',
            settings: { lockDuration: 10_000, stalledInterval: 5_000, maxStalledCount: 5 },
          }),
        }),
        BullModule.registerQueue({ name: SCREENING_QUEUE }),
      ],
      providers: [OutboxPublisher, LifecycleSteps],
      exports: [BullModule, OutboxPublisher, LifecycleSteps],
    };
  }
}
