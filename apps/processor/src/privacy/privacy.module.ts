import { Module } from '@nestjs/common';
import { RetentionRepository } from '@app/persistence';
import { provideUseCase } from '@app/platform';
import { PrivacySweeperService } from './privacy-sweeper.service';
import { RetentionSweepUseCase } from './retention-sweep.use-case';

/** Retention of personal data (docs/privacy.md): the sweep that blocks and then suppresses. */
@Module({
  providers: [provideUseCase(RetentionSweepUseCase, [RetentionRepository]), PrivacySweeperService],
})
export class PrivacyWorkerModule {}
