import { NestFactory, Reflector } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { Logger } from 'nestjs-pino';
import { AppConfig, HttpMetrics, loadAppConfig, ShutdownState } from '@app/platform';
import { mountQueueDashboard } from './admin/queue-dashboard';
import { AppModule } from './app.module';
import { BATCH_BODY_LIMIT_BYTES, BODY_LIMIT_BYTES } from './common/body-limits';
import { closeConnectionsWhileDraining } from './common/draining';
import {
  deferredCsvParser,
  deferredJsonParser,
  frameworkErrorReply,
  RejectUnsafeInput,
} from './common/json-body';
import { applySecurityHeaders, securityHeaders } from './common/security-headers';
import { createValidationPipe } from './common/validation';
import { mountSwagger } from './docs/swagger';

/** The routes whose bodies may be larger than BODY_LIMIT_BYTES. */
const ROUTE_BODY_LIMITS: Record<string, number> = { '/candidate-requests/batch': BATCH_BODY_LIMIT_BYTES };

/** Long enough for any identifier a client may paste; longer ones answer 414 in the error body. */
const MAX_PATH_PARAM_LENGTH = 1024;

export async function createApiApp(): Promise<NestFastifyApplication> {
  // Read before Nest starts: the HTTP adapter needs it. The module reads the same validated values.
  const config: AppConfig = loadAppConfig();
  const adapter = new FastifyAdapter({
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    routerOptions: { maxParamLength: MAX_PATH_PARAM_LENGTH },
    frameworkErrors: frameworkErrorReply,
    // Requests that reach a draining api on a connection it still holds are served (/health/ready
    // then says 503), rather than getting Fastify's bare 503.
    return503OnClosing: false,
  });
  // No default parsers: JSON is the only body this api reads, anything else answers 415
  // (a form-encoded body must not be taken for a search and billed).
  adapter.getInstance().removeAllContentTypeParsers();
  adapter.getInstance().addHook('onRoute', (route) => {
    route.bodyLimit = ROUTE_BODY_LIMITS[route.url] ?? route.bodyLimit;
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule, adapter, {
    bufferLogs: true,
    bodyParser: false,
  });
  app.useLogger(app.get(Logger));
  applySecurityHeaders(adapter.getInstance(), securityHeaders(config));
  app.useBodyParser(
    'application/json',
    { bodyLimit: BODY_LIMIT_BYTES },
    deferredJsonParser(adapter.getInstance()),
  );
  app.useBodyParser('text/csv', { bodyLimit: BODY_LIMIT_BYTES }, deferredCsvParser());
  // After the APP_GUARD (authentication), which Nest registered while creating the app: a caller
  // without a token learns it needs one before it learns its input is unusable.
  app.useGlobalGuards(new RejectUnsafeInput(app.get(Reflector)));
  app.useGlobalPipes(createValidationPipe());
  // Shutdown on SIGTERM is main.ts's (closeOnSignals): drain, then exit 0.
  closeConnectionsWhileDraining(adapter.getInstance(), app.get(ShutdownState));
  app.get(HttpMetrics).instrument(adapter.getInstance());
  mountSwagger(app);
  await mountQueueDashboard(app, config);
  return app;
}
