import { Module } from '@nestjs/common';
import { SubjectData } from '@app/application';
import { MonitorRepository, PrivacyRequestRepository } from '@app/persistence';
import { APP_CONFIG, provideUseCase } from '@app/platform';
import { MonitorAlertsController, MonitorsController } from './monitors.controller';
import { MonitorsUseCase } from './monitors.use-case';

/** CONTRACT 11: monitors and their alerts. */
@Module({
  controllers: [MonitorsController, MonitorAlertsController],
  providers: [
    provideUseCase(SubjectData, [PrivacyRequestRepository]),
    provideUseCase(MonitorsUseCase, [MonitorRepository, APP_CONFIG, SubjectData]),
  ],
})
export class MonitorsModule {}
