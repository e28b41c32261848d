import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { Logger } from 'nestjs-pino';
import { APP_CONFIG, AppConfig } from '@app/platform';
import { mountQueueDashboard } from './admin/queue-dashboard';
import { AppModule } from './app.module';
import { deferredJsonParser, frameworkErrorReply, RejectUnreadableBody } from './common/json-body';
import { createValidationPipe } from './common/validation';
import { mountSwagger } from './docs/swagger';

/** CONTRACT 1: bodies over 100 kB (100,000 bytes) answer 413. */
export const BODY_LIMIT_BYTES = 100_000;

/** Long enough for any identifier a client may paste; longer ones answer 414 in the error body. */
const MAX_PATH_PARAM_LENGTH = 1024;

export async function createApiApp(): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: true,
    routerOptions: { maxParamLength: MAX_PATH_PARAM_LENGTH },
    frameworkErrors: frameworkErrorReply,
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule, adapter, { bufferLogs: true });
  app.useLogger(app.get(Logger));
  app.useBodyParser(
    'application/json',
    { bodyLimit: BODY_LIMIT_BYTES },
    deferredJsonParser(adapter.getInstance()),
  );
  app.useGlobalInterceptors(new RejectUnreadableBody());
  app.useGlobalPipes(createValidationPipe());
  app.enableShutdownHooks();
  mountSwagger(app);
  await mountQueueDashboard(app, app.get<AppConfig>(APP_CONFIG));
  return app;
}
