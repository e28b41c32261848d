jest.mock('@nestjs/common', () => jest.requireActual('@app/platform/testing/nest-common.stub'));
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { eventually, mediumDatabase } from '../medium/medium-database.fixture';
import { type NewEndpoint, WebhookEndpointRepository } from './webhook-endpoint.repository';

const db = mediumDatabase();

describe('WebhookEndpointRepository (medium)', () => {
  let repo: WebhookEndpointRepository;
  const endpoint = (over: Partial<NewEndpoint> = {}): NewEndpoint => ({
    id: randomUUID(),
    clientId: 'acme',
    url: 'https://hooks.acme.example.com/screening',
    events: ['candidate_request.completed'],
    description: 'ATS',
    secret: Buffer.from('encrypted-secret'),
    ...over,
  });
  const create = (over: Partial<NewEndpoint> = {}) => repo.create(db.dataSource, endpoint(over));

  beforeAll(() => {
    repo = new WebhookEndpointRepository(db.dataSource);
  });

  it('countLockingClient and create: inside the caller’s transaction, the quota counted under the client’s lock', async () => {
    const e = endpoint();
    const { result, sql } = await db.record(() =>
      db.dataSource.transaction(async (tx) => {
        const before = await repo.countLockingClient(tx, 'acme');
        const created = await repo.create(tx, e);
        return { before, created, after: await repo.countLockingClient(tx, 'acme') };
      }),
    );
    expect(result.before).toBe(0);
    expect(result.after).toBe(1);
    expect(result.created).toEqual({
      id: e.id,
      clientId: 'acme',
      url: e.url,
      events: ['candidate_request.completed'],
      description: 'ATS',
      enabled: true,
      createdAt: expect.any(Number),
    });
    const [row] = await db.rows<{ secret: Buffer }>(`SELECT secret FROM webhook_endpoint WHERE id = $1`, [
      e.id,
    ]);
    expect(row.secret.toString()).toBe('encrypted-secret');
    expect(sql).toMatchSnapshot();
  });

  it('list and find: newest first with the total, even past the last page; scoped to the client', async () => {
    const second = await create({ events: null });
    await db.rows(`UPDATE webhook_endpoint SET created_at = now() + interval '1 minute' WHERE id = $1`, [
      second.id,
    ]);
    const { result, sql } = await db.record(() => repo.list('acme', 1, 1));
    expect(result.total).toBe(2);
    expect(result.rows.map((e) => e.id)).toEqual([second.id]);
    const past = await db.record(() => repo.list('acme', 9, 1));
    expect(past.result).toEqual({ total: 2, rows: [] });
    const find = await db.record(() => repo.find(second.id, ['acme']));
    expect(find.result).toMatchObject({ id: second.id, events: null });
    expect(await repo.find(second.id, ['globex'])).toBeNull();
    expect({ list: sql, pastLastPage: past.sql, find: find.sql }).toMatchSnapshot();
  });

  it('update: only the given fields; disabling cancels pending deliveries', async () => {
    const e = await create();
    const [{ tx_id, seq }] = await db.rows<{ tx_id: string; seq: string }>(
      `INSERT INTO event (client_id, type, subject, data) VALUES ('acme', 'candidate_request.completed', 's', '{}')
       RETURNING tx_id::text, seq::text`,
    );
    await db.rows(
      `INSERT INTO webhook_delivery (id, endpoint_id, event_tx, event_seq, event_type, event_created_at, subject, status, next_attempt_at)
       VALUES ($1, $2, $3::xid8, $4, 'candidate_request.completed', now(), 's', 'pending', now())`,
      [randomUUID(), e.id, tx_id, seq],
    );
    const { result, sql } = await db.record(() =>
      repo.update(e.id, ['acme'], { description: null, enabled: false }),
    );
    expect(result).toMatchObject({
      id: e.id,
      url: e.url,
      events: e.events,
      description: null,
      enabled: false,
    });
    const [delivery] = await db.rows(
      `SELECT status, next_attempt_at, generation FROM webhook_delivery WHERE endpoint_id = $1`,
      [e.id],
    );
    expect(delivery).toEqual({ status: 'failed', next_attempt_at: null, generation: 1 });
    const enable = await db.record(() =>
      repo.update(e.id, ['acme'], { enabled: true, events: null, url: 'https://new.example.com' }),
    );
    expect(enable.result).toMatchObject({ enabled: true, events: null, url: 'https://new.example.com' });
    expect(await repo.update(e.id, ['globex'], { enabled: false })).toBeNull();
    expect({ disable: sql, enable: enable.sql }).toMatchSnapshot();
  });

  it('rotateSecret: the current secret becomes the previous one until the time given', async () => {
    const e = await create();
    const until = new Date('2030-01-01T00:00:00Z');
    const { result, sql } = await db.record(() =>
      repo.rotateSecret(e.id, ['acme'], Buffer.from('next'), until),
    );
    expect(result).toBe(true);
    const [row] = await db.rows<{ secret: Buffer; previous_secret: Buffer; previous_secret_until: Date }>(
      `SELECT secret, previous_secret, previous_secret_until FROM webhook_endpoint WHERE id = $1`,
      [e.id],
    );
    expect([row.secret.toString(), row.previous_secret.toString(), row.previous_secret_until]).toEqual([
      'next',
      'encrypted-secret',
      until,
    ]);
    expect(await repo.rotateSecret(e.id, ['globex'], Buffer.from('x'), until)).toBe(false);
    expect(sql).toMatchSnapshot();
  });

  it('delete: the endpoint goes; another client’s stays', async () => {
    const e = await create();
    expect(await repo.delete(e.id, ['globex'])).toBe(false);
    const { result, sql } = await db.record(() => repo.delete(e.id, ['acme']));
    expect(result).toBe(true);
    expect(await repo.find(e.id, ['acme'])).toBeNull();
    expect(sql).toMatchSnapshot();
  });

  /**
   * Runs `change` on an endpoint with one pending delivery while a second connection plays the
   * attempts' record: it locks the delivery first, and once `change` (holding the endpoint) waits
   * for it, updates the endpoint, closing the cycle. PostgreSQL rolls `change` back (it waited first,
   * so it finds the cycle first) and the recorder's update goes through; `change`'s answer is what
   * its retry made of it.
   */
  async function deadlockedWithRecorder<T>(
    change: (endpointId: string) => Promise<T>,
    waitingStatement: string,
  ): Promise<{ answer: T; endpointId: string; deliveryId: string }> {
    const e = await create();
    const [{ tx_id, seq }] = await db.rows<{ tx_id: string; seq: string }>(
      `INSERT INTO event (client_id, type, subject, data) VALUES ('acme', 'candidate_request.completed', 's', '{}')
       RETURNING tx_id::text, seq::text`,
    );
    const deliveryId = randomUUID();
    await db.rows(
      `INSERT INTO webhook_delivery (id, endpoint_id, event_tx, event_seq, event_type, event_created_at, subject, status, next_attempt_at)
       VALUES ($1, $2, $3::xid8, $4, 'candidate_request.completed', now(), 's', 'pending', now())`,
      [deliveryId, e.id, tx_id, seq],
    );
    const recorder = new Client({ connectionString: db.url });
    await recorder.connect();
    try {
      await recorder.query('BEGIN');
      await recorder.query(`UPDATE webhook_delivery SET attempts = attempts WHERE id = $1`, [deliveryId]);
      const changing = change(e.id);
      await eventually(
        async () =>
          (
            await db.rows(
              `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'
                  AND starts_with(query, $1)`,
              [waitingStatement],
            )
          ).length > 0,
      );
      await recorder.query(`UPDATE webhook_endpoint SET failing_since = now() WHERE id = $1`, [e.id]);
      await recorder.query('COMMIT');
      return { answer: await changing, endpointId: e.id, deliveryId };
    } finally {
      await recorder.end();
    }
  }

  it('delete: chosen as a deadlock’s victim (an attempts’ record locking a delivery, then the endpoint), runs again', async () => {
    const { answer, endpointId, deliveryId } = await deadlockedWithRecorder(
      (id) => repo.delete(id, ['acme']),
      'DELETE FROM webhook_endpoint',
    );
    expect(answer).toBe(true);
    expect(await db.rows(`SELECT 1 FROM webhook_endpoint WHERE id = $1`, [endpointId])).toEqual([]);
    expect(await db.rows(`SELECT 1 FROM webhook_delivery WHERE id = $1`, [deliveryId])).toEqual([]);
  });

  it('update: disabling chosen as a deadlock’s victim runs again, and cancels the pending delivery', async () => {
    const { answer, deliveryId } = await deadlockedWithRecorder(
      (id) => repo.update(id, ['acme'], { enabled: false }),
      'UPDATE webhook_delivery',
    );
    expect(answer).toMatchObject({ enabled: false });
    expect(await db.rows(`SELECT status FROM webhook_delivery WHERE id = $1`, [deliveryId])).toEqual([
      { status: 'failed' },
    ]);
  });
});
