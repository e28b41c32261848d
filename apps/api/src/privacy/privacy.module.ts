import { Module } from '@nestjs/common';
import { PrivacyNoticeRepository } from '@app/persistence';
import { provideUseCase } from '@app/platform';
import { NoticeVersions } from './notice-versions';
import { PrivacyNoticesController } from './privacy-notices.controller';
import { PrivacyNoticesUseCase } from './privacy-notices.use-case';

/** Personal data under the LFPDPPP (docs/privacy.md): notices and the consent registrations cite. */
@Module({
  controllers: [PrivacyNoticesController],
  providers: [
    NoticeVersions,
    provideUseCase(PrivacyNoticesUseCase, [PrivacyNoticeRepository, NoticeVersions]),
  ],
  exports: [NoticeVersions],
})
export class PrivacyModule {}
