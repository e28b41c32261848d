import { watchListSourcesOf } from '@app/domain';
import {
  api,
  countRows,
  eventually,
  killProcessor,
  restartProcessor,
  screeningQueue,
  signIn,
  Session,
  state,
  untilCount,
  withDb,
} from './support/helpers';
import { logLinesSince, logMark } from './support/logs';
import { documentedViolations } from './support/openapi';
import { startRedis, stopRedis, waitForRedis } from './support/stack';
import {
  byName,
  candidate,
  DOCUMENTS,
  ended,
  fullCandidate,
  overview,
  register,
  settled,
  waitForOverview,
} from './support/screening';

let acme: Session;

beforeAll(async () => {
  acme = await signIn('demo@acme.test');
});

/** What the database holds of a request's progress: its processes and the outbox jobs it queued. */
async function storedProgress(uuid: string): Promise<{ processes: unknown[]; outboxJobs: number }> {
  const processes = await withDb(
    async (db) =>
      (
        await db.query(
          `SELECT id, status, result, end_date, summary, generation FROM request_process WHERE request_id = $1 ORDER BY position`,
          [uuid],
        )
      ).rows,
  );
  const outboxJobs = await countRows(
    `SELECT count(*)::int AS n FROM outbox_job WHERE payload->>'requestId' = $1`,
    [uuid],
  );
  return { processes, outboxJobs };
}

function countRequestsNamed(name: string): Promise<number> {
  return countRows(`SELECT count(*)::int AS n FROM candidate WHERE name = $1`, [name]);
}

describe('Idempotency-Key on POST /candidate-requests', () => {
  it('answers a retry with the first response and registers nothing new', async () => {
    const body = candidate();
    const key = `retry-${Date.now()}`;
    const first = await api()
      .post('/candidate-requests')
      .set(acme.auth)
      .set('Idempotency-Key', key)
      .send(body)
      .expect(202);
    const retry = await api()
      .post('/candidate-requests')
      .set(acme.auth)
      .set('Idempotency-Key', key)
      .send(body)
      .expect(202);
    expect(retry.text).toBe(first.text); // the first response, byte for byte
    expect(retry.headers.location).toBe(first.headers.location);
    expect(await countRequestsNamed(body.name as string)).toBe(1);
  });

  it('answers 422 for the same key with another body', async () => {
    const key = `conflict-${Date.now()}`;
    await api()
      .post('/candidate-requests')
      .set(acme.auth)
      .set('Idempotency-Key', key)
      .send(candidate())
      .expect(202);
    const response = await api()
      .post('/candidate-requests')
      .set(acme.auth)
      .set('Idempotency-Key', key)
      .send(candidate())
      .expect(422);
    expect(response.body).toEqual({ code: 422, message: expect.any(String) });
  });

  it('does the work once for concurrent requests with one key', async () => {
    const body = candidate();
    const key = `concurrent-${Date.now()}`;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        api().post('/candidate-requests').set(acme.auth).set('Idempotency-Key', key).send(body),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([202, 202, 202, 202, 202]);
    expect(new Set(answers.map((a) => a.body.uuid)).size).toBe(1);
    expect(await countRequestsNamed(body.name as string)).toBe(1);
  });

  it('keeps keys of different users apart', async () => {
    const key = `shared-${Date.now()}`;
    const multi = await signIn('multi@acme.test');
    const acmeAnswer = await api()
      .post('/candidate-requests')
      .set(acme.auth)
      .set('Idempotency-Key', key)
      .send(candidate())
      .expect(202);
    const multiAnswer = await api()
      .post('/candidate-requests')
      .set(multi.auth)
      .set('Idempotency-Key', key)
      .send(candidate())
      .expect(202);
    expect(acmeAnswer.body.uuid).not.toBe(multiAnswer.body.uuid);
  });

  it('refuses a key longer than 255 characters', async () => {
    await api()
      .post('/candidate-requests')
      .set(acme.auth)
      .set('Idempotency-Key', 'k'.repeat(256))
      .send(candidate())
      .expect(400);
  });
});

describe('nothing lost, nothing done twice', () => {
  it('runs a registration answered 202 while Redis was down once Redis is back', async () => {
    const { redisPort } = state();
    stopRedis(redisPort);
    await waitForRedis(redisPort, false);
    let uuid: string;
    try {
      const health = await api().get('/health').expect(503);
      expect(health.body).toEqual(
        expect.objectContaining({ code: 503, message: expect.stringContaining('redis') }),
      );
      const mark = logMark('api');
      uuid = await register(acme, candidate());
      // The api tried to publish the jobs and gave up: the rows wait for the sweeper.
      await eventually(
        async () =>
          logLinesSince('api', mark).some((line) => line.msg.startsWith('Could not publish jobs now')) ||
          undefined,
        20_000,
        'the api to give up publishing while Redis is down',
      );
      const waiting = await overview(acme, uuid);
      expect(waiting.status).toBe('Pending');
      const pending = await countRows(
        `SELECT count(*)::int AS n FROM outbox_job WHERE payload->>'requestId' = $1 AND published_at IS NULL`,
        [uuid],
      );
      expect(pending).toBe(5);
    } finally {
      startRedis(redisPort);
      await waitForRedis(redisPort, true);
    }
    const view = await waitForOverview(acme, uuid!, ended, 40_000);
    expect(view.processes.every((p) => p.status === 'Finalizado')).toBe(true);
    await api().get('/health').expect(200);
  });

  it('runs again the jobs that Redis lost in a restart (it keeps nothing on disk)', async () => {
    await killProcessor({ restart: false });
    const { redisPort } = state();
    let uuid: string;
    try {
      uuid = await register(acme, candidate());
      // The api published the jobs to Redis: only Redis knows them now, and it is about to forget.
      await untilCount(
        `SELECT count(*)::int AS n FROM outbox_job WHERE payload->>'requestId' = $1 AND published_at IS NOT NULL`,
        [uuid],
        { count: 5, what: 'the jobs published' },
      );
      stopRedis(redisPort);
      await waitForRedis(redisPort, false);
      startRedis(redisPort);
      await waitForRedis(redisPort, true);
      const queue = screeningQueue();
      try {
        expect(await queue.getJobCounts()).toEqual(
          expect.objectContaining({ waiting: 0, delayed: 0, active: 0 }),
        );
      } finally {
        await queue.close();
      }
    } finally {
      restartProcessor();
    }
    const view = await waitForOverview(acme, uuid!, ended, 60_000);
    expect(view.processes.every((p) => p.status === 'Finalizado')).toBe(true);
    // Queued again from PostgreSQL's record, not from new outbox rows; each process ran once.
    expect(
      await countRows(`SELECT count(*)::int AS n FROM outbox_job WHERE payload->>'requestId' = $1`, [uuid!]),
    ).toBe(5);
    expect(
      await countRows(
        `SELECT count(*)::int AS n FROM event WHERE subject = $1 AND type = 'process.finished'`,
        [uuid!],
      ),
    ).toBe(5);
  }, 90_000);

  it('finishes, exactly once, a process whose processor was killed in the middle of the job', async () => {
    // A slow provider keeps the job running long enough to kill the worker in the middle of it.
    await killProcessor({ env: { SANDBOX_LATENCY_MS: '4000' } });
    const uuid = await register(acme, candidate());
    await waitForOverview(
      acme,
      uuid,
      (view) => view.processes.some((p) => p.status === 'En proceso' && p.startDate !== null),
      20_000,
    );
    await killProcessor({ restart: false });
    const midway = await overview(acme, uuid);
    expect(midway.processes.some((p) => p.status === 'En proceso' && p.startDate !== null)).toBe(true);
    await killProcessor({ env: {} }); // a new processor with the normal configuration
    const view = await waitForOverview(acme, uuid, ended, 45_000);
    expect(view.processes.every((p) => p.status === 'Finalizado' && p.endDate! >= p.startDate!)).toBe(true);
    const outboxRows = await countRows(
      `SELECT count(*)::int AS n FROM outbox_job WHERE payload->>'requestId' = $1`,
      [uuid],
    );
    expect(outboxRows).toBe(5);
  }, 90_000);

  it('ignores a duplicated job delivery: no second write, no dependents queued twice', async () => {
    const uuid = await register(acme, fullCandidate());
    let view = await waitForOverview(acme, uuid, settled);
    const documentos = byName(view, 'Documentos');
    await api()
      .post(`/candidate-requests/${uuid}/processes/${documentos.id}/candidate-input`)
      .set(acme.auth)
      .send(DOCUMENTS)
      .expect(202);
    view = await waitForOverview(
      acme,
      uuid,
      (x) =>
        byName(x, 'Validación de estudios').status === 'Finalizado' &&
        byName(x, 'Geolocalización').status === 'Finalizado',
    );
    const { processes: before, outboxJobs: outboxBefore } = await storedProgress(uuid);

    const queue = screeningQueue();
    try {
      const jobs = await Promise.all(
        ['Documentos', 'Peps', 'Validación de estudios'].map((name) =>
          queue.add(
            'run-process',
            { requestId: uuid, processId: byName(view, name).id },
            { jobId: `duplicate-${byName(view, name).id}-${Date.now()}` },
          ),
        ),
      );
      await Promise.all(jobs.map((job) => job.finished()));
    } finally {
      await queue.close();
    }
    const { processes: after, outboxJobs: outboxAfter } = await storedProgress(uuid);
    expect(after).toEqual(before);
    expect(outboxAfter).toBe(outboxBefore);
  });
});

describe('a provider that never answers', () => {
  it('ends the process Finalizado / No disponible with rawDetails in the shape of an answer', async () => {
    await killProcessor({ env: { SANDBOX_FAILURE_RATE: '1' } });
    try {
      const uuid = await register(acme, candidate());
      const view = await waitForOverview(acme, uuid, ended, 30_000);
      // The provider's processes; the list processes answer from the imported lists, not from it.
      const providerProcesses = view.processes.filter((p) => watchListSourcesOf(p.processName).length === 0);
      expect(providerProcesses.map((p) => p.processName).sort()).toEqual(['BGC Legal', 'BGC News']);
      expect(providerProcesses.every((p) => p.status === 'Finalizado' && p.result === 'No disponible')).toBe(
        true,
      );
      expect(view.result).toBe('No disponible');
      const response = await api()
        .get(`/candidate-requests/${uuid}/processes/${byName(view, 'BGC News').id}?detail=true`)
        .set(acme.auth)
        .expect(200);
      const { summary, rawDetails } = response.body.data;
      expect(summary).toEqual({ providerAnswered: false, reason: expect.any(String) });
      // docs/behaviour.md: provider name, reference, timestamps, payload; null where nothing was answered.
      expect(rawDetails).toEqual({
        provider: 'sandbox:BGC News',
        reference: null,
        requestedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
        answeredAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
        payload: null,
        error: 'Sandbox provider for BGC News did not answer',
      });
      expect(Date.parse(rawDetails.answeredAt)).toBeGreaterThanOrEqual(Date.parse(rawDetails.requestedAt));
      expect(
        await documentedViolations('/candidate-requests/{uuid}/processes/{processId}', response.body),
      ).toEqual([]);
    } finally {
      await killProcessor({ env: {} }); // back to the normal configuration
    }
  }, 60_000);

  it('retries BGC Legal through the legal-records source port, then ends it No disponible', async () => {
    await killProcessor({ env: { LEGAL_SOURCE_FAILURE_RATE: '1' } });
    try {
      const uuid = await register(acme, candidate());
      const view = await waitForOverview(acme, uuid, ended, 30_000);
      expect(byName(view, 'BGC Legal').result).toBe('No disponible');
      const others = view.processes.filter((p) => p.processName !== 'BGC Legal');
      expect(others.every((p) => p.status === 'Finalizado' && p.result !== 'No disponible')).toBe(true);
      const detail = await api()
        .get(`/candidate-requests/${uuid}/processes/${byName(view, 'BGC Legal').id}?detail=true`)
        .set(acme.auth)
        .expect(200);
      expect(detail.body.data.rawDetails.error).toContain('legal-records source');
    } finally {
      await killProcessor({ env: {} });
    }
  }, 60_000);
});
