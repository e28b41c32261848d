import { Module } from '@nestjs/common';
import {
  BatchRepository,
  CandidateRequestRepository,
  PackageRepository,
  ReviewRepository,
} from '@app/persistence';
import { provideUseCase } from '@app/platform';
import { LifecycleSteps, OutboxModule, OutboxPublisher } from '@app/application';
import { idempotentCommandsWith, IdempotentCommands } from '../common/idempotency';
import { BatchesController } from './batches.controller';
import { DurationMedians } from './duration-medians';
import { RegisterBatchUseCase } from './register-batch.use-case';
import { RegistrationPlanner } from './registration-planner';
import { ListPackagesUseCase } from '../packages/list-packages.use-case';
import { PackagesController } from '../packages/packages.controller';
import { ReadRequestsUseCase } from './read-requests.use-case';
import { RegisterCandidateUseCase } from './register-candidate.use-case';
import { SCREENING_ANSWERS } from './screening.answers';
import { ScreeningController } from './screening.controller';
import { SubmitCandidateInputUseCase } from './submit-candidate-input.use-case';
import { PrivacyModule } from '../privacy/privacy.module';

@Module({
  imports: [OutboxModule.register(), PrivacyModule],
  controllers: [ScreeningController, BatchesController, PackagesController],
  providers: [
    provideUseCase(RegisterCandidateUseCase, [
      RegistrationPlanner,
      CandidateRequestRepository,
      IdempotentCommands,
      OutboxPublisher,
    ]),
    provideUseCase(ReadRequestsUseCase, [CandidateRequestRepository, DurationMedians, ReviewRepository]),
    provideUseCase(SubmitCandidateInputUseCase, [CandidateRequestRepository, LifecycleSteps]),
    provideUseCase(ListPackagesUseCase, [PackageRepository]),
    idempotentCommandsWith(SCREENING_ANSWERS),
    DurationMedians,
    RegistrationPlanner,
    provideUseCase(RegisterBatchUseCase, [
      RegistrationPlanner,
      CandidateRequestRepository,
      BatchRepository,
      IdempotentCommands,
      OutboxPublisher,
    ]),
  ],
})
export class ScreeningModule {}
