import { DynamicModule, Module } from '@nestjs/common';
import { ProcessExecutionRepository } from '@app/persistence';
import { provideUseCase, QueueModule } from '@app/platform';
import { LifecycleSteps } from '../screening/lifecycle-steps';
import { OutboxPublisher } from './outbox-publisher';

/**
 * The queues of the contract (QueueModule) fed through the outbox: the publisher, and the lifecycle
 * steps that write a decision and its jobs in one transaction. Import this, not QueueModule, to
 * publish jobs.
 */
@Module({})
export class OutboxModule {
  private static registered?: DynamicModule;

  /** The same module object every time, so every importer shares one publisher (see QueueModule). */
  static register(): DynamicModule {
    return (OutboxModule.registered ??= {
      module: OutboxModule,
      imports: [QueueModule.register()],
      providers: [
        OutboxPublisher,
        provideUseCase(LifecycleSteps, [ProcessExecutionRepository, OutboxPublisher]),
      ],
      exports: [QueueModule, OutboxPublisher, LifecycleSteps],
    });
  }
}
