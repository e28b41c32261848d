import { Module } from '@nestjs/common';
import { PrivacyRequestRepository } from '@app/persistence';
import { APP_CONFIG, provideUseCase } from '@app/platform';
import { AnnounceDueSoonUseCase } from './announce-due-soon.use-case';
import { DueSoonSweeper } from './due-soon.sweeper';

/** ARCO requests in the processor (docs/privacy.md, "ARCO requests"): the due-soon announcements. */
@Module({
  providers: [provideUseCase(AnnounceDueSoonUseCase, [PrivacyRequestRepository, APP_CONFIG]), DueSoonSweeper],
})
export class PrivacyWorkerModule {}
