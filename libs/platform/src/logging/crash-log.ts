import type { LoggerService } from '@nestjs/common';
import pino, { type Logger as Pino } from 'pino';
import { serializeErrorSafely } from './safe-error';

/**
 * Whether an app's logs are pino-pretty's readable lines: in development, for a person at a
 * terminal (npm start sets LOG_PRETTY when it has one). Everywhere else they are JSON lines, one
 * object a line (docs/operations.md, "Logs"). Read from the environment, not the validated
 * configuration: a start whose configuration is refused must say so in the same format.
 */
export function prettyLogs(
  env: NodeJS.ProcessEnv = process.env,
  isTTY = Boolean(process.stdout.isTTY),
): boolean {
  return (env.NODE_ENV ?? 'development') === 'development' && (isTTY || env.LOG_PRETTY === '1');
}

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * pino writing JSON lines to standard output synchronously, so that the line of an app about to
 * exit is written before it does; the same error serializer as the apps' logs.
 */
export function crashLogger(write?: (line: string) => void): Pino {
  const destination = write ? { write } : pino.destination({ dest: 1, sync: true });
  return pino({ serializers: { err: serializeErrorSafely } }, destination);
}

/**
 * Nest's logger until nestjs-pino takes over (`app.useLogger`): what Nest logs while the app is
 * created, and above all why a start failed, which Nest's default ConsoleLogger prints as coloured
 * text inside the JSON lines. Here they are JSON lines like every other: a Nest context becomes
 * `context`, an error `err`.
 */
export class JsonLinesLogger implements LoggerService {
  constructor(private readonly pino: Pino = crashLogger()) {}

  log(message: unknown, ...params: unknown[]): void {
    this.write('info', message, params);
  }
  error(message: unknown, ...params: unknown[]): void {
    this.write('error', message, params);
  }
  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }
  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }
  verbose(message: unknown, ...params: unknown[]): void {
    this.write('trace', message, params);
  }
  fatal(message: unknown, ...params: unknown[]): void {
    this.write('fatal', message, params);
  }

  // Nest's Logger calls (message, ...params, context): an error's stack may come before the context.
  private write(level: Level, message: unknown, params: unknown[]): void {
    const rest = [...params];
    const context = rest.length > 0 && typeof rest[rest.length - 1] === 'string' ? rest.pop() : undefined;
    const fields: Record<string, unknown> = context === undefined ? {} : { context };
    const text = rest.find((param): param is string => typeof param === 'string');
    if (message instanceof Error) this.pino[level]({ ...fields, err: message }, message.message);
    else if (message !== null && typeof message === 'object')
      this.pino[level]({ ...fields, ...(message as object) }, text);
    else if (level === 'error' && text)
      this.pino[level]({ ...fields, err: { stack: text } }, String(message));
    else this.pino[level](fields, String(message));
  }
}

/** Nest's logger option while an app is created: JSON lines unless the logs are pretty. */
export function bootLogger(): LoggerService | undefined {
  return prettyLogs() ? undefined : new JsonLinesLogger();
}

/** Something that ends the process, as `process` does (a fake in tests). */
export interface CrashingProcess {
  on(event: 'uncaughtException', listener: (error: unknown) => void): unknown;
  exit(code: number): never;
}

/**
 * An error nobody caught (a bug, or an unhandled rejection that surviveOutageRejections passed on)
 * ends the app as Node would, with code 1, but said in one JSON line (level fatal, `err`) rather
 * than Node's plain stack trace among the JSON lines. Pretty logs keep Node's own output.
 */
export function logUncaughtErrors(
  app: 'api' | 'processor',
  target: CrashingProcess = process,
  logger: Pino | null = prettyLogs() ? null : crashLogger(),
): void {
  if (!logger) return;
  target.on('uncaughtException', (error) => {
    logger.fatal({ err: error, app }, `The ${app} stopped on an error nobody caught`);
    target.exit(1);
  });
}
