import { Logger, Module } from '@nestjs/common';
import { SandboxProvider } from '@app/adapters';
import {
  ActiveWatchLists,
  LegalSourceModule,
  LifecycleSteps,
  ListProcessProvider,
  OutboxModule,
  OutboxPublisher,
  WatchListsModule,
} from '@app/application';
import { ProcessProvider } from '@app/domain';
import { ProcessExecutionRepository, ReviewRepository } from '@app/persistence';
import { APP_CONFIG, AppConfig, JobLogContext, OutageRetry, provideUseCase } from '@app/platform';
import { LegalRecordsReader } from './legal-records.reader';
import { ProcessJobsSweeper } from './process-jobs.sweeper';
import { QueueDrainService } from './queue-drain.service';
import { RestoreLostProcessJobsUseCase } from './restore-lost-process-jobs.use-case';
import { RunProcessUseCase } from './run-process.use-case';
import { ScreeningProcessor } from './screening.processor';

@Module({
  imports: [OutboxModule.register(), LegalSourceModule, WatchListsModule],
  providers: [
    ScreeningProcessor,
    provideUseCase(RunProcessUseCase, [
      LifecycleSteps,
      ProcessProvider,
      LegalRecordsReader,
      ReviewRepository,
      OutageRetry,
      { value: new Logger(RunProcessUseCase.name) },
    ]),
    // The port: the list processes answer from the imported lists, every other process from its
    // provider (the sandbox today, a real provider's adapter tomorrow).
    SandboxProvider,
    {
      provide: ProcessProvider,
      // SANDBOX_LIST_PROCESSES: the sandbox answers the list processes too (a benchmark's baseline).
      useFactory: (lists: ActiveWatchLists, sandbox: SandboxProvider, config: AppConfig) =>
        config.sandbox.listProcesses ? sandbox : new ListProcessProvider(lists, sandbox),
      inject: [ActiveWatchLists, SandboxProvider, APP_CONFIG],
    },
    provideUseCase(RestoreLostProcessJobsUseCase, [ProcessExecutionRepository, OutboxPublisher]),
    ProcessJobsSweeper,
    LegalRecordsReader,
    QueueDrainService,
    JobLogContext,
  ],
})
export class ScreeningWorkerModule {}
