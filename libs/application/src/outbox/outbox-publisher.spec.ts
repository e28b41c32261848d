// The publisher is a Nest provider: the spec gives it stub decorators and the plain modules of the
// libs it uses (their barrels load Nest, which Jest's CommonJS cannot; see docs/architecture.md).
jest.mock('@nestjs/common', () => jest.requireActual('@app/platform/testing/nest-common.stub'));
jest.mock('@app/persistence', () => ({
  OutboxRepository: class {},
  ...jest.requireActual('@app/persistence/repositories/group-commit'),
}));
jest.mock('@app/platform', () => ({
  CONTRACT_QUEUES: Symbol('CONTRACT_QUEUES'),
  ...jest.requireActual('@app/platform/util/with-timeout'),
  ...jest.requireActual('@app/platform/queue/queue.contract'),
}));

import type { Queue } from 'bull';
import type { OutboxJob, OutboxRepository, PendingOutboxJob, SqlExecutor } from '@app/persistence';
import { jobOptions, SCREENING_QUEUE, ScreeningJob, WEBHOOK_QUEUE } from '@app/platform/queue/queue.contract';
import { logged } from '@app/platform/testing/nest-common.stub';
import { deliverWebhookJob, runProcessJobs } from './outbox-jobs';
import { OutboxPublisher } from './outbox-publisher';

type Bulk = Parameters<Queue['addBulk']>[0];

/** The outbox table in memory: rows staged, and which of them were marked published. */
class InMemoryOutbox {
  readonly rows: PendingOutboxJob[] = [];
  readonly published = new Set<string>();
  readonly markCalls: string[][] = [];
  refuseMarks = false;

  async add(_tx: SqlExecutor, jobs: OutboxJob[]): Promise<PendingOutboxJob[]> {
    return this.addNow(jobs);
  }

  async addNow(jobs: OutboxJob[]): Promise<PendingOutboxJob[]> {
    const staged = jobs.map((job) => ({ ...job, id: String(this.rows.length + 1) }));
    for (const row of staged) this.rows.push(row);
    return staged.map((row) => ({ ...row }));
  }

  async markPublished(ids: string[]): Promise<void> {
    this.markCalls.push(ids);
    if (this.refuseMarks) throw new Error('connection terminated');
    for (const id of ids) this.published.add(id);
  }

  /** As the repository does: the unpublished rows, marked only when `publish` succeeds. */
  async sweep(
    _olderThanMs: number,
    limit: number,
    publish: (jobs: PendingOutboxJob[]) => Promise<void>,
  ): Promise<number> {
    const rows = this.rows.filter((row) => !this.published.has(row.id)).slice(0, limit);
    if (rows.length === 0) return 0;
    await publish(rows);
    for (const row of rows) this.published.add(row.id);
    return rows.length;
  }
}

/** A Bull queue that records each addBulk call; `hold` keeps the calls unanswered until released. */
class FakeQueue {
  readonly bulks: Bulk[] = [];
  failure?: Error;
  private held: Array<() => void> = [];
  hold = false;

  async addBulk(jobs: Bulk): Promise<unknown[]> {
    this.bulks.push(jobs);
    if (this.hold) await new Promise<void>((resolve) => this.held.push(resolve));
    if (this.failure) throw this.failure;
    return jobs;
  }

  release(): void {
    this.hold = false;
    for (const go of this.held.splice(0)) go();
  }

  get jobIds(): string[] {
    return this.bulks.flat().map((job) => String(job.opts?.jobId));
  }
}

const TX = {} as SqlExecutor;
const PROCESS = (n: number) => ({ id: `p-${n}`, requestId: 'r-1', generation: 0 });

function setup() {
  const outbox = new InMemoryOutbox();
  const screening = new FakeQueue();
  const webhooks = new FakeQueue();
  const queues = new Map<string, Queue>([
    [SCREENING_QUEUE, screening as unknown as Queue],
    [WEBHOOK_QUEUE, webhooks as unknown as Queue],
  ]);
  const publisher = new OutboxPublisher(outbox as unknown as OutboxRepository, queues);
  return { outbox, screening, webhooks, publisher };
}

/** Lets queued promise callbacks run (no clock involved). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

beforeEach(() => {
  logged.length = 0;
});

afterEach(() => {
  jest.useRealTimers();
});

describe('OutboxPublisher', () => {
  it('stages rows in the caller transaction, or on their own', async () => {
    const { outbox, publisher } = setup();
    const inTx = await publisher.stage(TX, runProcessJobs([PROCESS(1)]));
    const alone = await publisher.stageNow(runProcessJobs([PROCESS(2)]));
    expect([...inTx, ...alone].map((row) => row.id)).toEqual(['1', '2']);
    expect(outbox.rows.map((row) => row.jobId)).toEqual(['p-1:0', 'p-2:0']);
  });

  it('publishes each job to its queue with the contract options and its deterministic id, then marks it', async () => {
    const { outbox, screening, webhooks, publisher } = setup();
    const staged = await publisher.stageNow([
      ...runProcessJobs([PROCESS(1)]),
      deliverWebhookJob([{ id: 'd-1', generation: 0 }]),
    ]);

    await publisher.publishNow(staged);

    expect(screening.bulks).toEqual([
      [
        {
          name: ScreeningJob.RunProcess,
          data: { requestId: 'r-1', processId: 'p-1', generation: 0 },
          opts: { ...jobOptions(SCREENING_QUEUE, ScreeningJob.RunProcess), jobId: 'p-1:0' },
        },
      ],
    ]);
    expect(webhooks.jobIds).toEqual(['d-1:0']);
    expect(outbox.published.size).toBe(0); // marked in batches, not per call
    await publisher.flushPublished();
    expect(outbox.markCalls).toEqual([staged.map((row) => row.id)]);
    await publisher.onApplicationShutdown();
  });

  it('delays a job due later by what remains until it is due', async () => {
    const { webhooks, publisher } = setup();
    const due = new Date(Date.now() + 60_000);
    const before = Date.now();
    await publisher.publishNow(
      await publisher.stageNow([deliverWebhookJob([{ id: 'd', generation: 1 }], due)]),
    );
    const after = Date.now();
    const delay = webhooks.bulks[0][0].opts?.delay as number;
    expect(delay).toBeGreaterThanOrEqual(due.getTime() - after);
    expect(delay).toBeLessThanOrEqual(due.getTime() - before);
    await publisher.onApplicationShutdown();
  });

  it('sends the jobs of callers publishing while others are in flight together', async () => {
    const { screening, publisher } = setup();
    screening.hold = true;
    const first = [1, 2].map(async (n) =>
      publisher.publishNow(await publisher.stageNow(runProcessJobs([PROCESS(n)]))),
    );
    await settle();
    const waiting = [3, 4, 5].map(async (n) =>
      publisher.publishNow(await publisher.stageNow(runProcessJobs([PROCESS(n)]))),
    );
    await settle();
    expect(screening.bulks).toHaveLength(2); // two in flight; the other three wait
    screening.release();
    await Promise.all([...first, ...waiting]);
    expect(screening.bulks.map((bulk) => bulk.length)).toEqual([1, 1, 3]);
    await publisher.onApplicationShutdown();
  });

  it('never fails its caller when Redis refuses: it logs, marks nothing, and the sweeper publishes later', async () => {
    const { outbox, screening, publisher } = setup();
    screening.failure = new Error('Connection is closed.');
    const staged = await publisher.stageNow(runProcessJobs([PROCESS(1)]));

    await expect(publisher.publishNow(staged)).resolves.toBeUndefined();
    await publisher.flushPublished();
    expect(outbox.markCalls).toEqual([]);
    expect(logged).toEqual([
      expect.objectContaining({
        level: 'warn',
        message: 'Could not publish jobs now; the outbox sweeper will retry',
      }),
    ]);

    screening.failure = undefined;
    expect(await publisher.sweep(0)).toBe(1);
    expect(screening.jobIds).toEqual(['p-1:0', 'p-1:0']); // the same id: Bull keeps one job
    expect([...outbox.published]).toEqual(['1']);
  });

  it('gives up a publish Redis does not answer after its timeout, and the caller goes on', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    const { screening, publisher } = setup();
    screening.hold = true;
    let done = false;
    const publishing = publisher
      .publishNow(await publisher.stageNow(runProcessJobs([PROCESS(1)])))
      .then(() => (done = true));
    await jest.advanceTimersByTimeAsync(1_999);
    expect(done).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    await publishing;
    expect(logged.map((line) => line.message)).toEqual([
      'Could not publish jobs now; the outbox sweeper will retry',
    ]);
    screening.release();
  });

  it('refuses a job of a queue the contract lacks without failing the caller', async () => {
    const { publisher } = setup();
    const staged = await publisher.stageNow([{ queue: 'nope', jobName: 'x', jobId: 'x', payload: {} }]);
    await publisher.publishNow(staged);
    expect(logged).toEqual([expect.objectContaining({ level: 'warn' })]);
  });

  it('keeps the rows unmarked when the mark is refused: the sweeper publishes them again, harmlessly', async () => {
    const { outbox, publisher } = setup();
    outbox.refuseMarks = true;
    await publisher.publishNow(await publisher.stageNow(runProcessJobs([PROCESS(1)])));
    await expect(publisher.flushPublished()).resolves.toBeUndefined();
    expect(outbox.published.size).toBe(0);
    expect(logged.map((line) => line.message)).toEqual([
      'Could not mark outbox rows published; the sweeper will republish them',
    ]);
  });
});
