import { Module, OnApplicationShutdown } from '@nestjs/common';
import { LegalRecordsSource } from '@app/persistence';
import { APP_CONFIG, AppConfig } from '@app/platform';

/** The legal-records source port, configured from `LEGAL_SOURCE_*`, for the api and the processor alike. */
@Module({
  providers: [
    {
      provide: LegalRecordsSource,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) =>
        new LegalRecordsSource({ databaseUrl: config.databaseUrl, ...config.legalSource }),
    },
  ],
  exports: [LegalRecordsSource],
})
export class LegalSourceModule implements OnApplicationShutdown {
  constructor(private readonly source: LegalRecordsSource) {}

  onApplicationShutdown(): Promise<void> {
    return this.source.close();
  }
}
