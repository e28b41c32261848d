// The application barrel loads Nest (ESM-only, see docs/architecture.md): the use case gets the plain
// module of the job builders it uses.
jest.mock('@app/application', () => jest.requireActual('@app/application/outbox/outbox-jobs'));

import { Webhook } from 'standardwebhooks';
import {
  CHAIN_STEPS_PER_JOB,
  deferralDelayMs,
  DeliveryPolicy,
  DISABLE_AFTER_FAILING_MS,
  SendResult,
  WebhookSender,
} from '@app/domain';
import type {
  DeliveryAttempt,
  DeliveryForAttempt,
  OutboxJob,
  ReleasedDelivery,
  WebhookDeliveryRepository,
} from '@app/persistence';
import type { AttemptOutcome } from '@app/domain';
import { RecordingOutbox } from '@app/application/outbox/outbox-publisher.fixture';
import { FakeSecretCipher } from '@app/platform/webhooks/secret-cipher.fixture';
import { waitOutOutages } from '@app/platform/runtime/dependency-outage';
import { DeliverWebhookUseCase } from './deliver-webhook.use-case';
import { DeliveryLedger } from './delivery-ledger';
import type { DeliveryOutcome } from './delivery-outcomes';
import type { FailedAttempt } from './failed-attempt';
import { SignedPoster } from './signed-poster';

const SECRET = `whsec_${Buffer.from('a-secret-of-24-bytes-ok!').toString('base64')}`;
/** Secrets are stored sealed for their endpoint, as the repository keeps them. */
const CIPHER = new FakeSecretCipher();
const SCHEDULE = [1_000, 5_000];

interface StoredDelivery extends Omit<DeliveryForAttempt, 'attemptsMade'> {
  attempts: DeliveryAttempt[];
  nextAttemptAt: number | null;
}

/**
 * The deliveries table in memory, with the rules of `recordAttempt`: an attempt is always appended,
 * but it changes the delivery only if nobody recorded one since it was read (generation, status and
 * attempt count unchanged); a success releases the next waiting delivery of its subject.
 */
class InMemoryDeliveries {
  readonly rows = new Map<string, StoredDelivery>();
  readonly failingSince = new Map<string, number | null>();
  readonly disabled: string[] = [];
  private outboxIds = 0;

  add(id: string, extra: Partial<StoredDelivery> = {}): StoredDelivery {
    const row: StoredDelivery = {
      id,
      endpointId: 'e-1',
      clientId: 'acme',
      subject: 'r-1',
      status: 'pending',
      generation: 0,
      url: 'https://hooks.example/e-1',
      secret: CIPHER.encrypt(SECRET, extra.endpointId ?? 'e-1'),
      previousSecret: null,
      previousSecretUntil: null,
      event: {
        id: `evt_${id}`,
        type: 'process.started',
        createdAt: this.rows.size,
        clientId: 'acme',
        data: {},
      },
      attempts: [],
      nextAttemptAt: 0,
      ...extra,
    };
    this.rows.set(id, row);
    return row;
  }

  async forAttempts(ids: string[]): Promise<Map<string, DeliveryForAttempt>> {
    const found = new Map<string, DeliveryForAttempt>();
    for (const id of ids) {
      const row = this.rows.get(id);
      if (row) {
        const { attempts, nextAttemptAt: _next, ...delivery } = row;
        found.set(id, { ...delivery, attemptsMade: attempts.length });
      }
    }
    return found;
  }

  async recordAttempt(
    delivery: { id: string; endpointId: string; subject: string; generation: number; attemptsMade: number },
    attempt: DeliveryAttempt,
    outcome: AttemptOutcome,
    retryJob: OutboxJob | null,
  ): Promise<{ retryJobId: string | null; released: ReleasedDelivery | null; failingSince: number | null }> {
    const row = this.rows.get(delivery.id)!;
    const unchanged =
      row.generation === delivery.generation &&
      row.status === 'pending' &&
      row.attempts.length === delivery.attemptsMade;
    row.attempts.push(attempt);
    let rescheduled = false;
    if (unchanged) {
      row.status = outcome.status;
      row.nextAttemptAt = outcome.status === 'pending' ? outcome.nextAttemptAt : null;
      if (outcome.status === 'pending') {
        row.generation += 1;
        rescheduled = true;
      }
    }
    const succeeded = attempt.error === null;
    if (succeeded) this.failingSince.set(delivery.endpointId, null);
    else if (!this.failingSince.get(delivery.endpointId))
      this.failingSince.set(delivery.endpointId, attempt.at);
    return {
      retryJobId: rescheduled && retryJob ? `outbox-${++this.outboxIds}` : null,
      released: this.release(delivery),
      failingSince: succeeded ? null : (this.failingSince.get(delivery.endpointId) ?? null),
    };
  }

  async disableEndpoint(endpointId: string): Promise<void> {
    this.disabled.push(endpointId);
  }

  /** The next waiting delivery of the subject, unless one is scheduled and not attempted yet. */
  private release(delivery: { id: string; endpointId: string; subject: string }): ReleasedDelivery | null {
    const chain = [...this.rows.values()].filter(
      (r) =>
        r.endpointId === delivery.endpointId &&
        r.subject === delivery.subject &&
        r.status === 'pending' &&
        r.id !== delivery.id,
    );
    if (chain.some((r) => r.nextAttemptAt !== null && r.attempts.length === 0)) return null;
    const next = chain
      .filter((r) => r.nextAttemptAt === null)
      .sort((a, b) => a.event.createdAt - b.event.createdAt)[0];
    if (!next) return null;
    next.nextAttemptAt = 0;
    return {
      id: next.id,
      generation: next.generation,
      attemptsMade: next.attempts.length,
      event: next.event,
    };
  }
}

/** A receiver that answers each POST with the next scripted result (the last one repeats). */
class ScriptedSender extends WebhookSender {
  readonly posts: Array<{ url: string; body: string; headers: Record<string, string> }> = [];

  constructor(private readonly answers: SendResult[]) {
    super();
  }

  async post(url: string, body: string, headers: Record<string, string>): Promise<SendResult> {
    this.posts.push({ url, body, headers });
    return this.answers[Math.min(this.posts.length, this.answers.length) - 1];
  }
}

const OK: SendResult = { httpStatus: 200, error: null };
const DOWN: SendResult = { httpStatus: 503, error: 'HTTP 503' };

function setup(answers: SendResult[] = [OK], slotsPerClient = 4) {
  const deliveries = new InMemoryDeliveries();
  const sender = new ScriptedSender(answers);
  const outbox = new RecordingOutbox();
  const outcomes: DeliveryOutcome[] = [];
  const failures: FailedAttempt[] = [];
  // No slot to lend: a client at its share is handed back.
  const policy = new DeliveryPolicy({ retrySchedule: SCHEDULE, slotsPerClient, slots: slotsPerClient });
  const ledger = new DeliveryLedger(
    deliveries as unknown as WebhookDeliveryRepository,
    // The real rule, with pauses that take no time.
    { run: <T>(work: () => Promise<T>) => waitOutOutages(work, { sleep: async () => undefined }) },
    {
      record: (outcome: DeliveryOutcome, failure?: FailedAttempt) => {
        outcomes.push(outcome);
        if (failure) failures.push(failure);
      },
    },
  );
  const poster = new SignedPoster(sender, CIPHER.asCipher(), { turn: async () => undefined });
  const useCase = new DeliverWebhookUseCase(ledger, poster, outbox.asPublisher(), policy);
  const shares = policy.shares;
  return { deliveries, sender, published: outbox.publishedJobs, outcomes, failures, shares, useCase };
}

const job = (...deliveries: Array<{ id: string; generation: number }>) => ({ deliveries });

describe('DeliverWebhookUseCase', () => {
  it('POSTs the signed event envelope and records the success', async () => {
    const { deliveries, sender, outcomes, useCase } = setup();
    const row = deliveries.add('d-1');
    await useCase.execute(job({ id: 'd-1', generation: 0 }));

    expect(sender.posts).toHaveLength(1);
    const [post] = sender.posts;
    expect(post.url).toBe(row.url);
    expect(new Webhook(SECRET).verify(post.body, post.headers)).toEqual(row.event);
    expect(post.headers['webhook-id']).toBe(row.event.id);
    expect(row.status).toBe('succeeded');
    expect(row.attempts).toEqual([
      { at: expect.any(Number), durationMs: expect.any(Number), httpStatus: 200, error: null },
    ]);
    expect(Number(post.headers['webhook-timestamp'])).toBe(Math.floor(row.attempts[0].at / 1000));
    expect(outcomes).toEqual(['succeeded']);
  });

  it('records a POST made while PostgreSQL is away once it answers, without POSTing again', async () => {
    const { deliveries, sender, outcomes, useCase } = setup();
    const row = deliveries.add('d-1');
    const record = deliveries.recordAttempt.bind(deliveries);
    let refusals = 3;
    deliveries.recordAttempt = (async (...args: Parameters<InMemoryDeliveries['recordAttempt']>) => {
      if (refusals-- > 0)
        throw Object.assign(new Error('terminating connection due to administrator command'), {
          code: '57P01',
        });
      return record(...args);
    }) as InMemoryDeliveries['recordAttempt'];

    await useCase.execute(job({ id: 'd-1', generation: 0 }));

    expect(sender.posts).toHaveLength(1);
    expect(row.status).toBe('succeeded');
    expect(row.attempts).toHaveLength(1);
    expect(outcomes).toEqual(['succeeded']);
  });

  it('leaves alone a delivery of another generation or no longer pending (a stale job)', async () => {
    const { deliveries, sender, useCase } = setup();
    deliveries.add('d-old', { generation: 2 });
    deliveries.add('d-done', { status: 'succeeded' });
    await useCase.execute(
      job({ id: 'd-old', generation: 1 }, { id: 'd-done', generation: 0 }, { id: 'gone', generation: 0 }),
    );
    expect(sender.posts).toEqual([]);
  });

  it('schedules a retry after a failure while the schedule lasts, as a delayed job of the next generation', async () => {
    const { deliveries, published, outcomes, useCase } = setup([DOWN]);
    const row = deliveries.add('d-1');
    await useCase.execute(job({ id: 'd-1', generation: 0 }));

    expect(row.status).toBe('pending');
    expect(row.generation).toBe(1);
    const end = row.attempts[0].at + row.attempts[0].durationMs;
    // SCHEDULE[0] with its +-10% jitter, from the attempt's end (the record reads the clock after it).
    expect(row.nextAttemptAt! - end).toBeGreaterThanOrEqual(SCHEDULE[0] * 0.9);
    expect(published).toEqual([
      expect.objectContaining({
        id: 'outbox-1',
        jobId: 'd-1:1',
        payload: { deliveries: [{ id: 'd-1', generation: 1 }] },
        availableAt: new Date(row.nextAttemptAt!),
      }),
    ]);
    expect(outcomes).toEqual(['retrying']);
  });

  it('ends failed once the schedule is spent (the retry limit): no further job', async () => {
    const { deliveries, published, outcomes, useCase } = setup([DOWN]);
    const row = deliveries.add('d-1');
    for (let generation = 0; generation <= SCHEDULE.length; generation++)
      await useCase.execute(job({ id: 'd-1', generation }));

    expect(row.attempts).toHaveLength(SCHEDULE.length + 1);
    expect(row.status).toBe('failed');
    expect(row.nextAttemptAt).toBeNull();
    expect(published.map((p) => p.jobId)).toEqual(['d-1:1', 'd-1:2']);
    expect(outcomes).toEqual(['retrying', 'retrying', 'failed']);
  });

  it('tells the outcomes what each failed attempt was: endpoint, status or error, its number, the next try', async () => {
    const { deliveries, outcomes, failures, useCase } = setup([
      DOWN,
      { httpStatus: null, error: 'connect ECONNREFUSED 127.0.0.1:9' },
    ]);
    const row = deliveries.add('d-1');
    await useCase.execute(job({ id: 'd-1', generation: 0 }));
    const firstNextTry = row.nextAttemptAt;
    for (let generation = 1; generation <= SCHEDULE.length; generation++)
      await useCase.execute(job({ id: 'd-1', generation }));

    const common = { endpointId: 'e-1', deliveryId: 'd-1', eventId: 'evt_d-1' };
    expect(failures).toEqual([
      { ...common, attempt: 1, httpStatus: 503, error: 'HTTP 503', nextAttemptAt: firstNextTry },
      {
        ...common,
        attempt: 2,
        httpStatus: null,
        error: 'connect ECONNREFUSED 127.0.0.1:9',
        nextAttemptAt: expect.any(Number),
      },
      // The schedule spent: no next try.
      {
        ...common,
        attempt: 3,
        httpStatus: null,
        error: 'connect ECONNREFUSED 127.0.0.1:9',
        nextAttemptAt: null,
      },
    ]);
    expect(firstNextTry).toEqual(expect.any(Number));
    expect(outcomes).toEqual(['retrying', 'retrying', 'failed']);
  });

  it('tells no failure of a success', async () => {
    const { deliveries, failures, useCase } = setup([OK]);
    deliveries.add('d-1');
    await useCase.execute(job({ id: 'd-1', generation: 0 }));
    expect(failures).toEqual([]);
  });

  it('schedules nothing when its record was refused (another attempt was recorded since the read)', async () => {
    const { deliveries, published, useCase } = setup([DOWN]);
    const row = deliveries.add('d-1');
    // Between this job's read and its record, another processor records an attempt.
    const read = deliveries.forAttempts.bind(deliveries);
    deliveries.forAttempts = async (ids) => {
      const found = await read(ids);
      row.attempts.push({ at: 1, durationMs: 1, httpStatus: 503, error: 'HTTP 503' });
      return found;
    };
    await useCase.execute(job({ id: 'd-1', generation: 0 }));
    expect(row.attempts).toHaveLength(2); // the attempt is recorded all the same...
    expect(row.generation).toBe(0); // ...but changes nothing
    expect(published).toEqual([]);
  });

  it('goes on with the next event of the subject each success releases, in the same job', async () => {
    const { deliveries, sender, published, useCase } = setup();
    deliveries.add('d-1');
    deliveries.add('d-2', { nextAttemptAt: null });
    deliveries.add('d-3', { nextAttemptAt: null });
    await useCase.execute(job({ id: 'd-1', generation: 0 }));
    expect(sender.posts.map((p) => JSON.parse(p.body).id)).toEqual(['evt_d-1', 'evt_d-2', 'evt_d-3']);
    expect(published).toEqual([]);
  });

  it(`hands the chain to a new job after ${CHAIN_STEPS_PER_JOB} steps`, async () => {
    const { deliveries, sender, published, useCase } = setup();
    deliveries.add('d-0');
    for (let i = 1; i <= CHAIN_STEPS_PER_JOB; i++) deliveries.add(`d-${i}`, { nextAttemptAt: null });
    await useCase.execute(job({ id: 'd-0', generation: 0 }));
    expect(sender.posts).toHaveLength(CHAIN_STEPS_PER_JOB);
    expect(published.map((p) => p.jobId)).toEqual([`d-${CHAIN_STEPS_PER_JOB}:0`]);
  });

  it('after a failure, hands the released next event to a job of its own', async () => {
    const { deliveries, sender, published, useCase } = setup([DOWN]);
    deliveries.add('d-1');
    deliveries.add('d-2', { nextAttemptAt: null });
    await useCase.execute(job({ id: 'd-1', generation: 0 }));
    // Not attempted in this job: a job of its own reads it (and its endpoint, perhaps just disabled) afresh.
    expect(sender.posts).toHaveLength(1);
    expect(published.map((p) => p.jobId)).toEqual(['d-1:1', 'd-2:0']);
  });

  it('disables an endpoint whose deliveries have failed for five days without a success', async () => {
    const { deliveries, useCase } = setup([DOWN]);
    deliveries.add('d-1');
    deliveries.failingSince.set('e-1', Date.now() - DISABLE_AFTER_FAILING_MS);
    await useCase.execute(job({ id: 'd-1', generation: 0 }));
    expect(deliveries.disabled).toEqual(['e-1']);
  });

  it('hands back, with a growing delay, the deliveries of a client holding its share of the slots', async () => {
    const { deliveries, sender, published, shares, useCase } = setup([OK], 1);
    deliveries.add('d-1');
    expect(shares.tryTake('acme')).toBe(true); // another job of acme holds its one slot
    const before = Date.now();
    await useCase.execute({ deliveries: [{ id: 'd-1', generation: 0 }], deferrals: 2 });
    expect(sender.posts).toEqual([]);
    expect(published).toEqual([
      expect.objectContaining({ payload: { deliveries: [{ id: 'd-1', generation: 0 }], deferrals: 3 } }),
    ]);
    expect(published[0].availableAt!.getTime()).toBeGreaterThanOrEqual(before + deferralDelayMs(3));
  });

  it('signs with both secrets while a rotation overlaps', async () => {
    const previous = `whsec_${Buffer.from('the-previous-secret-24b!').toString('base64')}`;
    const { deliveries, sender, useCase } = setup();
    deliveries.add('d-1', {
      previousSecret: CIPHER.encrypt(previous, 'e-1'),
      previousSecretUntil: Date.now() + 60_000,
    });
    await useCase.execute(job({ id: 'd-1', generation: 0 }));
    const [post] = sender.posts;
    expect(post.headers['webhook-signature'].split(' ')).toHaveLength(2);
    for (const secret of [SECRET, previous])
      expect(new Webhook(secret).verify(post.body, post.headers)).toBeTruthy();
  });
});
