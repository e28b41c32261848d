import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { LOG_DIR } from './stack';

/** One JSON line an app logged (pino), as far as the tests look at it. */
export interface LogLine {
  level: number;
  msg: string;
  context?: string;
  jobId?: string;
  queue?: string;
  processId?: string;
  outcome?: string;
  [field: string]: unknown;
}

/** Where an app's log file ends now: lines logged from here on are what a test caused. */
export function logMark(app: 'api' | 'processor'): number {
  const file = join(LOG_DIR, `${app}.log`);
  return existsSync(file) ? statSync(file).size : 0;
}

/** The JSON lines an app logged since `mark` (every instance of it appends to the same file). */
export function logLinesSince(app: 'api' | 'processor', mark: number): LogLine[] {
  const text = readFileSync(join(LOG_DIR, `${app}.log`))
    .subarray(mark)
    .toString('utf8');
  return text
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);
}
