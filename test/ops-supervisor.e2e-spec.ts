import { ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { createServer, Server } from 'node:net';
import { join } from 'node:path';
import request from 'supertest';
import { eventually, killProcessor, restartProcessor, signIn, state } from './support/helpers';
import { E2E, exitOf, isAlive, kill, LOG_DIR, ROOT, sleep } from './support/stack';
import { candidate, settled } from './support/screening';

/** `node scripts/start.js` beside the stack, on ports of its own, its output kept for assertions. */
class NpmStart {
  readonly child: ChildProcess;
  output = '';

  constructor(env: Record<string, string> = {}) {
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

/** GET /health/live every 100 ms until stopped; answers what was not a 200. */
function pollLiveness(start: NpmStart): { stop: () => Promise<string[]>; count: () => number } {
  const failures: string[] = [];
  let polls = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      polls += 1;
      const at = new Date().toISOString();
      await start
        .api()
        .get('/health/live')
        .timeout(2_000)
        .then(
          (response) => {
            if (response.status !== 200) failures.push(`${at}: ${response.status}`);
          },
          (error: Error) => failures.push(`${at}: ${error.message}`),
        );
      await sleep(100);
    }
  })();
  return {
    count: () => polls,
    stop: async () => {
      running = false;
      await loop;
      return failures;
    },
  };
}

async function supervisedProcessor(start: NpmStart) {
  const response = await start.api().get('/health').expect(200);
  return response.body.details.processor as { status: string; instances: number };
}

describe('npm start supervises the api and the processor', () => {
  let start: NpmStart | undefined;

  beforeAll(async () => {
    // Only the supervised processor may run jobs, so a finished registration proves it is back.
    await killProcessor({ restart: false });
  });

  afterEach(() => start?.killAll());

  afterAll(() => {
    restartProcessor();
  });

  it('restarts a killed processor while the api keeps answering, and stops both with exit 0 on SIGTERM', async () => {
    start = new NpmStart({ LOG_LEVEL: 'info' });
    await eventually(
      async () => ((await start!.api().get('/health')).status === 200 ? true : undefined),
      60_000,
      'the supervised api',
    );
    await eventually(
      async () => ((await supervisedProcessor(start!)).instances === 1 ? true : undefined),
      30_000,
      'the supervised processor',
    );
    const [apiPid] = start.pids('api');
    const [firstProcessor] = start.pids('processor');

    const liveness = pollLiveness(start);
    kill(firstProcessor, 'SIGKILL');
    await eventually(
      async () => (start!.pids('processor').length === 2 ? true : undefined),
      10_000,
      'a new processor',
    );
    await eventually(
      async () => ((await supervisedProcessor(start!)).status === 'up' ? true : undefined),
      30_000,
      'the new processor heartbeat',
    );
    const session = await signIn();
    const registered = await start
      .api()
      .post('/candidate-requests')
      .set(session.auth)
      .send(candidate())
      .expect(202);
    await eventually(
      async () => {
        const overview = await start!
          .api()
          .get(`/candidate-requests/${registered.body.uuid}`)
          .set(session.auth);
        return settled(overview.body.data) ? true : undefined;
      },
      30_000,
      'the registration to complete on the new processor',
    );
    const failures = await liveness.stop();
    expect(failures).toEqual([]);
    expect(liveness.count()).toBeGreaterThan(10);
    expect(start.pids('api')).toEqual([apiPid]); // the api was never restarted
    expect(start.output).toContain('processor was killed by SIGKILL; restarting it in 0.5 s');

    kill(start.child.pid!, 'SIGTERM');
    expect(await exitOf(start.child)).toEqual({ code: 0, signal: null });
    expect(isAlive(apiPid)).toBe(false);
    expect(isAlive(start.pids('processor')[1])).toBe(false);

    // Not a terminal: JSON lines only (no colour, no prefix), each saying which app wrote it.
    expect(start.output).not.toContain('\x1b[');
    const lines = start.jsonLines();
    expect(lines.filter((line) => !['api', 'processor', 'supervisor'].includes(line.app as string))).toEqual(
      [],
    );
    expect(new Set(lines.map((line) => line.app))).toEqual(new Set(['api', 'processor', 'supervisor']));
    expect(lines).toContainEqual(
      expect.objectContaining({ app: 'supervisor', level: 30, msg: `api started (pid ${apiPid})` }),
    );
    expect(lines).toContainEqual(expect.objectContaining({ app: 'supervisor', msg: 'Stopped.' }));
  }, 120_000);

  it('stops everything and exits non-zero when the processor crashes 5 times within 60 s', async () => {
    // The processor's metrics port is taken: it fails at boot every time, as with a bad setting.
    const squatter: Server = createServer();
    await new Promise<void>((resolve) =>
      squatter.listen(E2E.supervisedProcessorMetricsPort, '0.0.0.0', resolve),
    );
    try {
      start = new NpmStart();
      const { code } = await exitOf(start.child);
      expect(code).toBe(1);
      expect(start.output).toContain(
        'processor exited with code 1: 5 crashes within 60 s, so everything is stopped',
      );
      expect(start.output).toContain('PROCESSOR_METRICS_PORT');
      expect(start.pids('processor')).toHaveLength(5);
      const [apiPid] = start.pids('api');
      expect(apiPid).toBeDefined();
      expect(isAlive(apiPid)).toBe(false);
      // The processor's own error (not a pino line) and the final verdict are JSON lines too.
      const lines = start.jsonLines();
      expect(lines).toContainEqual(
        expect.objectContaining({
          app: 'processor',
          level: 50,
          msg: expect.stringContaining('PROCESSOR_METRICS_PORT'),
        }),
      );
      expect(lines).toContainEqual(
        expect.objectContaining({
          app: 'supervisor',
          level: 50,
          msg: expect.stringContaining('5 crashes within 60 s'),
        }),
      );
    } finally {
      squatter.close();
    }
  }, 120_000);
});
