import { Module } from '@nestjs/common';
import { PersistenceModule } from '@app/persistence';
import { AppConfigModule, DATABASE_SETTINGS, LoggingModule, MetricsModule, RedisModule } from '@app/platform';
import { HeartbeatService } from './heartbeat.service';
import { OutboxWorkerModule } from './outbox/outbox.module';
import { ScreeningWorkerModule } from './screening/screening.module';
import { WebhooksWorkerModule } from './webhooks/webhooks.module';

@Module({
  imports: [
    AppConfigModule,
    LoggingModule,
    PersistenceModule.forRoot(DATABASE_SETTINGS),
    RedisModule,
    MetricsModule.forProcessor(),
    ScreeningWorkerModule,
    OutboxWorkerModule,
    WebhooksWorkerModule,
  ],
  providers: [HeartbeatService],
})
export class ProcessorModule {}
