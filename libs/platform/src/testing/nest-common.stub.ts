/**
 * What a unit spec loads instead of `@nestjs/common`, which is ESM-only in Nest 12 and so cannot be
 * required by Jest's CommonJS: decorators that do nothing, and a Logger that keeps what it is told.
 * Only for specs that construct a class decorated for Nest themselves:
 *
 *   jest.mock('@nestjs/common', () => jest.requireActual('@app/platform/testing/nest-common.stub'));
 */
export interface LoggedLine {
  level: 'log' | 'warn' | 'error' | 'debug';
  context?: string;
  fields: unknown;
  message?: unknown;
}

/** Every line any stub Logger was given, in order (a spec empties it in its beforeEach). */
export const logged: LoggedLine[] = [];

const noDecoration = () => () => undefined;
export const Injectable = noDecoration;
export const Inject = noDecoration;
export const Optional = noDecoration;
/** Extended at load time by the api's validation pipe (apps/api/src/common/validation.ts). */
export class ValidationPipe {}

export class Logger {
  constructor(private readonly context?: string) {}
  log(fields: unknown, message?: unknown): void {
    logged.push({ level: 'log', context: this.context, fields, message });
  }
  warn(fields: unknown, message?: unknown): void {
    logged.push({ level: 'warn', context: this.context, fields, message });
  }
  error(fields: unknown, message?: unknown): void {
    logged.push({ level: 'error', context: this.context, fields, message });
  }
  debug(fields: unknown, message?: unknown): void {
    logged.push({ level: 'debug', context: this.context, fields, message });
  }
}
