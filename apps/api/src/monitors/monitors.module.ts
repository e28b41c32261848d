import { Module } from '@nestjs/common';
import { MonitorRepository } from '@app/persistence';
import { APP_CONFIG, provideUseCase } from '@app/platform';
import { MonitorAlertsController, MonitorsController } from './monitors.controller';
import { MonitorsUseCase } from './monitors.use-case';

/** CONTRACT 11: monitors and their alerts. */
@Module({
  controllers: [MonitorsController, MonitorAlertsController],
  providers: [provideUseCase(MonitorsUseCase, [MonitorRepository, APP_CONFIG])],
})
export class MonitorsModule {}
