import { Global, Logger, Module } from '@nestjs/common';
import { ConfigModule, ConfigService } from '@nestjs/config';
import { AppConfig, loadAppConfig, usesDevelopmentSecret, usesDevelopmentWebhooksKey } from './app-config';

/** Injection token of the validated {@link AppConfig}. */
export const APP_CONFIG = Symbol('APP_CONFIG');

/**
 * The database settings of an app (api or processor), for the persistence module's `forRoot`: the
 * configured URL and a pool of 20 connections. Shaped like its options, which this library does not
 * import.
 */
export const DATABASE_SETTINGS = {
  inject: [APP_CONFIG],
  useFactory: (config: AppConfig): { databaseUrl: string; poolSize: number } => ({
    databaseUrl: config.databaseUrl,
    poolSize: 20,
  }),
};

/**
 * @nestjs/config validates the environment once per process through {@link loadAppConfig}; the
 * rest of the code injects the typed result under {@link APP_CONFIG} instead of reading strings.
 */
@Global()
@Module({
  imports: [
    ConfigModule.forRoot({
      ignoreEnvFile: true,
      cache: true,
      validate: (env: Record<string, string | undefined>) => ({ app: loadAppConfig(env) }),
    }),
  ],
  providers: [
    {
      provide: APP_CONFIG,
      inject: [ConfigService],
      useFactory: (configService: ConfigService): AppConfig => {
        const config = configService.getOrThrow<AppConfig>('app');
        if (usesDevelopmentSecret(config) && config.nodeEnv !== 'test')
          new Logger('Config').warn(
            'JWT_SECRET is not set: using the development secret (never do this in production)',
          );
        if (usesDevelopmentWebhooksKey(config) && config.nodeEnv !== 'test')
          new Logger('Config').warn(
            'WEBHOOKS_SECRET_KEY is not set: webhook secrets are encrypted with the development key (never do this in production)',
          );
        return config;
      },
    },
  ],
  exports: [APP_CONFIG],
})
export class AppConfigModule {}
