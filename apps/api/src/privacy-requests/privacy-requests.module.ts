import { Module } from '@nestjs/common';
import { LifecycleSteps, OutboxModule, SubjectData } from '@app/application';
import {
  AuditRepository,
  LegalSearchRepository,
  MonitorRepository,
  PrivacyExportRepository,
  PrivacyRequestRepository,
} from '@app/persistence';
import { APP_CONFIG, provideUseCase } from '@app/platform';
import { ExportPrivacyRequestUseCase } from './export-privacy-request.use-case';
import { BlockTargets, PrivacyEffects } from './privacy-effects';
import { PrivacyRequestsController } from './privacy-requests.controller';
import { PrivacyRequestsUseCase } from './privacy-requests.use-case';

/**
 * RETENTION WIRING (branch `retention`, not merged here yet): bind PrivacyEffects to retention's
 * `RetentionRepository.blockNow({ requestIds, searchIds })` and delete this class. Until then a
 * granted cancellation is refused before anything is written (the request stays open).
 */
class RetentionNotWired extends PrivacyEffects {
  block(_targets: BlockTargets): Promise<void> {
    return Promise.reject(
      new Error('Cancellation needs the retention feature (RetentionRepository.blockNow).'),
    );
  }
}

/** ARCO requests (docs/privacy.md, "ARCO requests"). */
@Module({
  imports: [OutboxModule.register()],
  controllers: [PrivacyRequestsController],
  providers: [
    provideUseCase(SubjectData, [PrivacyRequestRepository]),
    { provide: PrivacyEffects, useClass: RetentionNotWired },
    provideUseCase(PrivacyRequestsUseCase, [
      PrivacyRequestRepository,
      SubjectData,
      MonitorRepository,
      LifecycleSteps,
      PrivacyEffects,
      APP_CONFIG,
    ]),
    provideUseCase(ExportPrivacyRequestUseCase, [
      PrivacyRequestRepository,
      PrivacyExportRepository,
      LegalSearchRepository,
      MonitorRepository,
      AuditRepository,
    ]),
  ],
})
export class PrivacyRequestsModule {}
