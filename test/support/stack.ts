/**
 * The e2e stack: the built api and processor as real child processes, against a throwaway
 * PostgreSQL database and a private redis-server, so that tests can kill the processor or stop
 * Redis for real without disturbing anything else on the machine.
 */
import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const ROOT = join(__dirname, '..', '..');
const STATE_FILE = join(tmpdir(), `screening-e2e-${process.env.E2E_SLOT ?? 'default'}.json`);
/** Each slot's apps log apart: tests read the lines their own stack wrote (test/support/logs.ts). */
export const LOG_DIR = join(
  ROOT,
  'test',
  'artifacts',
  'logs',
  ...(process.env.E2E_SLOT ? [process.env.E2E_SLOT] : []),
);

export interface StackState {
  apiPort: number;
  redisPort: number;
  databaseUrl: string;
  redisUrl: string;
  apiPid: number;
  processorPid: number;
  /** The web side of the stack's mail catcher (GET /messages; test/support/mail.ts). */
  mailUrl: string;
  env: Record<string, string>;
}

const slotOffset = Number(process.env.E2E_SLOT_OFFSET ?? 0);
export const E2E = {
  apiPort: 3100 + slotOffset,
  redisPort: 6390 + slotOffset,
  /** /metrics of the stack's api and processor. */
  metricsPort: 9300 + slotOffset,
  processorMetricsPort: 9301 + slotOffset,
  /** `npm start` run by a test, beside the stack: its api port and its apps' metrics ports. */
  supervisedApiPort: 3105 + slotOffset,
  supervisedMetricsPort: 9305 + slotOffset,
  supervisedProcessorMetricsPort: 9306 + slotOffset,
  /** The stack's mail catcher (run by the global setup): its SMTP port and its web port. */
  mailSmtpPort: 2525 + slotOffset,
  mailWebPort: 2580 + slotOffset,
  /** The catcher of `npm start` run by a test without SMTP_URL (MAIL_CATCHER_SMTP_PORT / _PORT). */
  supervisedMailSmtpPort: 2526 + slotOffset,
  supervisedMailWebPort: 2581 + slotOffset,
  databaseUrl:
    process.env.E2E_DATABASE_URL ??
    `postgres://postgres@127.0.0.1:5432/screening_e2e_test${slotOffset || ''}`,
};

export function stackEnv(): Record<string, string> {
  return {
    NODE_ENV: 'test',
    PORT: String(E2E.apiPort),
    DATABASE_URL: E2E.databaseUrl,
    REDIS_URL: `redis://127.0.0.1:${E2E.redisPort}`,
    JWT_SECRET: 'e2e-secret-0123456789abcdef0123456789abcdef',
    LOG_LEVEL: 'warn',
    SANDBOX_LATENCY_MS: '5',
    SANDBOX_FAILURE_RATE: '0',
    SIGNIN_MAX_FAILURES: '5',
    SIGNIN_LOCKOUT_SECONDS: '60',
    ESTIMATES_REFRESH_MS: '300',
    // The retention sweep (docs/privacy.md) runs often, so blocking and suppression show within seconds.
    PRIVACY_SWEEP_MS: '500',
    LEGAL_SOURCE_TIMEOUT_MS: '2000',
    LEGAL_SOURCE_SLOW_MS: '1000',
    QUEUE_DASHBOARD_USER: 'qa',
    QUEUE_DASHBOARD_PASSWORD: 'qa-dashboard-pass',
    METRICS_PORT: String(E2E.metricsPort),
    PROCESSOR_METRICS_PORT: String(E2E.processorMetricsPort),
    // Failed webhook deliveries are retried within seconds, not minutes.
    WEBHOOKS_RETRY_SCHEDULE: '1s,1s,1s',
    // Mails go to the stack's catcher; tests read them with test/support/mail.ts.
    SMTP_URL: `smtp://127.0.0.1:${E2E.mailSmtpPort}`,
    MAIL_FROM: 'Screening e2e <no-reply@screening.test>',
    PUBLIC_URL: `http://127.0.0.1:${E2E.apiPort}`,
  };
}

export function readState(): StackState {
  return JSON.parse(readFileSync(STATE_FILE, 'utf8')) as StackState;
}

export function writeState(state: StackState): void {
  writeFileSync(STATE_FILE, JSON.stringify(state));
}

/** The Node flags the apps run with everywhere (scripts/lib/app-runtime.js). */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { APP_NODE_FLAGS } = require(join(ROOT, 'scripts/lib/app-runtime.js')) as {
  APP_NODE_FLAGS: Record<'api' | 'processor', readonly string[]>;
};
// eslint-disable-next-line @typescript-eslint/no-require-imports
const redisServer = require(join(ROOT, 'scripts/lib/redis-server.js')) as {
  startRedisServer: (port: number, name: string) => void;
  stopRedisServer: (port: number) => void;
};

/** A mail catcher of scripts/lib/mail-catcher.js (docs/operations.md, Mail). */
export interface MailCatcher {
  smtpUrl: string;
  webUrl: string;
  close(): Promise<void>;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const mailCatcher = require(join(ROOT, 'scripts/lib/mail-catcher.js')) as {
  startMailCatcher: (options: { smtpPort: number; httpPort: number; keep?: number }) => Promise<MailCatcher>;
};

/** Where the global setup leaves the stack's mail catcher for the global teardown (same process). */
export const MAIL_CATCHER_GLOBAL = '__screeningE2eMailCatcher';

/** The stack's mail catcher, in the process of Jest's global setup (closed by its teardown). */
export function startMailCatcher(): Promise<MailCatcher> {
  // Tests running at once share it: room for many more mails than a run sends at a time.
  return mailCatcher.startMailCatcher({ smtpPort: E2E.mailSmtpPort, httpPort: E2E.mailWebPort, keep: 1000 });
}

export function startRedis(port: number): void {
  redisServer.startRedisServer(port, 'screening-e2e');
}

export function stopRedis(port: number): void {
  redisServer.stopRedisServer(port);
}

export async function waitForRedis(port: number, up = true, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ping = spawnSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8' });
    if ((ping.stdout.trim() === 'PONG') === up) return;
    await sleep(100);
  }
  throw new Error(`redis on ${port} did not become ${up ? 'available' : 'unavailable'}`);
}

/** A built app as a child process of its own group, logging to test/artifacts/logs/<name>.log. */
export function spawnApp(name: 'api' | 'processor', env: Record<string, string>): ChildProcess {
  mkdirSync(LOG_DIR, { recursive: true });
  const out = openSync(join(LOG_DIR, `${name}.log`), 'a');
  const child = spawn(
    process.execPath,
    [...APP_NODE_FLAGS[name], join(ROOT, `dist/apps/${name}/src/main.js`)],
    {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', out, out],
      detached: true,
    },
  );
  closeSync(out);
  child.unref();
  return child;
}

export function startApi(env: Record<string, string>): number {
  return spawnApp('api', env).pid!;
}

export function startProcessor(env: Record<string, string>): number {
  return spawnApp('processor', env).pid!;
}

/** How a child process ended (also when it ended before this was called). */
export function exitOf(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null)
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

export function kill(pid: number, signal: NodeJS.Signals = 'SIGTERM'): void {
  try {
    process.kill(pid, signal);
  } catch {
    /* already gone */
  }
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export async function waitForExit(pid: number, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (isAlive(pid) && Date.now() < deadline) await sleep(50);
  if (isAlive(pid)) kill(pid, 'SIGKILL');
}

export async function waitForHealthy(port: number, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/health`);
      last = await response.text();
      if (response.status === 200) return;
    } catch (error) {
      last = String(error);
    }
    await sleep(200);
  }
  throw new Error(`api on ${port} did not become healthy: ${last}`);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function distIsBuilt(): boolean {
  return (
    existsSync(join(ROOT, 'dist/apps/api/src/main.js')) &&
    existsSync(join(ROOT, 'dist/apps/processor/src/main.js'))
  );
}
