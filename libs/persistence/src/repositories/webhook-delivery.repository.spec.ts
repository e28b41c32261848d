jest.mock('@nestjs/common', () => jest.requireActual('@app/platform/testing/nest-common.stub'));
import { randomUUID } from 'node:crypto';
import type { DomainEvent } from '@app/domain';
import { mediumDatabase } from '../medium/medium-database.fixture';
import { EventRepository, parseEventId } from './event.repository';
import { type DeliveryAttempt, WebhookDeliveryRepository } from './webhook-delivery.repository';
import { WebhookEndpointRepository } from './webhook-endpoint.repository';

const db = mediumDatabase();

describe('WebhookDeliveryRepository (medium)', () => {
  let repo: WebhookDeliveryRepository;
  let events: EventRepository;
  const attempt = (httpStatus: number | null): DeliveryAttempt => ({
    at: Date.now(),
    httpStatus,
    durationMs: 12,
    error: httpStatus === 200 ? null : 'HTTP 500',
  });

  /** A delivery of a new event of `subject` to the endpoint: due now, or waiting (`scheduled` false). */
  const deliver = async (endpointId: string, subject: string, scheduled = true): Promise<string> => {
    const position = parseEventId(
      await events.appendOne('acme', {
        type: 'candidate_request.completed',
        data: { uuid: subject },
      } as unknown as DomainEvent),
    )!;
    const id = randomUUID();
    await db.rows(
      `INSERT INTO webhook_delivery (id, endpoint_id, event_tx, event_seq, event_type, event_created_at, subject, status, next_attempt_at)
       SELECT $1, $2, e.tx_id, e.seq, e.type, e.created_at, e.subject, 'pending', CASE WHEN $5 THEN now() END
         FROM event e WHERE e.tx_id = $3::xid8 AND e.seq = $4::bigint`,
      [id, endpointId, position.txId, position.seq, scheduled],
    );
    return id;
  };
  const endpoint = async (): Promise<string> => {
    const id = randomUUID();
    await new WebhookEndpointRepository(db.dataSource).create(db.dataSource, {
      id,
      clientId: 'acme',
      url: 'https://hooks.example.com/in',
      events: null,
      description: null,
      secret: Buffer.from('secret'),
    });
    return id;
  };
  const delivery = async (id: string) =>
    (
      await db.rows(
        `SELECT status, generation, next_attempt_at IS NOT NULL AS scheduled, attempts FROM webhook_delivery WHERE id = $1`,
        [id],
      )
    )[0];

  beforeAll(() => {
    repo = new WebhookDeliveryRepository(db.dataSource);
    events = new EventRepository(db.dataSource);
  });

  it('list: an endpoint’s deliveries, newest event first, by status', async () => {
    const e = await endpoint();
    const first = await deliver(e, 's-1');
    const second = await deliver(e, 's-2');
    const { result, sql } = await db.record(() => repo.list(e, { status: 'pending', page: 1, limit: 10 }));
    expect(result.total).toBe(2);
    expect(result.rows.map((d) => d.id)).toEqual([second, first]);
    expect(result.rows[0]).toEqual({
      id: second,
      eventId: expect.stringMatching(/^evt_\d+_\d+$/),
      eventType: 'candidate_request.completed',
      status: 'pending',
      attempts: [],
      nextAttemptAt: expect.any(Number),
    });
    expect((await repo.list(e, { status: 'succeeded', page: 1, limit: 10 })).total).toBe(0);
    expect(sql).toMatchSnapshot();
  });

  it('forAttempts: what an attempt needs, with its event; a missing delivery is left out', async () => {
    const e = await endpoint();
    const id = await deliver(e, 's-for');
    const { result, sql } = await db.record(() => repo.forAttempts([id, randomUUID()]));
    expect([...result.keys()]).toEqual([id]);
    const found = result.get(id)!;
    expect(found).toMatchObject({
      id,
      endpointId: e,
      clientId: 'acme',
      subject: 's-for',
      status: 'pending',
      generation: 0,
      attemptsMade: 0,
      url: 'https://hooks.example.com/in',
      previousSecret: null,
      previousSecretUntil: null,
      event: { type: 'candidate_request.completed', clientId: 'acme', data: { uuid: 's-for' } },
    });
    expect(found.secret.toString()).toBe('secret');
    expect(sql).toMatchSnapshot();
  });

  it('recordAttempt: a success is recorded and releases the next delivery of the subject', async () => {
    const e = await endpoint();
    const first = await deliver(e, 's-chain');
    const second = await deliver(e, 's-chain', false);
    const { result, sql } = await db.record(() =>
      repo.recordAttempt(
        { id: first, endpointId: e, subject: 's-chain', generation: 0, attemptsMade: 0, clientId: 'acme' },
        attempt(200),
        { status: 'succeeded' },
        null,
      ),
    );
    expect(result).toMatchObject({
      retryJobId: null,
      failingSince: null,
      released: { id: second, generation: 0, attemptsMade: 0 },
    });
    expect(result.released?.event).toMatchObject({
      type: 'candidate_request.completed',
      data: { uuid: 's-chain' },
    });
    expect(await delivery(first)).toMatchObject({
      status: 'succeeded',
      attempts: [expect.objectContaining({ httpStatus: 200 })],
    });
    expect(await delivery(second)).toMatchObject({ status: 'pending', scheduled: true });
    expect(sql).toMatchSnapshot();
  });

  it('recordAttempt: a failure schedules the retry through the outbox and starts the failure streak', async () => {
    const e = await endpoint();
    const id = await deliver(e, 's-retry');
    const retryJob = {
      queue: 'webhooks',
      jobName: 'deliver',
      jobId: `retry-${id}`,
      payload: { id },
      availableAt: new Date(Date.now() + 60_000),
    };
    const result = await repo.recordAttempt(
      { id, endpointId: e, subject: 's-retry', generation: 0, attemptsMade: 0, clientId: 'acme' },
      attempt(500),
      { status: 'pending', nextAttemptAt: Date.now() + 60_000 },
      retryJob,
    );
    expect(result.retryJobId).toEqual(expect.any(String));
    expect(result.failingSince).toEqual(expect.any(Number));
    expect(await delivery(id)).toMatchObject({ status: 'pending', generation: 1 });
    expect(await db.rows(`SELECT 1 FROM outbox_job WHERE job_id = $1`, [retryJob.jobId])).toHaveLength(1);
    const stale = await repo.recordAttempt(
      { id, endpointId: e, subject: 's-retry', generation: 0, attemptsMade: 1, clientId: 'acme' },
      attempt(200),
      { status: 'succeeded' },
      null,
    );
    expect(stale.retryJobId).toBeNull();
    expect((await delivery(id))?.status).toBe('pending'); // the generation moved on: the stale outcome is not applied
  });

  it('recordMany: attempts of different chains in one statement, each answered as if alone', async () => {
    const e = await endpoint();
    const a = await deliver(e, 's-many-a');
    const b = await deliver(e, 's-many-b');
    const bNext = await deliver(e, 's-many-b', false);
    const record = (id: string, subject: string) => ({
      delivery: { id, endpointId: e, subject, generation: 0, attemptsMade: 0, clientId: 'acme' },
      attempt: attempt(200),
      outcome: { status: 'succeeded' as const },
      retryJob: null,
    });
    const { result, sql } = await db.record(() =>
      repo.recordMany([record(a, 's-many-a'), record(b, 's-many-b')]),
    );
    expect(result).toEqual([
      { retryJobId: null, released: null, failingSince: null },
      { retryJobId: null, released: expect.objectContaining({ id: bNext }), failingSince: null },
    ]);
    expect((await delivery(a))?.status).toBe('succeeded');
    expect((await delivery(b))?.status).toBe('succeeded');
    expect(sql).toMatchSnapshot();
  });

  it('rescheduleNow: pending again and due now; null for another endpoint’s delivery', async () => {
    const e = await endpoint();
    const id = await deliver(e, 's-manual');
    await db.rows(`UPDATE webhook_delivery SET status = 'failed', next_attempt_at = NULL WHERE id = $1`, [
      id,
    ]);
    const { result, sql } = await db.record(() => repo.inTransaction((tx) => repo.rescheduleNow(tx, e, id)));
    expect(result).toMatchObject({ id, status: 'pending', generation: 1, nextAttemptAt: expect.any(Number) });
    expect(await repo.inTransaction((tx) => repo.rescheduleNow(tx, randomUUID(), id))).toBeNull();
    expect(sql).toMatchSnapshot();
  });

  it('releaseStuckChains and overdue: a waiting delivery left behind is released; an overdue one is found', async () => {
    const e = await endpoint();
    const stuck = await deliver(e, 's-stuck', false);
    await db.rows(`UPDATE webhook_delivery SET created_at = now() - interval '1 hour' WHERE id = $1`, [
      stuck,
    ]);
    const { result, sql } = await db.record(() => repo.releaseStuckChains(60_000, 10));
    expect(result).toEqual([{ id: stuck, generation: 0 }]);
    await db.rows(`UPDATE webhook_delivery SET next_attempt_at = now() - interval '1 hour' WHERE id = $1`, [
      stuck,
    ]);
    const overdue = await db.record(() => repo.overdue(60_000, 10));
    expect(overdue.result).toContainEqual({ id: stuck, generation: 0 });
    expect({ releaseStuckChains: sql, overdue: overdue.sql }).toMatchSnapshot();
  });

  it('disableEndpoint: disabled, with its pending deliveries cancelled', async () => {
    const e = await endpoint();
    const id = await deliver(e, 's-disable');
    const sql = await db.sqlOf(() => repo.disableEndpoint(e));
    expect(await db.rows(`SELECT enabled FROM webhook_endpoint WHERE id = $1`, [e])).toEqual([
      { enabled: false },
    ]);
    expect(await delivery(id)).toMatchObject({ status: 'failed', generation: 1, scheduled: false });
    expect(sql).toMatchSnapshot();
  });
});
