import Redis from 'ioredis';
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

/** Polls /health until the processor entry passes `check`. */
async function untilProcessor(
  check: (p: ProcessorStatus) => boolean,
  what: string,
): Promise<ProcessorStatus> {
  return eventually(
    async () => {
      const status = await processorStatus();
      return check(status) ? status : undefined;
    },
    20_000,
    what,
  );
}

/** The processors' heartbeats as stored in Redis: instance id -> its last beat (ms, Redis clock). */
async function heartbeats(): Promise<Map<string, number>> {
  const redis = new Redis(state().redisUrl);
  try {
    const flat = await redis.zrange('processor:heartbeats', 0, -1, 'WITHSCORES');
    const beats = new Map<string, number>();
    for (let i = 0; i < flat.length; i += 2) beats.set(flat[i], Number(flat[i + 1]));
    return beats;
  } finally {
    redis.disconnect();
  }
}

/**
 * Starts a processor instance beside the stack's (no metrics server: the stack's has the port),
 * waits until it is counted, stops it with `signal` and waits until it is counted out; answers its
 * heartbeat's id and how it exited.
 */
async function stopSecondProcessor(signal: NodeJS.Signals) {
  const alone = await heartbeats();
  const second = spawnApp('processor', { ...state().env, PROCESSOR_METRICS_PORT: '0' });
  try {
    await untilProcessor((p) => p.instances === 2, 'a second processor instance');
    const secondId = [...(await heartbeats()).keys()].find((id) => !alone.has(id))!;
    expect(secondId).toBeDefined();
    kill(second.pid!, signal);
    await untilProcessor((p) => p.instances === 1, `the instance stopped by ${signal} to drop out`);
    return { secondId, exit: await exitOf(second) };
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
  it('counts processor instances apart and drops a killed one once its beats stop', async () => {
    // An instance another spec file killed a moment ago may still be counted for up to 3 s.
    await untilProcessor((p) => p.status === 'up' && p.instances === 1, 'the stack processor alone');
    const { secondId, exit } = await stopSecondProcessor('SIGKILL');
    expect(exit.signal).toBe('SIGKILL');
    // Counted out by the age of its last beat (ALIVE_WITHIN_MS), which is still stored: a killed
    // instance cannot leave.
    expect((await heartbeats()).has(secondId)).toBe(true);
    expect((await processorStatus()).status).toBe('up');
  });

  it('reports the processor down after its death, while /health stays 200', async () => {
    await killProcessor({ restart: false });
    const after = await untilProcessor((p) => p.status === 'down', 'the processor to be reported down');
    expect(after.instances).toBe(0);
    // lastSeen: the latest beat stored, the dead processor's.
    expect(Date.parse(after.lastSeen!)).toBe(Math.max(...(await heartbeats()).values()));
    restartProcessor();
    await untilProcessor((p) => p.status === 'up' && p.instances === 1, 'the new processor');
  });

  it('forgets an instance at once when it stops gracefully, and it exits 0', async () => {
    const { secondId, exit } = await stopSecondProcessor('SIGTERM');
    expect(exit).toEqual({ code: 0, signal: null });
    // Not counted out by age: it left the set on the way out.
    expect((await heartbeats()).has(secondId)).toBe(false);
  });
});
