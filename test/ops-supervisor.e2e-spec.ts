import { createServer, Server } from 'node:net';
import { eventually, killProcessor, restartProcessor, signIn } from './support/helpers';
import { NpmStart } from './support/npm-start';
import { E2E, exitOf, isAlive, kill, sleep } from './support/stack';
import { candidate, settled } from './support/screening';

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
    // The newcomer piping the output still learns how to sign in (the published demo password only).
    expect(lines).toContainEqual(
      expect.objectContaining({
        app: 'supervisor',
        msg: expect.stringMatching(
          /^Demo sign-in: demo@acme\.test \/ (Demo-Pass-2026!|\(your DEMO_PASSWORD\)) /,
        ),
      }),
    );
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
      // The processor's failed start is one fatal JSON line naming the reason; the verdict one too.
      const lines = start.jsonLines();
      expect(lines).toContainEqual(
        expect.objectContaining({
          app: 'processor',
          level: 60,
          exitCode: 1,
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
