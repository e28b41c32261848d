jest.mock('@nestjs/common', () => jest.requireActual('@app/platform/testing/nest-common.stub'));
import type { DomainEvent } from '@app/domain';
import { mediumDatabase } from '../medium/medium-database.fixture';
import { EventRepository, parseEventId } from './event.repository';

const db = mediumDatabase();

describe('EventRepository (medium)', () => {
  let repo: EventRepository;
  const created = (uuid: string): DomainEvent =>
    ({ type: 'candidate_request.created', data: { uuid, packageId: 'PKG-ACME-BASIC' } }) as DomainEvent;

  beforeAll(() => {
    repo = new EventRepository(db.dataSource);
  });

  it('append (in the caller’s transaction) and appendOne', async () => {
    const sql = await db.sqlOf(() =>
      db.dataSource.transaction((tx) => repo.append(tx, 'acme', [created('a-1'), created('a-2')])),
    );
    const one = await db.record(() => repo.appendOne('globex', created('g-1')));
    expect(parseEventId(one.result)).not.toBeNull();
    const rows = await db.rows(`SELECT client_id, data->>'uuid' AS uuid FROM event ORDER BY tx_id, seq`);
    expect(rows).toEqual([
      { client_id: 'acme', uuid: 'a-1' },
      { client_id: 'acme', uuid: 'a-2' },
      { client_id: 'globex', uuid: 'g-1' },
    ]);
    expect(await db.sqlOf(() => repo.append(db.dataSource, 'acme', []))).toEqual([]);
    expect({ append: sql, appendOne: one.sql }).toMatchSnapshot();
  });

  it('page: a client’s events oldest first, after a cursor, by type, with whether more follow', async () => {
    const { result, sql } = await db.record(() =>
      repo.page(['acme'], { after: null, types: null, limit: 1 }),
    );
    expect(result.hasMore).toBe(true);
    expect(result.events).toEqual([
      {
        id: expect.stringMatching(/^evt_\d+_\d+$/),
        type: 'candidate_request.created',
        createdAt: expect.any(Number),
        clientId: 'acme',
        data: { uuid: 'a-1', packageId: 'PKG-ACME-BASIC' },
      },
    ]);
    const next = await repo.page(['acme'], {
      after: parseEventId(result.events[0].id),
      types: null,
      limit: 5,
    });
    expect(next.events.map((e) => e.data.uuid)).toEqual(['a-2']);
    expect(next.hasMore).toBe(false);
    expect((await repo.page(['acme'], { after: null, types: ['process.started'], limit: 5 })).events).toEqual(
      [],
    );
    expect(sql).toMatchSnapshot();
  });

  it('locate: found for the client’s event, unknown for another’s, expired before the log', async () => {
    const { events } = await repo.page(['acme', 'globex'], { after: null, types: null, limit: 10 });
    const acme = parseEventId(events[0].id)!;
    const globex = parseEventId(events.find((e) => e.clientId === 'globex')!.id)!;
    const { result, sql } = await db.record(() => repo.locate(['acme'], acme));
    expect(result).toBe('found');
    expect(await repo.locate(['acme'], globex)).toBe('unknown');
    expect(await repo.locate(['acme'], { txId: '1', seq: '0' })).toBe('expired');
    expect(sql).toMatchSnapshot();
  });

  it('purgeOlderThan: removes the prefix of the log up to the newest event past retention', async () => {
    await db.rows(`UPDATE event SET created_at = now() - interval '40 days' WHERE data->>'uuid' = 'a-2'`);
    const { result, sql } = await db.record(() => repo.purgeOlderThan(30));
    expect(result).toBe(2); // a-1 goes with a-2: no gap before the newest purged event
    const left = await db.rows(`SELECT data->>'uuid' AS uuid FROM event`);
    expect(left).toEqual([{ uuid: 'g-1' }]);
    expect(sql).toMatchSnapshot();
  });
});
