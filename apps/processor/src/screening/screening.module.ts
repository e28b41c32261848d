import { Logger, Module } from '@nestjs/common';
import { SandboxProvider } from '@app/adapters';
import { LegalSourceModule, LifecycleSteps, OutboxModule } from '@app/application';
import { ProcessProvider } from '@app/domain';
import { JobLogContext } from '@app/platform';
import { LegalRecordsReader } from './legal-records.reader';
import { QueueDrainService } from './queue-drain.service';
import { RunProcessUseCase } from './run-process.use-case';
import { ScreeningProcessor } from './screening.processor';

@Module({
  imports: [OutboxModule.register(), LegalSourceModule],
  providers: [
    ScreeningProcessor,
    {
      provide: RunProcessUseCase,
      useFactory: (steps: LifecycleSteps, provider: ProcessProvider, legalRecords: LegalRecordsReader) =>
        new RunProcessUseCase(steps, provider, legalRecords, new Logger(RunProcessUseCase.name)),
      inject: [LifecycleSteps, ProcessProvider, LegalRecordsReader],
    },
    // The port and its adapter: the sandbox today, a real provider's adapter tomorrow.
    { provide: ProcessProvider, useClass: SandboxProvider },
    LegalRecordsReader,
    QueueDrainService,
    JobLogContext,
  ],
})
export class ScreeningWorkerModule {}
