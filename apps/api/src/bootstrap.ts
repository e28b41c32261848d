import type { IncomingMessage } from 'node:http';
import { NestFactory, Reflector } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { Logger, PinoLogger } from 'nestjs-pino';
import {
  AppConfig,
  bootLogger,
  corsOriginMatcher,
  HttpMetrics,
  loadAppConfig,
  REQUEST_ID_HEADER,
  requestIdFrom,
} from '@app/platform';
import { mountQueueDashboard } from './admin/queue-dashboard';
import { AppModule } from './app.module';
import { AccessLog } from './common/access-log';
import { BATCH_BODY_LIMIT_BYTES, BODY_LIMIT_BYTES } from './common/body-limits';
import { corsOptions } from './common/cors';
import { ConnectionDrain } from './common/draining';
import { startEveryRequest } from './common/every-request';
import { answerConditionalGets } from './common/conditional-get';
import { deferredCsvParser, deferredJsonParser, RejectUnsafeInput } from './common/json-body';
import { clientErrorReply, EarlyAnswers, routerErrorReply } from './common/refused-requests';
import { securityHeaderList, securityHeaders } from './common/security-headers';
import { createValidationPipe } from './common/validation';
import { isDocsRoute, mountSwagger } from './docs/swagger';

/** The routes whose bodies may be larger than BODY_LIMIT_BYTES. */
const ROUTE_BODY_LIMITS: Record<string, number> = { '/candidate-requests/batch': BATCH_BODY_LIMIT_BYTES };

/** Long enough for any identifier a client may paste; longer ones answer 414 in the error body. */
const MAX_PATH_PARAM_LENGTH = 1024;

export async function createApiApp(): Promise<NestFastifyApplication> {
  // Read before Nest starts: the HTTP adapter needs it. The module reads the same validated values.
  const config: AppConfig = loadAppConfig();
  const early: EarlyAnswers = {
    securityHeaders: securityHeaderList(securityHeaders(config)),
    isAllowedOrigin: corsOriginMatcher(config.corsOrigins),
    // The api's pino logger, which nestjs-pino builds with the application.
    accessLog: new AccessLog(() => PinoLogger.root),
  };
  const adapter = new FastifyAdapter({
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    routerOptions: { maxParamLength: MAX_PATH_PARAM_LENGTH },
    // docs/integrators.md: the caller's X-Request-Id when usable, else a UUID; every answer carries it.
    genReqId: (request: IncomingMessage) => requestIdFrom(request.headers[REQUEST_ID_HEADER]),
    frameworkErrors: routerErrorReply(early),
    clientErrorHandler: clientErrorReply(early),
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
    // Until nestjs-pino takes over, Nest logs JSON lines too (docs/operations.md, "Logs").
    logger: bootLogger(),
    bodyParser: false,
    // A failed start is thrown to main(), which says why and exits with the code the supervisor
    // reads (69 for an unreachable PostgreSQL or Redis), instead of Nest exiting with code 1.
    abortOnError: false,
  });
  app.useLogger(app.get(Logger));
  startEveryRequest(adapter, early.securityHeaders, await app.resolve(PinoLogger));
  answerConditionalGets(adapter);
  // docs/integrators.md, through @fastify/cors: its hook runs among the adapter's first, so preflights are
  // answered before authentication and every later answer (errors included) carries its headers.
  app.enableCors(corsOptions(early.isAllowedOrigin));
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
  // Shutdown on SIGTERM is main.ts's (closeOnSignals): drain the connections, then exit 0.
  app.get(ConnectionDrain).attach(adapter.getInstance());
  early.accessLog.instrument(adapter.getInstance());
  // Swagger UI's files are not API routes: they would only blur the API's latency figures.
  app.get(HttpMetrics).instrument(adapter.getInstance(), { ignoreRoute: isDocsRoute });
  mountSwagger(app);
  await mountQueueDashboard(app, config);
  return app;
}
