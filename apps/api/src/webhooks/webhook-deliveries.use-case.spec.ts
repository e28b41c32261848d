// Barrels that load Nest (ESM-only, see docs/architecture.md) give way to the plain modules used.
jest.mock('@nestjs/common', () => jest.requireActual('@app/platform/testing/nest-common.stub'));
jest.mock('@app/platform', () => ({
  ...jest.requireActual('@app/platform/webhooks/secret-cipher'),
  ...jest.requireActual('@app/platform/webhooks/address-guard'),
}));
jest.mock('@app/application', () => jest.requireActual('@app/application/outbox/outbox-jobs'));

import { DELIVERY_STATUSES, EVENT_TYPES, NotFoundError } from '@app/domain';
import type {
  DeliveryView,
  EventRepository,
  OutboxJob,
  StoredEndpoint,
  WebhookDeliveryRepository,
  WebhookEndpointRepository,
} from '@app/persistence';
import { RecordingOutbox } from '@app/application/outbox/outbox-publisher.fixture';
import type { SecretCipher } from '@app/platform';
import { testConfig } from '@app/platform/config/app-config.fixture';
import { jobIdOf, WEBHOOK_QUEUE, WebhookJob } from '@app/platform/queue/queue.contract';
import { ACME, GLOBEX } from '../auth/test-users.fixture';
import type { IdempotentCommands } from '../common/idempotency';
import { RecordingRateLimiter } from '../common/rate-limit.fixture';
import { DELIVERY_NOT_FOUND, WebhookDeliveriesUseCase } from './webhook-deliveries.use-case';
import { ENDPOINT_NOT_FOUND, WebhookEndpointsUseCase } from './webhook-endpoints.use-case';

const uuid = (n: number) => `5f0c7a8e-1111-4222-8333-${String(n).padStart(12, '0')}`;
const ENDPOINT = uuid(1); // acme's
const OTHER_ENDPOINT = uuid(2); // acme's too
const GLOBEX_ENDPOINT = uuid(3);
const [PENDING, SUCCEEDED, FAILED] = DELIVERY_STATUSES;
/** The instant the fake database's `now()` answers. */
const DB_NOW = 1_795_357_425_000;

/** The endpoints table in memory, scoped by client as the repository's statement is. */
function endpointsOf(...rows: Array<Pick<StoredEndpoint, 'id' | 'clientId'>>) {
  return {
    find: async (id: string, clientIds: string[]) =>
      (rows.find((r) => r.id === id && clientIds.includes(r.clientId)) as StoredEndpoint) ?? null,
  };
}

type Row = DeliveryView & { endpointId: string; generation: number };

/**
 * The deliveries table in memory: newest event first, and a transaction that writes everything it
 * did (the reschedule and the outbox rows staged in it) or, when its work throws, nothing.
 */
class InMemoryDeliveries {
  rows: Row[] = [];
  staged: OutboxJob[] = [];
  listed: string[] = [];
  private open: object | null = null;

  add(endpointId: string, status: Row['status'], generation = 0): Row {
    const row: Row = {
      id: uuid(100 + this.rows.length),
      eventId: `evt_${this.rows.length + 1}_1`,
      eventType: EVENT_TYPES[this.rows.length % EVENT_TYPES.length],
      status,
      attempts:
        status === PENDING
          ? []
          : [
              status === FAILED
                ? { at: 1, httpStatus: 500, durationMs: 9, error: 'HTTP 500' }
                : { at: 1, httpStatus: 200, durationMs: 9, error: null },
            ],
      nextAttemptAt: status === PENDING ? 2 : null,
      endpointId,
      generation,
    };
    this.rows.unshift(row); // the newest event first
    return row;
  }

  async inTransaction<T>(work: (tx: unknown) => Promise<T>): Promise<T> {
    const before = { rows: this.rows.map((r) => ({ ...r })), staged: [...this.staged] };
    const tx = {};
    this.open = tx;
    try {
      return await work(tx);
    } catch (error) {
      Object.assign(this, before);
      throw error;
    } finally {
      this.open = null;
    }
  }

  isOpen(tx: unknown): boolean {
    return tx !== null && tx === this.open;
  }

  async list(endpointId: string, filter: { status?: Row['status']; page: number; limit: number }) {
    this.listed.push(endpointId);
    const rows = this.rows.filter(
      (r) => r.endpointId === endpointId && (filter.status === undefined || r.status === filter.status),
    );
    const page = rows.slice((filter.page - 1) * filter.limit, filter.page * filter.limit);
    return { rows: page.map(viewOf), total: rows.length };
  }

  async rescheduleNow(tx: unknown, endpointId: string, id: string) {
    expect(this.isOpen(tx)).toBe(true); // written in the transaction that stages its job
    const at = this.rows.findIndex((r) => r.id === id && r.endpointId === endpointId);
    if (at < 0) return null;
    const row = this.rows[at];
    this.rows[at] = { ...row, status: PENDING, nextAttemptAt: DB_NOW, generation: row.generation + 1 };
    return { ...viewOf(this.rows[at]), generation: this.rows[at].generation };
  }
}

const viewOf = ({ endpointId: _e, generation: _g, ...view }: Row): DeliveryView => view;

function setup() {
  const deliveries = new InMemoryDeliveries();
  let refuseStaging: Error | undefined;
  // Staged jobs are the deliveries table's (its transaction keeps or drops them with the reschedule).
  const outbox = new RecordingOutbox();
  outbox.stage = async (tx, jobs) => {
    expect(deliveries.isOpen(tx)).toBe(true); // both or neither
    if (refuseStaging) throw refuseStaging;
    deliveries.staged.push(...jobs);
    return jobs.map((job, i) => ({ ...job, id: String(deliveries.staged.length - jobs.length + i) }));
  };
  const endpoints = new WebhookEndpointsUseCase(
    endpointsOf(
      { id: ENDPOINT, clientId: 'acme' },
      { id: OTHER_ENDPOINT, clientId: 'acme' },
      { id: GLOBEX_ENDPOINT, clientId: 'globex' },
    ) as unknown as WebhookEndpointRepository,
    {} as EventRepository,
    {} as SecretCipher,
    {} as IdempotentCommands,
    testConfig({ webhooks: { maxEndpointsPerClient: 10, allowPrivateUrls: true } }),
    new RecordingRateLimiter(),
  );
  const useCase = new WebhookDeliveriesUseCase(
    endpoints,
    deliveries as unknown as WebhookDeliveryRepository,
    outbox.asPublisher(),
  );
  return {
    deliveries,
    published: outbox.published,
    useCase,
    refuseStagingWith: (error: Error) => (refuseStaging = error),
  };
}

/** The outbox row of one attempt of a delivery, as the queue contract names it. */
const deliverJob = (id: string, generation: number): OutboxJob => {
  const payload = { deliveries: [{ id, generation }] };
  return {
    queue: WEBHOOK_QUEUE,
    jobName: WebhookJob.Deliver,
    jobId: jobIdOf(WEBHOOK_QUEUE, WebhookJob.Deliver, payload),
    payload,
    availableAt: null,
  };
};

describe('WebhookDeliveriesUseCase', () => {
  describe('list', () => {
    it("pages the endpoint's deliveries newest first, its own only, with the page asked for and the total", async () => {
      const { deliveries, useCase } = setup();
      const oldest = deliveries.add(ENDPOINT, SUCCEEDED);
      deliveries.add(OTHER_ENDPOINT, FAILED);
      const middle = deliveries.add(ENDPOINT, FAILED);
      const newest = deliveries.add(ENDPOINT, PENDING);

      expect(await useCase.list(ACME, ENDPOINT, { page: 1, limit: 2 })).toEqual({
        data: [viewOf(newest), viewOf(middle)],
        page: 1,
        limit: 2,
        total: 3,
      });
      expect(await useCase.list(ACME, ENDPOINT, { page: 2, limit: 2 })).toEqual({
        data: [viewOf(oldest)],
        page: 2,
        limit: 2,
        total: 3,
      });
    });

    it('answers a page past the last one empty, the total still counting every delivery', async () => {
      const { deliveries, useCase } = setup();
      deliveries.add(ENDPOINT, PENDING);
      expect(await useCase.list(ACME, ENDPOINT, { page: 3, limit: 1 })).toEqual({
        data: [],
        page: 3,
        limit: 1,
        total: 1,
      });
    });

    it('filters by status, the total counting that status only', async () => {
      const { deliveries, useCase } = setup();
      deliveries.add(ENDPOINT, SUCCEEDED);
      const failed = deliveries.add(ENDPOINT, FAILED);
      deliveries.add(ENDPOINT, PENDING);
      const page = await useCase.list(ACME, ENDPOINT, { status: FAILED, page: 1, limit: 50 });
      expect(page.data).toEqual([viewOf(failed)]);
      expect(page.total).toBe(1);
    });

    it("answers 404 for another client's endpoint or an id that is no uuid, before reading any delivery", async () => {
      const { deliveries, useCase } = setup();
      deliveries.add(GLOBEX_ENDPOINT, FAILED);
      for (const [user, endpointId] of [
        [ACME, GLOBEX_ENDPOINT],
        [GLOBEX, ENDPOINT],
        [ACME, 'not-a-uuid'],
        [ACME, uuid(99)],
      ] as const)
        await expect(useCase.list(user, endpointId, { page: 1, limit: 10 })).rejects.toEqual(
          new NotFoundError(ENDPOINT_NOT_FOUND),
        );
      expect(deliveries.listed).toEqual([]);
    });
  });

  describe('retry', () => {
    it('schedules the delivery again now, stages the job of its new generation with it and publishes it after', async () => {
      const { deliveries, published, useCase } = setup();
      const failed = deliveries.add(ENDPOINT, FAILED, 4);

      const answer = await useCase.retry(ACME, ENDPOINT, failed.id);

      expect(answer).toEqual({ ...viewOf(failed), status: PENDING, nextAttemptAt: DB_NOW });
      expect(answer).not.toHaveProperty('generation'); // internal: not on the wire
      expect(deliveries.staged).toEqual([deliverJob(failed.id, 5)]);
      expect(published).toEqual([[{ ...deliverJob(failed.id, 5), id: '0' }]]);
    });

    it('retries a delivery whatever its status, each retry a job of a newer generation (earlier ones go stale)', async () => {
      const { deliveries, published, useCase } = setup();
      const succeeded = deliveries.add(ENDPOINT, SUCCEEDED);
      await useCase.retry(ACME, ENDPOINT, succeeded.id);
      await useCase.retry(ACME, ENDPOINT, succeeded.id);
      expect(published.flat().map((job) => job.jobId)).toEqual([
        deliverJob(succeeded.id, 1).jobId,
        deliverJob(succeeded.id, 2).jobId,
      ]);
      expect(new Set(published.flat().map((job) => job.jobId)).size).toBe(2);
    });

    it('answers 404 for a delivery of another endpoint, an unknown one or an id that is no uuid, changing nothing', async () => {
      const { deliveries, published, useCase } = setup();
      const elsewhere = deliveries.add(OTHER_ENDPOINT, FAILED);
      for (const deliveryId of [elsewhere.id, uuid(99), 'not-a-uuid'])
        await expect(useCase.retry(ACME, ENDPOINT, deliveryId)).rejects.toEqual(
          new NotFoundError(DELIVERY_NOT_FOUND),
        );
      expect(deliveries.rows).toEqual([elsewhere]);
      expect(deliveries.staged).toEqual([]);
      expect(published).toEqual([]);
    });

    it("answers another client's endpoint as unknown (404), its delivery untouched", async () => {
      const { deliveries, published, useCase } = setup();
      const theirs = deliveries.add(GLOBEX_ENDPOINT, FAILED, 2);
      await expect(useCase.retry(ACME, GLOBEX_ENDPOINT, theirs.id)).rejects.toEqual(
        new NotFoundError(ENDPOINT_NOT_FOUND),
      );
      await expect(useCase.retry(GLOBEX, ENDPOINT, theirs.id)).rejects.toEqual(
        new NotFoundError(ENDPOINT_NOT_FOUND),
      );
      expect(deliveries.rows).toEqual([theirs]);
      expect(published).toEqual([]);
    });

    it('fails whole when the job cannot be staged: the delivery keeps its status and nothing is published', async () => {
      const { deliveries, published, useCase, refuseStagingWith } = setup();
      const failed = deliveries.add(ENDPOINT, FAILED, 1);
      refuseStagingWith(new Error('deadlock detected'));
      await expect(useCase.retry(ACME, ENDPOINT, failed.id)).rejects.toThrow('deadlock detected');
      expect(deliveries.rows).toEqual([failed]); // status FAILED, generation 1: the reschedule rolled back
      expect(deliveries.staged).toEqual([]);
      expect(published).toEqual([]);
    });
  });
});
