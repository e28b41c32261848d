import { Module } from '@nestjs/common';
import { SubjectData } from '@app/application';
import { MonitorRepository, PrivacyRequestRepository } from '@app/persistence';
import { APP_CONFIG, provideUseCase } from '@app/platform';
import { MonitorAlertsController, MonitorsController } from './monitors.controller';
import { MonitorsUseCase } from './monitors.use-case';
import { ReviewsModule } from '../reviews/reviews.module';
import { ReviewsUseCase } from '../reviews/reviews.use-case';

/** docs/monitoring.md: monitors and their alerts. */
@Module({
  imports: [ReviewsModule],
  controllers: [MonitorsController, MonitorAlertsController],
  providers: [
    provideUseCase(SubjectData, [PrivacyRequestRepository]),
    provideUseCase(MonitorsUseCase, [MonitorRepository, APP_CONFIG, SubjectData, ReviewsUseCase]),
  ],
})
export class MonitorsModule {}
