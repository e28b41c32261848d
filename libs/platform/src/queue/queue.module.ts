import { BullModule, getQueueToken } from '@nestjs/bull';
import { DynamicModule, Module } from '@nestjs/common';
import type { Queue } from 'bull';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { QUEUE_NAMES } from './queue.contract';

/** Injection token of every Bull queue of the contract, by name. */
export const CONTRACT_QUEUES = Symbol('CONTRACT_QUEUES');

/**
 * Bull lives behind this module only (Bull is in maintenance mode; a later move to BullMQ stays
 * local). Its timer patch (bull-timers.ts) is applied by tuneRuntime in each main.ts, not here:
 * registering a module changes nothing global. Every queue of the contract is registered, and handed to the outbox publisher by name. A
 * worker that dies loses its job lock after `lockDuration`; the job is then handed to another worker
 * within `stalledInterval`.
 */
@Module({})
export class QueueModule {
  private static registered?: DynamicModule;

  /**
   * The same module object every time: each importer then shares one instance of each queue. (A new
   * object per call gave some modules queues of their own, so the processor's graceful drain paused
   * a 'screening' queue that ran no jobs while the consumer's went on.)
   */
  static register(): DynamicModule {
    return (QueueModule.registered ??= {
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
        BullModule.registerQueue(...QUEUE_NAMES.map((name) => ({ name }))),
      ],
      providers: [
        {
          provide: CONTRACT_QUEUES,
          inject: QUEUE_NAMES.map((name) => getQueueToken(name)),
          useFactory: (...queues: Queue[]) => new Map(QUEUE_NAMES.map((name, i) => [name, queues[i]])),
        },
      ],
      exports: [BullModule, CONTRACT_QUEUES],
    });
  }
}
