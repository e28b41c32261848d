import { Module } from '@nestjs/common';
import { QueueModule } from '@app/platform';
import { IdempotencyModule } from '../common/idempotency';
import { BatchesController } from './batches.controller';
import { DurationMedians } from './duration-medians';
import { RegisterBatchUseCase } from './register-batch.use-case';
import { RegistrationPlanner } from './registration-planner';
import { PackagesController } from '../packages/packages.controller';
import { ReadRequestsUseCase } from './read-requests.use-case';
import { RegisterCandidateUseCase } from './register-candidate.use-case';
import { ScreeningController } from './screening.controller';
import { SubmitCandidateInputUseCase } from './submit-candidate-input.use-case';

@Module({
  imports: [QueueModule.register(), IdempotencyModule],
  controllers: [ScreeningController, BatchesController, PackagesController],
  providers: [
    RegisterCandidateUseCase,
    ReadRequestsUseCase,
    SubmitCandidateInputUseCase,
    DurationMedians,
    RegistrationPlanner,
    RegisterBatchUseCase,
  ],
})
export class ScreeningModule {}
