import { Module } from '@nestjs/common';
import { PrivacyRequestRepository, RetentionRepository } from '@app/persistence';
import { APP_CONFIG, provideUseCase } from '@app/platform';
import { AnnounceDueSoonUseCase } from './announce-due-soon.use-case';
import { DueSoonSweeper } from './due-soon.sweeper';
import { PrivacySweeperService } from './privacy-sweeper.service';
import { RetentionSweepUseCase } from './retention-sweep.use-case';

/**
 * Personal data in the processor (docs/privacy.md): the retention sweep that blocks and then
 * suppresses, and the announcements of ARCO requests due soon.
 */
@Module({
  providers: [
    provideUseCase(RetentionSweepUseCase, [RetentionRepository]),
    PrivacySweeperService,
    provideUseCase(AnnounceDueSoonUseCase, [PrivacyRequestRepository, APP_CONFIG]),
    DueSoonSweeper,
  ],
})
export class PrivacyWorkerModule {}
