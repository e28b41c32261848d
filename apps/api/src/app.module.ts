import { Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { MetricsModule, ShutdownStateModule } from '@app/platform';
import { FoundationModule, OutboxMetrics } from '@app/application';
import { ApiKeysModule } from './api-keys/api-keys.module';
import { UsersModule } from './users/users.module';
import { PrivacyModule } from './privacy/privacy.module';
import { SettingsModule } from './settings/settings.module';
import { AuditModule } from './audit/audit.module';
import { AuthModule } from './auth/auth.module';
import { AllExceptionsFilter } from './common/all-exceptions.filter';
import { ConnectionDrain } from './common/draining';
import { EventsModule } from './events/events.module';
import { HealthModule } from './health/health.module';
import { LegalRecordsModule } from './legal-records/legal-records.module';
import { MonitorsModule } from './monitors/monitors.module';
import { ReviewsModule } from './reviews/reviews.module';
import { PrivacyRequestsModule } from './privacy-requests/privacy-requests.module';
import { ReportsModule } from './reports/reports.module';
import { ScreeningModule } from './screening/screening.module';
import { WebhooksModule } from './webhooks/webhooks.module';
import { UsageModule } from './usage/usage.module';
import { WatchListsModule } from './watch-lists/watch-lists.module';

@Module({
  imports: [
    FoundationModule,
    ShutdownStateModule,
    MetricsModule.forApi([OutboxMetrics]),
    AuditModule,
    AuthModule,
    HealthModule,
    ScreeningModule,
    LegalRecordsModule,
    WatchListsModule,
    MonitorsModule,
    ReviewsModule,
    EventsModule,
    WebhooksModule,
    ReportsModule,
    UsageModule,
    ApiKeysModule,
    UsersModule,
    PrivacyModule,
    PrivacyRequestsModule,
    SettingsModule,
  ],
  providers: [{ provide: APP_FILTER, useClass: AllExceptionsFilter }, ConnectionDrain],
})
export class AppModule {}
