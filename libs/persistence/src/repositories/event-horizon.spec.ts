jest.mock('@nestjs/common', () => jest.requireActual('@app/platform/testing/nest-common.stub'));
import type { DomainEvent } from '@app/domain';
import { mediumDatabase } from '../medium/medium-database.fixture';
import { eventLogHorizon } from './event-horizon';
import { EventRepository } from './event.repository';
import { APPEND_EVENTS } from './hot-statements';

const db = mediumDatabase();

describe('eventLogHorizon (medium)', () => {
  const created = (uuid: string) =>
    ({
      type: 'candidate_request.created',
      data: { uuid, packageId: 'PKG-ACME-BASIC' },
    }) as unknown as DomainEvent;

  it('holds readers below a running event writer, so a later commit is never read before it', async () => {
    const events = new EventRepository(db.dataSource);
    const all = async () =>
      (await events.page(['acme'], { after: null, types: null, limit: 100 })).events.map((e) => e.data.uuid);
    // A writer's transaction that has written an event and not committed yet (its own connection).
    const slow = db.dataSource.createQueryRunner();
    await slow.connect();
    try {
      await slow.startTransaction();
      await APPEND_EVENTS.query(slow, { clientId: 'acme', events: [created('slow')] });
      const [{ xid }] = await slow.query(`SELECT pg_current_xact_id()::text AS xid`);
      await events.appendOne('acme', created('fast'));
      const { result, sql } = await db.record(() => eventLogHorizon(db.dataSource));
      expect(BigInt(result)).toBeLessThanOrEqual(BigInt(xid));
      // 'fast' committed, but after a transaction that is still running: not readable yet.
      expect(await all()).toEqual([]);
      await slow.commitTransaction();
      expect(await all()).toEqual(['slow', 'fast']);
      expect(sql).toMatchSnapshot();
    } finally {
      await slow.release();
    }
  });

  it('with no writer running: the snapshot’s xmax, above every committed event', async () => {
    await new EventRepository(db.dataSource).appendOne('acme', created('settled'));
    const [{ tx }] = await db.rows<{ tx: string }>(`SELECT max(tx_id)::text AS tx FROM event`);
    expect(BigInt(await eventLogHorizon(db.dataSource))).toBeGreaterThan(BigInt(tx));
  });
});
