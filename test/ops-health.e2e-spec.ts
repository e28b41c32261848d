import { api, eventually, killProcessor, restartProcessor, state } from './support/helpers';
import { documentedViolations } from './support/openapi';
import { exitOf, kill, spawnApp } from './support/stack';

interface ProcessorStatus {
  status: 'up' | 'down';
  lastSeen: string | null;
  instances: number;
}

async function processorStatus(): Promise<ProcessorStatus> {
  const response = await api().get('/health').expect(200);
  return response.body.details.processor as ProcessorStatus;
}

/** Polls /health every 100 ms until the processor entry passes `check`; answers how long it took. */
async function msUntilProcessor(check: (p: ProcessorStatus) => boolean, what: string): Promise<number> {
  const started = Date.now();
  await eventually(async () => (check(await processorStatus()) ? true : undefined), 10_000, what);
  return Date.now() - started;
}

/**
 * Starts a processor instance beside the stack's (no metrics server: the stack's has the port),
 * waits until it is counted, stops it with `signal`; answers how long until it was counted out.
 */
async function stopSecondProcessor(signal: NodeJS.Signals) {
  const second = spawnApp('processor', { ...state().env, PROCESSOR_METRICS_PORT: '0' });
  try {
    await msUntilProcessor((p) => p.instances === 2, 'a second processor instance');
    kill(second.pid!, signal);
    const ms = await msUntilProcessor(
      (p) => p.instances === 1,
      `the instance stopped by ${signal} to drop out`,
    );
    return { ms, exit: await exitOf(second) };
  } finally {
    if (second.exitCode === null && second.signalCode === null) kill(second.pid!, 'SIGKILL');
  }
}

afterAll(() => {
  restartProcessor();
});

describe('GET /health/live and /health/ready', () => {
  it('answers liveness without looking at any dependency', async () => {
    const response = await api().get('/health/live').expect(200);
    expect(response.body).toEqual({ status: 'ok' });
    expect(await documentedViolations('/health/live', response.body)).toEqual([]);
  });

  it('answers readiness 200 with the body of /health while PostgreSQL and Redis answer', async () => {
    // A spec file before this one may have just restarted the processor: wait for its first beat.
    const response = await eventually(async () => {
      const ready = await api().get('/health/ready').expect(200);
      return ready.body.details.processor.status === 'up' ? ready : undefined;
    });
    expect(response.body).toEqual({
      status: 'ok',
      details: {
        database: expect.objectContaining({ status: 'up' }),
        redis: expect.objectContaining({ status: 'up' }),
        processor: { status: 'up', lastSeen: expect.any(String), instances: expect.any(Number) },
      },
    });
    expect(await documentedViolations('/health/ready', response.body)).toEqual([]);
    expect(await documentedViolations('/health', (await api().get('/health').expect(200)).body)).toEqual([]);
  });
});

describe('processor heartbeat', () => {
  it('counts processor instances apart and drops a killed one within 5 s', async () => {
    // An instance another spec file killed a moment ago may still be counted for up to 3 s.
    await msUntilProcessor((p) => p.status === 'up' && p.instances === 1, 'the stack processor alone');
    const { ms, exit } = await stopSecondProcessor('SIGKILL');
    expect(ms).toBeLessThan(5_000);
    expect(exit.signal).toBe('SIGKILL');
    expect((await processorStatus()).status).toBe('up');
  });

  it('reports the processor down within 5 s of its death, while /health stays 200', async () => {
    await killProcessor({ restart: false });
    const ms = await msUntilProcessor((p) => p.status === 'down', 'the processor to be reported down');
    expect(ms).toBeLessThan(5_000);
    const after = await processorStatus();
    expect(after.instances).toBe(0);
    expect(Date.now() - Date.parse(after.lastSeen!)).toBeLessThan(10_000);
    restartProcessor();
    await msUntilProcessor((p) => p.status === 'up' && p.instances === 1, 'the new processor');
  });

  it('forgets an instance at once when it stops gracefully, and it exits 0', async () => {
    const { ms, exit } = await stopSecondProcessor('SIGTERM');
    // Well under the 3 s a dead instance is still counted: it left the set on the way out.
    expect(ms).toBeLessThan(2_000);
    expect(exit).toEqual({ code: 0, signal: null });
  });
});
