import { Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { prettyLogs } from './crash-log';
import { serializeErrorSafely } from './safe-error';

/** Paths pino blanks out: credentials and tokens never reach a log line. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["idempotency-key"]',
  'req.body.password',
  'req.body.refreshToken',
  'res.headers["set-cookie"]',
  '*.password',
  '*.accessToken',
  '*.refreshToken',
];

/** Query parameters that carry personal data (the searches list filters by name). */
const PERSONAL_QUERY_VALUES = /([?&](?:name|lastName|secondLastName|email)=)[^&]*/gi;

export function redactPersonalQuery(url: string): string {
  return url.replace(PERSONAL_QUERY_VALUES, '$1[redacted]');
}

/**
 * JSON lines, one object a line, whenever standard output is not a terminal (docs/integrators.md); pretty
 * printed in development when a person reads them in a terminal. A line logged while a request is
 * served carries its `requestId` and nothing else of it; the one line per request (method, route,
 * status, duration) is the api's own (apps/api/src/common/access-log.ts), since only Fastify knows
 * the route pattern and sees every answer, preflights and router errors included.
 */
@Module({
  imports: [
    LoggerModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        pinoHttp: {
          level: config.logLevel,
          redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
          // No request lines of pino-http's own, and a request logger that binds the request id
          // only (under the key the api's own binding uses, apps/api/src/common/every-request.ts),
          // never the URL or the headers.
          autoLogging: false,
          quietReqLogger: true,
          customAttributeKeys: { reqId: 'requestId' },
          serializers: {
            err: serializeErrorSafely,
            req: (req: { id: string; method: string; url: string }) => ({
              id: req.id,
              method: req.method,
              url: redactPersonalQuery(req.url),
            }),
          },
          // Readable lines for a person at a terminal (npm start sets LOG_PRETTY when it has one); JSON otherwise.
          transport:
            config.nodeEnv === 'development' && prettyLogs()
              ? {
                  target: 'pino-pretty',
                  options: { singleLine: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' },
                }
              : undefined,
        },
      }),
    }),
  ],
})
export class LoggingModule {}
