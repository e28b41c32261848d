import { Module } from '@nestjs/common';
import { MetricsModule } from '@app/platform';
import { FoundationModule, OutboxMetrics, ServiceStateMetrics } from '@app/application';
import { HeartbeatService } from './heartbeat.service';
import { MonitoringWorkerModule } from './monitoring/monitoring.module';
import { OutboxWorkerModule } from './outbox/outbox.module';
import { PrivacyWorkerModule } from './privacy/privacy.module';
import { ScreeningWorkerModule } from './screening/screening.module';
import { WebhooksWorkerModule } from './webhooks/webhooks.module';

@Module({
  imports: [
    FoundationModule,
    MetricsModule.forProcessor([OutboxMetrics, ServiceStateMetrics]),
    ScreeningWorkerModule,
    OutboxWorkerModule,
    WebhooksWorkerModule,
    MonitoringWorkerModule,
    PrivacyWorkerModule,
  ],
  providers: [HeartbeatService],
})
export class ProcessorModule {}
