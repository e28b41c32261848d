import { randomUUID } from 'node:crypto';
import { IncomingMessage } from 'node:http';
import { Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
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
 * JSON logs with a request id (taken from `X-Request-Id` when the caller sends one); pretty
 * printed in development so a person can read them in a terminal.
 */
@Module({
  imports: [
    LoggerModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        pinoHttp: {
          level: config.logLevel,
          redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
          genReqId: (req: IncomingMessage) => {
            const header = req.headers['x-request-id'];
            return typeof header === 'string' && /^[\w.-]{1,128}$/.test(header) ? header : randomUUID();
          },
          // Health probes (/health, /health/live, /health/ready) would drown the log.
          autoLogging: { ignore: (req: IncomingMessage) => req.url?.startsWith('/health') === true },
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
            config.nodeEnv === 'development' && (process.stdout.isTTY || process.env.LOG_PRETTY === '1')
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
