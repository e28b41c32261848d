'use strict';
// One server of the access-log micro-bench (access-log.js beside it): Fastify with one route, the
// api's pino options and its access-log line written by VARIANT: `none` (no line: the floor),
// `hand-written` (apps/api/src/common/access-log.ts, built) or `pino-http` (the same line through
// pino-http's autoLogging). Lines go to LOG_FILE (default /dev/null) through a synchronous destination,
// as the api's go to standard output.
const { randomUUID } = require('node:crypto');
const fastify = require('fastify');
const pino = require('pino');
const { pinoHttp } = require('pino-http');
const { AccessLog, ACCESS_LOG_MESSAGE } = require('../../../dist/apps/api/src/common/access-log');
const { UNMATCHED_ROUTE } = require('../../../dist/libs/platform/src/metrics/route-label');
const { REDACTED_PATHS } = require('../../../dist/libs/platform/src/logging/logging.module');

const variant = process.env.VARIANT;
const root = pino(
  { level: 'info', redact: { paths: REDACTED_PATHS, censor: '[redacted]' } },
  pino.destination({ dest: process.env.LOG_FILE || '/dev/null', sync: true }),
);

const app = fastify({ genReqId: () => randomUUID() });
app.get('/candidate-requests/:id', (request, reply) => {
  reply.send({ isSuccess: true, statusCode: 200, message: 'OK', data: { id: request.params.id } });
});

if (variant === 'hand-written') {
  new AccessLog(() => root).instrument(app);
} else if (variant === 'pino-http') {
  const REPLY = Symbol('fastifyReply');
  const entry = (req, res) => {
    const reply = res[REPLY];
    return {
      method: req.method,
      route: reply.request.routeOptions.url ?? UNMATCHED_ROUTE,
      status: res.statusCode,
      durationMs: Math.round(reply.elapsedTime * 100) / 100,
    };
  };
  const httpLogger = pinoHttp({
    logger: root,
    // The request id alone is bound (as requestId); the fields are the access log's, not pino-http's req/res.
    quietReqLogger: true,
    quietResLogger: true,
    customAttributeKeys: { reqId: 'requestId' },
    customLogLevel: (req, res, err) => (err || res.statusCode >= 500 ? 'warn' : 'info'),
    customSuccessObject: entry,
    customErrorObject: entry,
    customSuccessMessage: () => ACCESS_LOG_MESSAGE,
    customErrorMessage: () => ACCESS_LOG_MESSAGE,
  });
  app.addHook('onRequest', (request, reply, done) => {
    request.raw.id = request.id;
    reply.raw[REPLY] = reply;
    httpLogger(request.raw, reply.raw);
    done();
  });
} else if (variant !== 'none') {
  throw new Error(`VARIANT must be none, hand-written or pino-http, got "${variant}"`);
}

app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' }).then(() => process.send?.('ready'));
