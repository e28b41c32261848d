import { Module } from '@nestjs/common';
import { LifecycleSteps, OutboxModule, SubjectData } from '@app/application';
import {
  AuditRepository,
  LegalSearchRepository,
  MonitorRepository,
  PrivacyExportRepository,
  PrivacyRequestRepository,
  RetentionRepository,
  ReviewRepository,
} from '@app/persistence';
import { APP_CONFIG, provideUseCase } from '@app/platform';
import { ExportPrivacyRequestUseCase } from './export-privacy-request.use-case';
import { PrivacyEffects, RetentionPrivacyEffects } from './privacy-effects';
import { PrivacyRequestsController } from './privacy-requests.controller';
import { PrivacyRequestsUseCase } from './privacy-requests.use-case';

/** ARCO requests (docs/privacy.md, "ARCO requests"). */
@Module({
  imports: [OutboxModule.register()],
  controllers: [PrivacyRequestsController],
  providers: [
    provideUseCase(SubjectData, [PrivacyRequestRepository]),
    {
      provide: PrivacyEffects,
      useFactory: (retention: RetentionRepository) => new RetentionPrivacyEffects(retention),
      inject: [RetentionRepository],
    },
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
      ReviewRepository,
    ]),
  ],
})
export class PrivacyRequestsModule {}
