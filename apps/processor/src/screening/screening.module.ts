import { Logger, Module } from '@nestjs/common';
import { JobLogContext, LegalSourceModule, LifecycleSteps, QueueModule } from '@app/platform';
import { LegalRecordsReader } from './legal-records.reader';
import { QueueDrainService } from './queue-drain.service';
import { RunProcessUseCase } from './run-process.use-case';
import { SandboxProvider } from './sandbox-provider';
import { ScreeningProcessor } from './screening.processor';

@Module({
  imports: [QueueModule.register(), LegalSourceModule],
  providers: [
    ScreeningProcessor,
    {
      provide: RunProcessUseCase,
      useFactory: (steps: LifecycleSteps, provider: SandboxProvider, legalRecords: LegalRecordsReader) =>
        new RunProcessUseCase(steps, provider, legalRecords, new Logger(RunProcessUseCase.name)),
      inject: [LifecycleSteps, SandboxProvider, LegalRecordsReader],
    },
    SandboxProvider,
    LegalRecordsReader,
    QueueDrainService,
    JobLogContext,
  ],
})
export class ScreeningWorkerModule {}
