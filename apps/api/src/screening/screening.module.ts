import { Module } from '@nestjs/common';
import { QueueModule } from '@app/platform';
import { IdempotentCommands } from '../common/idempotency';
import { DurationMedians } from './duration-medians';
import { PackagesController } from '../packages/packages.controller';
import { ReadRequestsUseCase } from './read-requests.use-case';
import { RegisterCandidateUseCase } from './register-candidate.use-case';
import { ScreeningController } from './screening.controller';
import { SubmitCandidateInputUseCase } from './submit-candidate-input.use-case';

@Module({
  imports: [QueueModule.register()],
  controllers: [ScreeningController, PackagesController],
  providers: [
    RegisterCandidateUseCase,
    ReadRequestsUseCase,
    SubmitCandidateInputUseCase,
    IdempotentCommands,
    DurationMedians,
  ],
})
export class ScreeningModule {}
