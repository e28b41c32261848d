import { WATCH_LIST_SOURCES, watchListSourcesOf } from '@app/domain';
import { QUEUE_NAMES } from '@app/platform/queue/queue.contract';
import { randomUUID } from 'node:crypto';
import { networkInterfaces } from 'node:os';
import {
  api,
  eventually,
  killProcessor,
  restartProcessor,
  screeningQueue,
  Session,
  signIn,
  state,
  withDb,
} from './support/helpers';
import { logLinesSince, logMark } from './support/logs';
import { candidate, ended, register, waitForOverview } from './support/screening';
import { createEndpoint, deleteCreatedEndpoints, Receiver, sendTest } from './support/webhooks';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Scrapes one app's /metrics and parses the Prometheus text format (samples only). */
async function scrape(port: string): Promise<{ contentType: string; samples: Sample[] }> {
  const response = await fetch(`http://127.0.0.1:${port}/metrics`);
  expect(response.status).toBe(200);
  const samples = (await response.text())
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample: ${line}`);
      const labels = Object.fromEntries(
        [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
      );
      return { name: match[1], labels, value: Number(match[3]) };
    });
  return { contentType: response.headers.get('content-type') ?? '', samples };
}

function find(samples: Sample[], name: string, labels: Record<string, string> = {}): Sample[] {
  return samples.filter(
    (s) => s.name === name && Object.entries(labels).every(([key, value]) => s.labels[key] === value),
  );
}

function labelSets(samples: Sample[], name: string): string[] {
  return [...new Set(find(samples, name).map((s) => Object.keys(s.labels).sort().join(',')))];
}

/** Waits until no process job waits or runs (jobs of an earlier test's registrations are done). */
async function processorIdle(): Promise<void> {
  const queue = screeningQueue();
  try {
    await eventually(
      async () => {
        const counts = await queue.getJobCounts();
        return counts.active + counts.waiting + counts.delayed === 0 ? true : undefined;
      },
      30_000,
      'the screening queue to be idle',
    );
  } finally {
    await queue.close();
  }
}

const apiMetrics = () => scrape(state().env.METRICS_PORT);
const processorMetrics = () => scrape(state().env.PROCESSOR_METRICS_PORT);
const QUEUE_STATES = ['active', 'completed', 'delayed', 'failed', 'paused', 'waiting'];

let session: Session;

beforeAll(async () => {
  session = await signIn();
});

afterAll(async () => {
  await killProcessor({ signal: 'SIGTERM', env: {} });
});

describe('Prometheus metrics', () => {
  it('the api serves request durations by route pattern, queue and outbox gauges and Node defaults', async () => {
    const registration = { method: 'POST', route: '/candidate-requests', status: '202' };
    const before = await apiMetrics();
    const [sumBefore] = find(before.samples, 'http_request_duration_seconds_sum', registration);
    // How long the registration took as this client saw it: the api's own measure lies within.
    const sentAt = performance.now();
    const uuid = await register(session, candidate());
    const seenSeconds = (performance.now() - sentAt) / 1000;
    await api().get(`/candidate-requests/${uuid}`).set(session.auth).expect(200);
    await api().get(`/no-such-route/${uuid}`).expect(404);
    await api().get('/metrics').expect(404); // not on the public port
    await api().get('/docs').expect(200);
    await api().get('/docs/swagger-ui.css').expect(200);

    const { contentType, samples } = await apiMetrics();
    expect(contentType).toContain('text/plain');
    expect(labelSets(samples, 'http_request_duration_seconds_bucket')).toEqual(['le,method,route,status']);
    expect(labelSets(samples, 'http_request_duration_seconds_count')).toEqual(['method,route,status']);
    const overviews = find(samples, 'http_request_duration_seconds_count', {
      method: 'GET',
      route: '/candidate-requests/:uuid',
      status: '200',
    });
    expect(overviews).toHaveLength(1);
    expect(overviews[0].value).toBeGreaterThanOrEqual(1);
    const [secondsSum] = find(samples, 'http_request_duration_seconds_sum', registration);
    // In seconds, not milliseconds: our one registration added more than nothing, and about the time
    // the client waited for it, where milliseconds would add a thousand times that. Not "at most what
    // the client saw": the api stops its clock when the response has been handed over, and on a busy
    // machine that callback can run after the client has already read the response. A factor ten
    // leaves that lag room and still tells the units apart; a slow machine moves both sides alike.
    const added = secondsSum.value - (sumBefore?.value ?? 0);
    expect(added).toBeGreaterThan(0);
    expect(added).toBeLessThan(seenSeconds * 10);
    expect(
      find(samples, 'http_request_duration_seconds_count', { route: '(unmatched)', status: '404' })[0].value,
    ).toBeGreaterThanOrEqual(1);
    // Route patterns only: never an id from a URL.
    expect(samples.filter((s) => Object.values(s.labels).some((v) => v.includes(uuid)))).toEqual([]);
    // Swagger UI's page and files are not API routes.
    expect(
      find(samples, 'http_request_duration_seconds_count').filter((s) =>
        /^\/docs(\/|$)/.test(s.labels.route),
      ),
    ).toEqual([]);

    expectSharedGauges(samples);
    expectNodeDefaults(samples);
  });

  it('the processor serves job durations by process, webhook deliveries by outcome, and the shared gauges', async () => {
    // Only this test's request adds to the job durations read below.
    await processorIdle();
    const before = (await processorMetrics()).samples;
    const sentAt = performance.now();
    const uuid = await register(session, candidate());
    const data = await waitForOverview(session, uuid, ended);
    const { samples } = await processorMetrics();
    // Up to the scrape, not to the overview: a job's clock stops just after its result is committed,
    // so a quick poll can see the result before the job's duration is recorded.
    const seenSeconds = (performance.now() - sentAt) / 1000;
    expect(labelSets(samples, 'process_job_duration_seconds_bucket')).toEqual(['le,process']);
    for (const { processName: process } of data.processes) {
      const added = (name: string) =>
        find(samples, name, { process })[0].value - (find(before, name, { process })[0]?.value ?? 0);
      // This request's job of each process, timed in seconds: within the time the client waited.
      expect(added('process_job_duration_seconds_count')).toBe(1); // SANDBOX_FAILURE_RATE=0: no retry
      expect(added('process_job_duration_seconds_sum')).toBeGreaterThan(0);
      expect(added('process_job_duration_seconds_sum')).toBeLessThanOrEqual(seenSeconds);
    }
    expect(find(samples, 'webhook_deliveries_total').map((s) => s.labels.outcome)).toEqual([
      'succeeded',
      'retrying',
      'failed',
    ]);
    expectSharedGauges(samples);
    expectNodeDefaults(samples);
  });

  it("the processor serves the service's state: lists, imports, monitors, alerts, the audit log, ARCO requests due", async () => {
    const { samples } = await processorMetrics();
    // The stack imports the demo lists: every list has an active version, with entries, imported seconds ago.
    const sources = find(samples, 'watch_list_active_entries').map((s) => s.labels.source);
    expect(sources.sort()).toEqual([...WATCH_LIST_SOURCES].sort());
    for (const source of sources) {
      expect(find(samples, 'watch_list_active_entries', { source })[0].value).toBeGreaterThan(0);
      expect(
        find(samples, 'watch_list_active_version_age_seconds', { source })[0].value,
      ).toBeGreaterThanOrEqual(0);
      expect(find(samples, 'watch_list_versions', { source, status: 'active' })[0].value).toBe(1);
    }
    expect(find(samples, 'audit_events')[0].value).toBeGreaterThan(0); // this file signed in
    expect(
      find(samples, 'privacy_requests_open')
        .map((s) => s.labels.due)
        .sort(),
    ).toEqual(['due_soon', 'later', 'overdue']);
    for (const sample of find(samples, 'privacy_requests_open'))
      expect(Number.isInteger(sample.value)).toBe(true);
  });

  it('counts each webhook delivery by the outcome it ended in', async () => {
    const outcome = async (label: string) =>
      find((await processorMetrics()).samples, 'webhook_deliveries_total', { outcome: label })[0].value;
    const before = { succeeded: await outcome('succeeded'), retrying: await outcome('retrying') };
    // The first answer fails and is retried (1 s in the e2e stack), the second succeeds.
    const receiver = await Receiver.start((n) => (n === 1 ? 500 : 204));
    try {
      const endpoint = await createEndpoint(session, { url: receiver.url, events: ['webhook.test'] });
      await sendTest(session, endpoint.id);
      await receiver.waitFor(() => true, 2);
      await eventually(async () => ((await outcome('succeeded')) >= before.succeeded + 1 ? true : undefined));
      expect(await outcome('retrying')).toBeGreaterThanOrEqual(before.retrying + 1);
    } finally {
      await deleteCreatedEndpoints();
      await receiver.close();
    }
  });

  it('queue and outbox gauges show work waiting while no processor runs', async () => {
    await killProcessor({ restart: false });
    const jobId = `metrics-probe-${randomUUID()}`;
    try {
      // An outbox row left behind 42 s ago (the api died before publishing it, say): its id is below
      // every row written since, as a row written then would be (the gauge reads the lowest id).
      // The processor just killed may itself have left a row it published but had not yet marked.
      await withDb((db) =>
        db.query(
          `INSERT INTO outbox_job (id, queue, job_name, job_id, payload, created_at)
           SELECT coalesce(min(id), 1) - 1, 'screening', 'run-process', $1, $2, now() - interval '42 seconds'
             FROM outbox_job`,
          [jobId, { requestId: randomUUID(), processId: randomUUID() }],
        ),
      );
      const writtenAt = performance.now();
      await register(session, candidate());
      const { samples } = await apiMetrics();
      const sinceWritten = (performance.now() - writtenAt) / 1000;
      expect(
        find(samples, 'queue_jobs', { queue: 'screening', state: 'waiting' })[0].value,
      ).toBeGreaterThanOrEqual(5);
      const [age] = find(samples, 'outbox_oldest_unpublished_age_seconds');
      // In seconds: the row's 42, plus at most the time since it was written (and a second of rounding).
      expect(age.value).toBeGreaterThanOrEqual(42);
      expect(age.value).toBeLessThanOrEqual(42 + sinceWritten + 1);
    } finally {
      await withDb((db) => db.query(`DELETE FROM outbox_job WHERE job_id = $1`, [jobId]));
      restartProcessor();
    }
  });
});

describe('metrics endpoints', () => {
  it('listen on loopback only by default', async () => {
    // Another address of this machine reaches the api, but not its metrics.
    const address = Object.values(networkInterfaces())
      .flat()
      .find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address;
    expect(address).toBeDefined();
    const apiAnswer = await fetch(`http://${address}:${state().apiPort}/health/live`);
    expect(apiAnswer.status).toBe(200);
    for (const port of [state().env.METRICS_PORT, state().env.PROCESSOR_METRICS_PORT]) {
      const refused = await fetch(`http://${address}:${port}/metrics`).then(
        () => 'answered',
        (error: { cause?: { code?: string } }) => error.cause?.code,
      );
      expect(refused).toBe('ECONNREFUSED');
    }
  });
});

describe('processor logs', () => {
  it('carry jobId and queue on every line logged while a job runs, the use case included', async () => {
    // Info level shows each job's line; a provider that always fails makes the use case log too.
    await killProcessor({ signal: 'SIGTERM', env: { LOG_LEVEL: 'info', SANDBOX_FAILURE_RATE: '1' } });
    const mark = logMark('processor');
    const uuid = await register(session, candidate());
    await waitForOverview(session, uuid, ended, 30_000);
    const jobIds = new Map(
      (
        await withDb((db) =>
          db.query<{ id: string; generation: number }>(
            `SELECT id, generation FROM request_process WHERE request_id = $1`,
            [uuid],
          ),
        )
      ).rows.map((row) => [row.id, `${row.id}:${row.generation}`]),
    );

    const lines = logLinesSince('processor', mark).filter((line) => jobIds.has(line.processId ?? ''));
    expect(
      lines.filter((line) => line.jobId !== jobIds.get(line.processId!) || line.queue !== 'screening'),
    ).toEqual([]);
    const messages = new Set(lines.map((line) => `${line.context}: ${line.msg}`));
    expect(messages).toEqual(
      new Set([
        'ScreeningProcessor: Process job failed; Bull retries it',
        'RunProcessUseCase: Provider gave no answer after its retries: No disponible',
        'ScreeningProcessor: Process job finished',
      ]),
    );
    const finished = lines.filter((line) => line.msg === 'Process job finished');
    expect(finished).toHaveLength(jobIds.size);
    // The provider's processes fail three times; the list processes answer from the lists at once.
    for (const line of finished)
      expect(line).toEqual(
        expect.objectContaining(
          watchListSourcesOf(String(line.process)).length > 0
            ? { outcome: 'finished', attempt: 1, durationMs: expect.any(Number) }
            : { outcome: 'finished', result: 'No disponible', attempt: 3, durationMs: expect.any(Number) },
        ),
      );
    expect(
      finished
        .filter((line) => line.result === 'No disponible')
        .map((line) => line.process)
        .sort(),
    ).toEqual(['BGC Legal', 'BGC News']);
  }, 60_000);
});

function expectSharedGauges(samples: Sample[]): void {
  expect(labelSets(samples, 'queue_jobs')).toEqual(['queue,state']);
  // Every queue of the contract, whatever queues it gains.
  expect([...new Set(find(samples, 'queue_jobs').map((s) => s.labels.queue))].sort()).toEqual(
    [...QUEUE_NAMES].sort(),
  );
  for (const queue of ['screening', 'webhook-deliveries']) {
    const states = find(samples, 'queue_jobs', { queue });
    expect(states.map((s) => s.labels.state).sort()).toEqual(QUEUE_STATES);
    for (const s of states) expect(Number.isInteger(s.value) && s.value >= 0).toBe(true);
  }
  const [age] = find(samples, 'outbox_oldest_unpublished_age_seconds');
  expect(age.labels).toEqual({});
  expect(age.value).toBeGreaterThanOrEqual(0);
  expect(age.value).toBeLessThan(3_600);
}

function expectNodeDefaults(samples: Sample[]): void {
  for (const name of [
    'process_cpu_user_seconds_total',
    'nodejs_heap_size_used_bytes',
    'nodejs_eventloop_lag_seconds',
  ])
    expect(find(samples, name)[0]?.value).toBeGreaterThanOrEqual(0);
}
