/**
 * `npm start` (node scripts/start.js) run by a test beside the stack, on ports of its own, its output
 * kept for assertions. By default with the stack's environment (its database and Redis, and its mail
 * catcher's SMTP_URL, so npm start runs no catcher of its own); `env` changes any of it (a private
 * PostgreSQL cluster and Redis for the outage drills); a variable set to undefined is left out
 * (`SMTP_URL: undefined`: npm start runs its catcher, on this slot's ports rather than 1025 / 1080).
 */
import { ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { state } from './helpers';
import { E2E, isAlive, kill, LOG_DIR, ROOT } from './stack';

export class NpmStart {
  readonly child: ChildProcess;
  output = '';

  constructor(env: Record<string, string | undefined> = {}) {
    mkdirSync(LOG_DIR, { recursive: true });
    const log = createWriteStream(join(LOG_DIR, 'npm-start.log'), { flags: 'a' });
    this.child = spawn(process.execPath, [join(ROOT, 'scripts/start.js')], {
      cwd: ROOT,
      env: {
        ...process.env,
        ...state().env,
        PORT: String(E2E.supervisedApiPort),
        METRICS_PORT: String(E2E.supervisedMetricsPort),
        PROCESSOR_METRICS_PORT: String(E2E.supervisedProcessorMetricsPort),
        MAIL_CATCHER_SMTP_PORT: String(E2E.supervisedMailSmtpPort),
        MAIL_CATCHER_PORT: String(E2E.supervisedMailWebPort),
        PUBLIC_URL: `http://127.0.0.1:${E2E.supervisedApiPort}`,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const stream of [this.child.stdout!, this.child.stderr!]) {
      stream.on('data', (chunk: Buffer) => {
        this.output += chunk.toString();
        log.write(chunk);
      });
    }
    this.child.once('exit', () => log.end());
  }

  api() {
    return request(`http://127.0.0.1:${E2E.supervisedApiPort}`);
  }

  /** Pids the supervisor logged for an app, in start order. */
  pids(app: 'api' | 'processor'): number[] {
    return [...this.output.matchAll(new RegExp(`${app} started \\(pid (\\d+)\\)`, 'g'))].map((m) =>
      Number(m[1]),
    );
  }

  /** Every line printed, each parsed as the JSON object it must be (stdout is a pipe here). */
  jsonLines(): Array<Record<string, unknown>> {
    return this.output
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => {
        try {
          return JSON.parse(line) as Record<string, unknown>;
        } catch {
          throw new Error(`npm start printed a line that is not JSON: ${line}`);
        }
      });
  }

  /** Whatever is left when a test failed half-way (once start.js has exited, its apps are gone). */
  killAll(): void {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    for (const pid of [...this.pids('api'), ...this.pids('processor')])
      if (isAlive(pid)) kill(pid, 'SIGKILL');
    kill(this.child.pid!, 'SIGKILL');
  }
}
