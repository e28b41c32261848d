import { Logger, Module } from '@nestjs/common';
import { JobLogContext, LegalSourceModule, LifecycleSteps, QueueModule } from '@app/platform';
import { LegalMatchesReader } from './legal-matches.reader';
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
      useFactory: (steps: LifecycleSteps, provider: SandboxProvider, legalMatches: LegalMatchesReader) =>
        new RunProcessUseCase(steps, provider, legalMatches, new Logger(RunProcessUseCase.name)),
      inject: [LifecycleSteps, SandboxProvider, LegalMatchesReader],
    },
    SandboxProvider,
    LegalMatchesReader,
    QueueDrainService,
    JobLogContext,
  ],
})
export class ScreeningWorkerModule {}
