/**
 * The database outage drill, as an operator's bad day goes: `npm start` on a private PostgreSQL
 * cluster (and a private Redis), registrations in flight, PostgreSQL stopped (fast: every session is
 * terminated, 57P01) and kept down while the processor is killed and fails to start again, then
 * started. Every registration answered 202 must finish with its events exactly once and its
 * webhooks delivered; the caller hears 503 with Retry-After meanwhile (never 401 or 500); nothing
 * but the killed processor ever stops. Synchronised on what the service shows, never on time.
 */
import { Client } from 'pg';
import { DEMO_PASSWORD, eventually, Session } from './support/helpers';
import { ingestFile, person, runIngestOn } from './support/legal-corpus';
import { NpmStart } from './support/npm-start';
import { candidate, fullCandidate } from './support/screening';
import { E2E, kill, ROOT, startRedis, stopRedis, waitForRedis } from './support/stack';
import { Receiver } from './support/webhooks';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { createCluster } = require(`${ROOT}/scripts/lib/postgres-cluster.js`) as {
  createCluster: (
    port: number,
    name: string,
  ) => { url(database: string): string; start(): void; stop(mode?: string): void; remove(): void };
};

const slot = Number(process.env.E2E_SLOT_OFFSET ?? 0);
const PG_PORT = 5470 + slot;
const REDIS_PORT = 6470 + slot;
const REGISTRATIONS = 16;

/** A gauge of the supervised processor's /metrics (undefined while it does not answer). */
async function processorGauge(name: string): Promise<number | undefined> {
  try {
    const text = await (await fetch(`http://127.0.0.1:${E2E.supervisedProcessorMetricsPort}/metrics`)).text();
    const line = text.split('\n').find((l) => l.startsWith(`${name} `));
    return line === undefined ? undefined : Number(line.split(' ')[1]);
  } catch {
    return undefined;
  }
}

describe('a PostgreSQL outage under npm start', () => {
  const cluster = createCluster(PG_PORT, 'screening-e2e-outage');
  const databaseUrl = cluster.url('screening_outage_test');
  let start: NpmStart;
  let receiver: Receiver;

  beforeAll(async () => {
    cluster.start();
    stopRedis(REDIS_PORT);
    startRedis(REDIS_PORT);
    await waitForRedis(REDIS_PORT, true);
    receiver = await Receiver.start();
    start = new NpmStart({
      DATABASE_URL: databaseUrl,
      REDIS_URL: `redis://127.0.0.1:${REDIS_PORT}`,
      // Provider calls long enough that the outage finds jobs in the middle of them.
      SANDBOX_LATENCY_MS: '800',
      LOG_LEVEL: 'info',
    });
    await eventually(
      async () => ((await start.api().get('/health')).status === 200 ? true : undefined),
      90_000,
      'the supervised api on the private cluster',
    );
  }, 120_000);

  afterAll(async () => {
    start?.killAll();
    stopRedis(REDIS_PORT);
    cluster.remove();
    await receiver?.close();
  });

  async function signIn(): Promise<Session> {
    const response = await start
      .api()
      .post('/signin')
      .send({ email: 'demo@acme.test', password: DEMO_PASSWORD })
      .expect(200);
    const body = response.body as Session['body'] & { accessToken: string; refreshToken: string };
    return {
      accessToken: body.accessToken,
      refreshToken: body.refreshToken,
      auth: { Authorization: `Bearer ${body.accessToken}` },
      body,
    };
  }

  it('finishes every accepted registration exactly once, answers 503 meanwhile, and never gives up', async () => {
    const session = await signIn();
    await start.api().post('/webhook-endpoints').set(session.auth).send({ url: receiver.url }).expect(201);
    const accepted: string[] = [];
    for (let i = 0; i < REGISTRATIONS; i++) {
      const body = i % 2 === 0 ? fullCandidate() : candidate();
      const response = await start.api().post('/candidate-requests').set(session.auth).send(body).expect(202);
      accepted.push(response.body.uuid as string);
    }
    const [apiPid] = start.pids('api');
    const [firstProcessor] = start.pids('processor');

    cluster.stop('fast');
    // An operator's ingest started during the outage waits for the database, then runs whole.
    const ingest = runIngestOn(
      databaseUrl,
      ingestFile([person({ givenNames: 'Outage', paternalSurname: 'Drill', state: 'Jalisco' })]),
    );

    // The caller: 503 with Retry-After, in the error body; a valid token stays valid.
    const refused = await start.api().post('/candidate-requests').set(session.auth).send(candidate());
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.body).toEqual({ code: 503, message: expect.stringContaining('Try again') });
    const read = await start.api().get(`/candidate-requests/${accepted[0]}`).set(session.auth);
    expect(read.status).toBe(503);
    expect(read.headers['retry-after']).toBe('5');
    const signin = await start
      .api()
      .post('/signin')
      .send({ email: 'demo@acme.test', password: DEMO_PASSWORD });
    expect(signin.status).toBe(503);
    await start.api().get('/health/ready').expect(503);
    await start.api().get('/health/live').expect(200);

    // The processor: jobs caught in the middle hold on instead of spending their retries.
    await eventually(
      async () => ((await processorGauge('jobs_waiting_for_dependency')) ?? 0) > 0 || undefined,
      60_000,
      'process jobs waiting for PostgreSQL',
    );
    expect(start.pids('processor')).toEqual([firstProcessor]); // no unhandled error ended it

    // Killed while the database is still down: each restart fails (code 69) and is tried again later.
    kill(firstProcessor, 'SIGKILL');
    await eventually(
      async () =>
        start.output.split('processor cannot reach PostgreSQL or Redis (exit code 69)').length > 2 ||
        undefined,
      90_000,
      'two restarts of the processor failing on the outage',
    );
    expect(start.child.exitCode).toBeNull(); // the supervisor did not give up

    cluster.start();
    const ingested = await ingest;
    expect(ingested.stderr).toContain('PostgreSQL cannot be reached');
    expect(ingested.stdout).toContain('1 added');
    expect(ingested.code).toBe(0);

    await eventually(
      async () => ((await start.api().get('/health/ready')).status === 200 ? true : undefined),
      90_000,
      'readiness after the outage',
    );
    await eventually(
      async () => {
        for (const uuid of accepted) {
          const view = await start.api().get(`/candidate-requests/${uuid}`).set(session.auth);
          if (view.status !== 200 || view.body.data.status !== 'Completed') return undefined;
        }
        return true;
      },
      120_000,
      'every accepted registration to complete',
    );
    expect(start.pids('api')).toEqual([apiPid]);
    expect(start.child.exitCode).toBeNull();
    expect(accepted).toHaveLength(REGISTRATIONS);

    // Exactly once: no event twice, and one process.finished per finished process.
    const db = new Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const { rows: repeated } = await db.query(
        `SELECT type, subject, data::text, count(*)::int AS n FROM event
          WHERE subject = ANY($1::text[]) GROUP BY 1, 2, 3 HAVING count(*) > 1`,
        [accepted],
      );
      expect(repeated).toEqual([]);
      const {
        rows: [counts],
      } = await db.query(
        `SELECT (SELECT count(*)::int FROM request_process WHERE request_id::text = ANY($1::text[]) AND status = 'Finalizado') AS finished,
                (SELECT count(*)::int FROM event WHERE subject = ANY($1::text[]) AND type = 'process.finished') AS "finishedEvents",
                (SELECT count(*)::int FROM event WHERE subject = ANY($1::text[])) AS events`,
        [accepted],
      );
      expect(counts.finishedEvents).toBe(counts.finished);
      expect(counts.finished).toBeGreaterThanOrEqual(REGISTRATIONS * 3);

      // Every event of these registrations reached the webhook receiver.
      const delivered = () =>
        new Set(
          receiver.received
            .filter((r) => accepted.includes(r.event.data.uuid as string))
            .map((r) => r.event.id),
        ).size;
      await eventually(
        async () => (delivered() === counts.events ? true : undefined),
        90_000,
        `all ${counts.events} events delivered (${delivered()} so far)`,
      );
    } finally {
      await db.end();
    }
  }, 420_000);
});
