import { Module } from '@nestjs/common';
import { JobLogContext, LegalSourceModule, QueueModule } from '@app/platform';
import { LegalRecordsReader } from './legal-records.reader';
import { QueueDrainService } from './queue-drain.service';
import { RunProcessUseCase } from './run-process.use-case';
import { SandboxProvider } from './sandbox-provider';
import { ScreeningProcessor } from './screening.processor';

@Module({
  imports: [QueueModule.register(), LegalSourceModule],
  providers: [
    ScreeningProcessor,
    RunProcessUseCase,
    SandboxProvider,
    LegalRecordsReader,
    QueueDrainService,
    JobLogContext,
  ],
})
export class ScreeningWorkerModule {}
