import { Module } from '@nestjs/common';
import { MonitorComparisons } from '@app/application';
import {
  MonitorActivationRepository,
  WatchListRepository,
  WebhookDispatchRepository,
} from '@app/persistence';
import { provideUseCase } from '@app/platform';
import { MonitoringProcessor } from './monitoring.processor';
import { MonitoringSweeperService } from './monitoring-sweeper.service';

/** docs/monitoring.md in the processor: activations and ingests compared with the monitors, expiry, monthly charges. */
@Module({
  providers: [
    provideUseCase(MonitorComparisons, [
      MonitorActivationRepository,
      WatchListRepository,
      WebhookDispatchRepository,
    ]),
    MonitoringProcessor,
    MonitoringSweeperService,
  ],
})
export class MonitoringWorkerModule {}
