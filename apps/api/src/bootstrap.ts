import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { Logger } from 'nestjs-pino';
import { APP_CONFIG, AppConfig, HttpMetrics, ShutdownState } from '@app/platform';
import { mountQueueDashboard } from './admin/queue-dashboard';
import { AppModule } from './app.module';
import { closeConnectionsWhileDraining } from './common/draining';
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
    // Requests that reach a draining api on a connection it still holds are served (/health/ready
    // then says 503), rather than getting Fastify's bare 503.
    return503OnClosing: false,
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
  // Shutdown on SIGTERM is main.ts's (closeOnSignals): drain, then exit 0.
  closeConnectionsWhileDraining(adapter.getInstance(), app.get(ShutdownState));
  app.get(HttpMetrics).instrument(adapter.getInstance());
  mountSwagger(app);
  await mountQueueDashboard(app, app.get<AppConfig>(APP_CONFIG));
  return app;
}
