import { randomUUID } from 'node:crypto';
import { Agent, get } from 'node:http';
import {
  api,
  countRows,
  eventually,
  killProcessor,
  restartApi,
  restartProcessor,
  Session,
  signIn,
  state,
  untilCount,
  withDb,
} from './support/helpers';
import { logLinesSince, logMark } from './support/logs';
import { candidate, overview, register } from './support/screening';
import { exitOf, kill, sleep } from './support/stack';

const SEARCHES = '/risks/legal-records/searches';
/** How long the api keeps its port open after SIGTERM, answering readiness 503 (SHUTDOWN_READINESS_DELAY_MS). */
const READINESS_DELAY_MS = 2_000;

/**
 * A provider call this long after its process started means a second run: a job a draining
 * processor abandoned, run again by another one only after its lock expired (10 s). No record counts
 * provider calls, so this one check still reads the clock (PostgreSQL's, with twice the margin a busy
 * machine needs); retries are seen in the log instead ('Process job failed').
 */
const SECOND_RUN_LAG_MS = 5_000;

/** Rows of the processes of some requests, with how long the provider call started after the run. */
function processRows(requestIds: string[]) {
  return withDb(
    async (db) =>
      (
        await db.query<{
          id: string;
          status: string;
          generation: number;
          dependsOn: string | null;
          callLagMs: number;
        }>(
          `SELECT id, status, generation, depends_on AS "dependsOn",
                  (extract(epoch FROM (raw_details->>'requestedAt')::timestamptz - start_date) * 1000)::float8 AS "callLagMs"
             FROM request_process WHERE request_id = ANY($1)`,
          [requestIds],
        )
      ).rows,
  );
}

function runningProcesses(requestIds: string[]): Promise<number> {
  return countRows(
    `SELECT count(*)::int AS n FROM request_process WHERE request_id = ANY($1) AND status = 'En proceso' AND start_date IS NOT NULL`,
    [requestIds],
  );
}

async function processorUp(): Promise<void> {
  await eventually(
    async () => ((await api().get('/health')).body.details?.processor?.status === 'up' ? true : undefined),
    30_000,
    'a processor heartbeat',
  );
}

describe('graceful shutdown of the api', () => {
  afterAll(async () => {
    await restartApi({});
  });

  it('answers every in-flight request, turns not ready, refuses new connections, and exits 0', async () => {
    // Slow searches (2 s each in PostgreSQL, 10 at a time through the source's pool): 4 s of work.
    // Two seconds of readiness delay: time for a load balancer (here the poll below) to see
    // /health/ready turn 503 before the port closes.
    const apiProcess = await restartApi({
      LEGAL_SOURCE_LATENCY_MS: '2000',
      LEGAL_SOURCE_TIMEOUT_MS: '30000',
      LEGAL_SOURCE_SLOW_MS: '20000',
      SHUTDOWN_READINESS_DELAY_MS: String(READINESS_DELAY_MS),
    });
    const { apiPort } = state();
    const session = await signIn();
    const searches = Array.from({ length: 20 }, () =>
      // `then` sends the request now (a supertest request is lazy).
      api()
        .post(SEARCHES)
        .set(session.auth)
        .send({ name: 'Juan', lastName: 'Hernández' })
        .then((r) => r),
    );
    await eventually(
      async () =>
        (await countRows(
          `SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE application_name = 'screening-legal-source' AND state = 'active' AND query LIKE '%pg_sleep%'`,
        )) >= 10 || undefined,
      10_000,
      'the searches to be in flight',
    );

    const signalledAt = Date.now();
    kill(apiProcess.pid!, 'SIGTERM');
    // Fails once the port is closed: readiness must turn 503 while it still accepts connections.
    const ready = await eventually(
      async () => {
        const response = await api().get('/health/ready');
        return response.status === 503 ? response : undefined;
      },
      10_000,
      'readiness to turn 503',
    );
    expect(ready.body).toEqual({
      code: 503,
      message: 'Shutting down: this instance takes no new requests.',
      status: 'error',
      details: expect.objectContaining({ database: expect.objectContaining({ status: 'up' }) }),
    });
    // Until its port closes the api serves as usual, keep-alive included: a client told to reconnect
    // now would come straight back and could be queued on the port as it closes.
    const keepAlive = new Agent({ keepAlive: true });
    expect(await keepAliveGet(keepAlive, '/health/live', {})).toEqual({
      status: 200,
      connection: 'keep-alive',
    });
    keepAlive.destroy();

    // Then the port closes while the searches are still running.
    await eventually(
      () =>
        fetch(`http://127.0.0.1:${apiPort}/health/live`).then(
          () => undefined,
          () => true,
        ),
      20_000,
      'new connections to be refused',
    );
    const refusedAfterMs = Date.now() - signalledAt;

    const answers = await Promise.all(searches);
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(answers.map((a) => a.body.data.outcome)).toEqual(Array(20).fill('SUCCESS'));
    expect(answers.every((a) => a.headers.connection === 'close')).toBe(true);
    expect(await exitOf(apiProcess)).toEqual({ code: 0, signal: null });
    // Measured around the signal, so it can only come out longer than the api's own delay: a
    // lower bound, never a speed (no upper bound: exit code 0 after answering every search is the
    // proof that it drained rather than gave up).
    expect(refusedAfterMs).toBeGreaterThanOrEqual(READINESS_DELAY_MS);
  }, 90_000);
});

/** One GET on a keep-alive agent: the status and `Connection` header, or the error's code. */
function keepAliveGet(
  agent: Agent,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; connection?: string } | { error: string }> {
  return new Promise((resolve) => {
    const request = get({ host: '127.0.0.1', port: state().apiPort, path, agent, headers }, (response) => {
      response.resume();
      response.on('end', () =>
        resolve({ status: response.statusCode!, connection: response.headers.connection }),
      );
      response.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    });
    request.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
  });
}

describe('SIGTERM under load', () => {
  afterAll(async () => {
    await restartApi({});
  });

  it('resets no connection: every request is answered, or its connection refused', async () => {
    // A reset tells a client nothing: its request may or may not have run. A refused connection
    // tells it the request never arrived, and an answer is an answer.
    const clients = 50;
    const apiProcess = await restartApi({});
    const session = await signIn();
    const agent = new Agent({ keepAlive: true, maxSockets: clients });
    let answered = 0;
    let signalled = false;
    const afterSignal: Array<{ status: number; connection?: string }> = [];
    const failures: string[] = [];
    let refused = 0;
    // Each client loops on its keep-alive connection (a cheap route and one that reads PostgreSQL)
    // until the api refuses it a connection.
    const load = Array.from({ length: clients }, async (_, n) => {
      for (let i = n; ; i++) {
        const outcome =
          i % 2 === 0
            ? await keepAliveGet(agent, '/health/live', {})
            : await keepAliveGet(agent, '/packages', session.auth);
        if ('error' in outcome) {
          if (outcome.error === 'ECONNREFUSED') return void (refused += 1);
          failures.push(outcome.error);
          continue;
        }
        if (outcome.status !== 200) failures.push(`answered ${outcome.status}`);
        if (signalled) afterSignal.push(outcome);
        else answered += 1;
      }
    });
    await eventually(async () => (answered >= 500 ? true : undefined), 30_000, '500 answers under load');
    signalled = true;
    kill(apiProcess.pid!, 'SIGTERM');
    await Promise.all(load);
    agent.destroy();

    expect(await exitOf(apiProcess)).toEqual({ code: 0, signal: null });
    expect(failures).toEqual([]);
    expect(refused).toBe(clients);
    // Requests in flight at the signal, or sent on a connection still open, were answered, closing
    // their connections.
    expect(afterSignal.filter((outcome) => outcome.connection === 'close').length).toBeGreaterThan(0);
  }, 90_000);
});

describe('graceful shutdown of the processor', () => {
  afterAll(() => {
    restartProcessor();
  });

  it('finishes the jobs it runs, once each, and exits 0', async () => {
    // A slow provider (1 to 3 s a call) keeps jobs running when the signal comes; at info level the
    // processor logs one line per job it runs.
    const processor = await killProcessor({
      signal: 'SIGTERM',
      env: { SANDBOX_LATENCY_MS: '2000', LOG_LEVEL: 'info' },
    });
    await processorUp();
    const mark = logMark('processor');
    const session = await signIn();
    const requestIds = [await register(session, candidate()), await register(session, candidate())];
    // The three list processes of each answer from the lists at once; its two provider processes
    // (BGC Legal, BGC News) wait on the slow provider.
    await eventually(
      async () => ((await runningProcesses(requestIds)) === 4 ? true : undefined),
      20_000,
      'the 4 provider processes to be running',
    );
    kill(processor!.pid!, 'SIGTERM');
    expect(await exitOf(processor!)).toEqual({ code: 0, signal: null });

    // No processor runs now (afterAll starts one): what is finished, the stopped one finished.
    const rows = await processRows(requestIds);
    expect(rows).toHaveLength(10);
    expect(rows.map((row) => row.status)).toEqual(Array(10).fill('Finalizado'));
    // Once each: one finished run per process, on its first attempt, and no failed one.
    const lines = logLinesSince('processor', mark);
    expect(lines.filter((line) => line.msg.startsWith('Process job failed'))).toEqual([]);
    const finished = lines.filter((line) => line.msg === 'Process job finished');
    expect(finished.map((line) => line.processId).sort()).toEqual(rows.map((row) => row.id).sort());
    expect(finished.map((line) => [line.outcome, line.attempt])).toEqual(Array(10).fill(['finished', 1]));
  });
});

describe('a rolling restart under load', () => {
  afterAll(async () => {
    await killProcessor({ signal: 'SIGTERM', env: {} });
  });

  /** Registers, retrying with the same Idempotency-Key while the api cannot be reached. */
  async function registerRetrying(session: Session, retries: { count: number }): Promise<string> {
    const body = candidate();
    const key = randomUUID();
    const deadline = Date.now() + 30_000;
    for (;;) {
      const response = await api()
        .post('/candidate-requests')
        .set(session.auth)
        .set('Idempotency-Key', key)
        .send(body)
        .timeout(15_000)
        .catch(() => undefined); // refused or cut while the api restarts
      if (response?.status === 202) return response.body.uuid as string;
      if (response && response.status !== 503)
        throw new Error(`registration answered ${response.status}: ${response.text}`);
      if (Date.now() > deadline) throw new Error('the api did not come back within 30 s');
      retries.count += 1;
      await sleep(100);
    }
  }

  it('loses and doubles nothing while the processor and the api restart one after the other', async () => {
    const info = { LOG_LEVEL: 'info' }; // the processors log one line per job: counted below
    const firstProcessor = await killProcessor({ signal: 'SIGTERM', env: info });
    const firstApi = await restartApi({});
    await processorUp();
    const mark = logMark('processor');
    const session = await signIn();

    const accepted: string[] = [];
    const retries = { count: 0 };
    let loading = true;
    const clients = Array.from({ length: 3 }, async () => {
      while (loading) accepted.push(await registerRetrying(session, retries));
    });

    /** Waits until the clients have had `n` more registrations accepted: the load flows at this step. */
    const moreAccepted = (n: number) => {
      const from = accepted.length;
      return eventually(
        async () => accepted.length >= from + n || undefined,
        30_000,
        `${n} more registrations`,
      );
    };

    await moreAccepted(5);
    await killProcessor({ signal: 'SIGTERM', env: info });
    expect(await exitOf(firstProcessor!)).toEqual({ code: 0, signal: null });
    await moreAccepted(5);
    await restartApi({});
    expect(await exitOf(firstApi)).toEqual({ code: 0, signal: null });
    await moreAccepted(5);
    loading = false;
    await Promise.all(clients);

    expect(accepted.length).toBeGreaterThan(10);
    expect(new Set(accepted).size).toBe(accepted.length);
    // Jobs a draining processor fetched but did not start wait for their lock to expire (10 s).
    await untilCount(
      `SELECT count(*)::int AS n FROM request_process WHERE request_id = ANY($1) AND status <> 'Finalizado'`,
      [accepted],
      { count: 0, timeoutMs: 60_000, what: 'every accepted registration to finish' },
    );
    for (const uuid of accepted) expect((await overview(session, uuid)).status).toBe('Completed');

    // Nothing doubled: one request per accepted registration, one candidate each.
    expect(
      await countRows(`SELECT count(*)::int AS n FROM candidate_request WHERE id = ANY($1)`, [accepted]),
    ).toBe(accepted.length);
    expect(
      await countRows(`SELECT count(*)::int AS n FROM candidate WHERE request_id = ANY($1)`, [accepted]),
    ).toBe(accepted.length);
    // Every process queued once per generation, and ran once: one provider call, one finishing job.
    const rows = await processRows(accepted);
    expect(rows).toHaveLength(accepted.length * 5);
    expect(rows.filter((row) => row.generation !== (row.dependsOn ? 1 : 0))).toEqual([]);
    expect(rows.filter((row) => row.callLagMs >= SECOND_RUN_LAG_MS)).toEqual([]);
    expect(
      await countRows(`SELECT count(*)::int AS n FROM outbox_job WHERE payload->>'requestId' = ANY($1)`, [
        accepted,
      ]),
    ).toBe(rows.length);
    const lines = logLinesSince('processor', mark);
    expect(lines.filter((line) => line.msg.startsWith('Process job failed'))).toEqual([]);
    const finishedBy = new Map<string, number>();
    for (const line of lines.filter((l) => l.msg === 'Process job finished' && l.outcome === 'finished'))
      finishedBy.set(line.processId!, (finishedBy.get(line.processId!) ?? 0) + 1);
    expect(rows.filter((row) => finishedBy.get(row.id) !== 1).map((row) => row.id)).toEqual([]);
  }, 120_000);
});
