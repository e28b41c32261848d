import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { Logger } from 'nestjs-pino';
import { APP_CONFIG, AppConfig } from '@app/platform';
import { mountQueueDashboard } from './admin/queue-dashboard';
import { AppModule } from './app.module';
import { createValidationPipe } from './common/validation';
import { mountSwagger } from './docs/swagger';

/** CONTRACT 1: bodies over 100 kB answer 413. */
export const BODY_LIMIT_BYTES = 100 * 1024;

export async function createApiApp(): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({ bodyLimit: BODY_LIMIT_BYTES, trustProxy: true });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule, adapter, { bufferLogs: true });
  app.useLogger(app.get(Logger));
  app.useGlobalPipes(createValidationPipe());
  app.enableShutdownHooks();
  mountSwagger(app);
  await mountQueueDashboard(app, app.get<AppConfig>(APP_CONFIG));
  return app;
}
