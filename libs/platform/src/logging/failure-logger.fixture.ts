import type { FailureLogger } from './repeating-failure';

export interface LoggedLine {
  level: 'warn' | 'info';
  message: string;
  fields: Record<string, unknown>;
}

/** A FailureLogger (a Nest Logger's warn and log) that keeps its lines, for the specs to read. */
export class RecordingLogger implements FailureLogger {
  readonly lines: LoggedLine[] = [];

  warn(fields: Record<string, unknown>, message: string): void {
    this.lines.push({ level: 'warn', message, fields });
  }

  log(fields: Record<string, unknown>, message: string): void {
    this.lines.push({ level: 'info', message, fields });
  }
}
