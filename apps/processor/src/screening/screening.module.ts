import { Module } from '@nestjs/common';
import { SandboxProvider } from '@app/adapters';
import { ProcessProvider } from '@app/domain';
import { JobLogContext } from '@app/platform';
import { LegalSourceModule, OutboxModule } from '@app/application';
import { LegalMatchesReader } from './legal-matches.reader';
import { QueueDrainService } from './queue-drain.service';
import { RunProcessUseCase } from './run-process.use-case';
import { ScreeningProcessor } from './screening.processor';

@Module({
  imports: [OutboxModule.register(), LegalSourceModule],
  providers: [
    ScreeningProcessor,
    RunProcessUseCase,
    // The port and its adapter: the sandbox today, a real provider's adapter tomorrow.
    { provide: ProcessProvider, useClass: SandboxProvider },
    LegalMatchesReader,
    QueueDrainService,
    JobLogContext,
  ],
})
export class ScreeningWorkerModule {}
