import { DynamicModule, Global, Module } from '@nestjs/common';
import { TypeOrmModule, TypeOrmModuleOptions } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from './data-source-options';
import { ApiKeyRepository } from './repositories/api-key.repository';
import { AuditRepository } from './repositories/audit.repository';
import { AuthSessionRepository } from './repositories/auth-session.repository';
import { PackageRepository } from './repositories/package.repository';
import { UserRepository } from './repositories/user.repository';
import { CandidateRequestRepository } from './repositories/candidate-request.repository';
import { IdempotencyRepository } from './repositories/idempotency.repository';
import { OutboxRepository } from './repositories/outbox.repository';
import { ProcessExecutionRepository } from './repositories/process-execution.repository';
import { LegalSearchRepository } from './repositories/legal-search.repository';
import { EventRepository } from './repositories/event.repository';
import { BatchRepository } from './repositories/batch.repository';
import { WebhookDeliveryRepository } from './repositories/webhook-delivery.repository';
import { WebhookDispatchRepository } from './repositories/webhook-dispatch.repository';
import { WebhookEndpointRepository } from './repositories/webhook-endpoint.repository';
import { BillingLedgerRepository } from './repositories/billing-ledger.repository';
import { CandidateReportRepository } from './repositories/candidate-report.repository';
import { LegalSearchListRepository } from './repositories/legal-search-list.repository';
import { WatchListRepository } from './repositories/watch-list.repository';
import { WatchListScreeningRepository } from './repositories/watch-list-screening.repository';
import { LegalCorpusHousekeepingRepository } from './repositories/legal-corpus-housekeeping.repository';
import { MonitorRepository } from './repositories/monitor.repository';
import { ReviewRepository } from './repositories/review.repository';
import { ServiceStateRepository } from './repositories/service-state.repository';
import { MonitorActivationRepository } from './repositories/monitor-activation.repository';
import { MembershipRepository } from './repositories/membership.repository';
import { PasswordResetRepository } from './repositories/password-reset.repository';
import { PrivacyNoticeRepository } from './repositories/privacy-notice.repository';
import { PrivacyRequestRepository } from './repositories/privacy-request.repository';
import { PrivacyExportRepository } from './repositories/privacy-export.repository';
import { PersonalDataEraser } from './repositories/personal-data-eraser';
import { RetentionRepository } from './repositories/retention.repository';

const REPOSITORIES = [
  UserRepository,
  AuthSessionRepository,
  ApiKeyRepository,
  MembershipRepository,
  PasswordResetRepository,
  PrivacyNoticeRepository,
  PrivacyRequestRepository,
  PrivacyExportRepository,
  AuditRepository,
  PackageRepository,
  CandidateRequestRepository,
  ProcessExecutionRepository,
  OutboxRepository,
  IdempotencyRepository,
  LegalSearchRepository,
  EventRepository,
  BatchRepository,
  WebhookEndpointRepository,
  WebhookDeliveryRepository,
  WebhookDispatchRepository,
  CandidateReportRepository,
  LegalSearchListRepository,
  BillingLedgerRepository,
  WatchListScreeningRepository,
  LegalCorpusHousekeepingRepository,
  MonitorRepository,
  ReviewRepository,
  ServiceStateRepository,
];

/** Repositories written without Nest (the CLIs use them too), built from the data source. */
const PLAIN_REPOSITORIES = [
  {
    provide: WatchListRepository,
    inject: [DataSource],
    useFactory: (ds: DataSource) => new WatchListRepository(ds),
  },
  {
    provide: MonitorActivationRepository,
    inject: [DataSource],
    useFactory: (ds: DataSource) => new MonitorActivationRepository(ds),
  },
  { provide: PersonalDataEraser, useFactory: () => new PersonalDataEraser() },
  {
    provide: RetentionRepository,
    inject: [DataSource, PersonalDataEraser],
    useFactory: (ds: DataSource, eraser: PersonalDataEraser) => new RetentionRepository(ds, eraser),
  },
];

export interface PersistenceOptions {
  databaseUrl: string;
  poolSize?: number;
}

/**
 * TypeORM over PostgreSQL plus the intent-named repositories. The app passes its database
 * settings in, so this library does not depend on the platform lib that owns configuration.
 */
@Global()
@Module({})
export class PersistenceModule {
  static forRoot(options: {
    inject: Array<string | symbol | (abstract new (...args: never[]) => unknown)>;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    useFactory: (...args: any[]) => PersistenceOptions;
  }): DynamicModule {
    return {
      module: PersistenceModule,
      imports: [
        TypeOrmModule.forRootAsync({
          inject: options.inject,
          useFactory: (...args: unknown[]): TypeOrmModuleOptions => {
            const { databaseUrl, poolSize } = options.useFactory(...args);
            return {
              ...dataSourceOptions(databaseUrl, { poolSize, eventWriter: true }),
              retryAttempts: 2,
              retryDelay: 1000,
            };
          },
        }),
      ],
      providers: [...REPOSITORIES, ...PLAIN_REPOSITORIES],
      exports: [
        ...REPOSITORIES,
        WatchListRepository,
        MonitorActivationRepository,
        PersonalDataEraser,
        RetentionRepository,
      ],
    };
  }
}
