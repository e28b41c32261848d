jest.mock('@nestjs/common', () => jest.requireActual('@app/platform/testing/nest-common.stub'));
import { randomUUID } from 'node:crypto';
import type { DomainEvent } from '@app/domain';
import { mediumDatabase } from '../medium/medium-database.fixture';
import { EventRepository, parseEventId, type EventPosition } from './event.repository';
import { ANY_EVENT_AFTER, WebhookDispatchRepository } from './webhook-dispatch.repository';
import { WebhookEndpointRepository } from './webhook-endpoint.repository';

const db = mediumDatabase();

describe('WebhookDispatchRepository (medium)', () => {
  let repo: WebhookDispatchRepository;
  let events: EventRepository;
  let endpointId: string;
  const created = (uuid: string) =>
    ({
      type: 'candidate_request.created',
      data: { uuid, packageId: 'PKG-ACME-BASIC' },
    }) as unknown as DomainEvent;
  const append = async (clientId: string, uuid: string): Promise<EventPosition> =>
    parseEventId(await events.appendOne(clientId, created(uuid)))!;
  const start: EventPosition = { txId: '0', seq: '0' };

  beforeAll(async () => {
    repo = new WebhookDispatchRepository(db.dataSource);
    events = new EventRepository(db.dataSource);
    endpointId = randomUUID();
    await new WebhookEndpointRepository(db.dataSource).create(db.dataSource, {
      id: endpointId,
      clientId: 'acme',
      url: 'https://hooks.example.com',
      events: null,
      description: null,
      secret: Buffer.from('s'),
    });
  });

  it('lockCursor: the whole log’s position, held by one dispatcher at a time', async () => {
    const { result, sql } = await db.record(() => repo.inTransaction((tx) => repo.lockCursor(tx)));
    expect(result).toEqual({ txId: expect.any(String), seq: expect.any(String) });
    const other = await repo.inTransaction(async (tx) => {
      await repo.lockCursor(tx);
      return db.dataSource.transaction((tx2) => repo.lockCursor(tx2));
    });
    expect(other).toBeNull();
    expect(sql).toMatchSnapshot();
  });

  it('horizon, anyAfter, eventsOfClients and lastBelow: the settled events after a position', async () => {
    const a1 = await append('acme', 'a-1');
    await append('globex', 'g-1');
    const a2 = await append('acme', 'a-2');
    const { result, sql } = await db.record(() =>
      repo.inTransaction(async (tx) => {
        const horizon = await repo.horizon(tx);
        return {
          any: await repo.anyAfter(tx, start, horizon),
          none: await repo.anyAfter(tx, a2, horizon),
          events: await repo.eventsOfClients(tx, start, horizon, ['acme', 'globex'], [1, 5]),
          last: await repo.lastBelow(tx, horizon),
        };
      }),
    );
    expect(result.any).toBe(true);
    expect(result.events.map((e) => [e.clientId, e.data.uuid])).toEqual([
      ['acme', 'a-1'],
      ['globex', 'g-1'],
    ]);
    expect(result.events[0]).toMatchObject({
      ...a1,
      type: 'candidate_request.created',
      subject: 'a-1',
      createdAt: expect.any(Number),
    });
    expect(result.last).toEqual(a2);
    expect(await repo.inTransaction((tx) => repo.eventsOfClients(tx, start, '0', [], []))).toEqual([]);
    expect(sql).toMatchSnapshot();
  });

  it('advanceCursor and advanceClientCursors: a client ahead reads from its own position', async () => {
    const [a1, g1] = (
      await repo.inTransaction(async (tx) =>
        repo.eventsOfClients(tx, start, await repo.horizon(tx), ['acme', 'globex'], [10, 10]),
      )
    ).filter((e) => e.data.uuid === 'a-1' || e.data.uuid === 'g-1');
    const { sql } = await db.record(() =>
      repo.inTransaction(async (tx) => {
        await repo.advanceClientCursors(tx, [{ clientId: 'acme', position: { txId: a1.txId, seq: a1.seq } }]);
        await repo.advanceCursor(tx, { txId: '1', seq: '0' });
      }),
    );
    const next = await repo.inTransaction(async (tx) =>
      repo.eventsOfClients(tx, { txId: '1', seq: '0' }, await repo.horizon(tx), ['acme'], [10]),
    );
    expect(next.map((e) => e.data.uuid)).toEqual(['a-2']);
    await repo.inTransaction((tx) => repo.advanceCursor(tx, { txId: g1.txId, seq: g1.seq }));
    expect(await db.rows(`SELECT client_id FROM webhook_client_cursor`)).toEqual([]);
    expect(await db.sqlOf(() => repo.advanceClientCursors(db.dataSource, []))).toEqual([]);
    expect(sql).toMatchSnapshot();
  });

  it('subscriptions, insertDeliveries, busyChains and webhooksLeft', async () => {
    const a3 = await append('acme', 'a-3');
    const { result, sql } = await db.record(() =>
      repo.inTransaction(async (tx) => {
        const subscriptions = await repo.subscriptions(tx);
        const [event] = (
          await repo.eventsOfClients(tx, start, await repo.horizon(tx), ['acme'], [10])
        ).filter((e) => e.data.uuid === 'a-3');
        await repo.insertDeliveries(tx, [{ id: randomUUID(), endpointId, event, nextAttemptAt: new Date() }]);
        await repo.insertDeliveries(tx, [{ id: randomUUID(), endpointId, event, nextAttemptAt: new Date() }]);
        return {
          subscriptions,
          busy: await repo.busyChains(tx, [
            { endpointId, subject: 'a-3' },
            { endpointId, subject: 'other' },
          ]),
        };
      }),
    );
    expect(result.subscriptions).toEqual([
      { id: endpointId, clientId: 'acme', events: null, enabled: true, createdAt: expect.any(Number) },
    ]);
    expect(result.busy).toEqual([{ endpointId, subject: 'a-3' }]);
    expect(
      await db.rows(`SELECT subject, status FROM webhook_delivery WHERE endpoint_id = $1`, [endpointId]),
    ).toEqual([{ subject: 'a-3', status: 'pending' }]);
    const left = await db.record(() => repo.webhooksLeft(a3.txId));
    expect(left.result).toBe(false); // a first attempt is due
    await db.rows(`UPDATE webhook_delivery SET status = 'succeeded' WHERE endpoint_id = $1`, [endpointId]);
    await repo.inTransaction((tx) => repo.advanceCursor(tx, a3));
    expect(await repo.webhooksLeft(a3.txId)).toBe(true);
    expect(await db.sqlOf(() => repo.insertDeliveries(db.dataSource, []))).toEqual([]);
    expect({ dispatch: sql, webhooksLeft: left.sql }).toMatchSnapshot();
  });

  it('anyAfter reads the log from the position on, not the whole log from its oldest event', async () => {
    // The newest events are past the statistics (taken before they came, as autovacuum's are):
    // the unordered LIMIT 1 was planned as a scan of the whole log from its oldest event.
    await db.rows(`ANALYZE event`);
    await db.rows(
      `INSERT INTO event (client_id, type, subject, data)
       SELECT 'acme', 'candidate_request.created', 'plan-' || i, '{}'::jsonb FROM generate_series(1, 5000) i`,
    );
    // Above every transaction id (xid8's largest): every committed event is below it.
    const beyondAll = '18446744073709551615';
    const last = await repo.inTransaction((tx) => repo.lastBelow(tx, beyondAll));
    const [{ 'QUERY PLAN': plan }] = await db.rows<{ 'QUERY PLAN': unknown }>(
      `EXPLAIN (FORMAT JSON) ${ANY_EVENT_AFTER.text}`,
      ANY_EVENT_AFTER.params({ afterTx: last!.txId, afterSeq: last!.seq, horizon: beyondAll }),
    );
    expect(JSON.stringify(plan)).not.toContain('Seq Scan');
    expect(JSON.stringify(plan)).toContain('event_pkey');
  });
});
