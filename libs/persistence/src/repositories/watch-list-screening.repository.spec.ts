jest.mock('@nestjs/common', () => jest.requireActual('@app/platform/testing/nest-common.stub'));
import { randomUUID } from 'node:crypto';
import { demoUserId, mediumDatabase } from '../medium/medium-database.fixture';
import { IdempotencyRepository } from './idempotency.repository';
import { type StoredScreening, WatchListScreeningRepository } from './watch-list-screening.repository';

const db = mediumDatabase();

describe('WatchListScreeningRepository (medium)', () => {
  let repo: WatchListScreeningRepository;
  let user: string;
  const screening = (): StoredScreening => ({
    id: randomUUID(),
    clientId: 'acme',
    userId: user,
    sources: ['ofac-sdn', 'peps'],
    listsChecked: [{ source: 'ofac-sdn', version: 3, asOf: '2026-03-01' }],
    matches: [],
  });

  beforeAll(async () => {
    repo = new WatchListScreeningRepository(db.dataSource, new IdempotencyRepository(db.dataSource));
    user = await demoUserId(db, 'analyst@acme.test');
  });

  it('writeScreening: the screening and its one charge, never who was screened', async () => {
    const s = screening();
    const { result, sql } = await db.record(() => repo.writeScreening({ screening: s }));
    expect(result).toEqual({ written: true });
    const [row] = await db.rows(
      `SELECT client_id, user_id, sources, lists_checked, matches FROM watch_list_screening WHERE id = $1`,
      [s.id],
    );
    expect(row).toEqual({
      client_id: 'acme',
      user_id: user,
      sources: ['ofac-sdn', 'peps'],
      lists_checked: s.listsChecked,
      matches: [],
    });
    expect(await db.rows(`SELECT kind FROM billing_charge WHERE screening_id = $1`, [s.id])).toEqual([
      { kind: 'WATCH_LIST_SCREENING' },
    ]);
    expect(sql).toMatchSnapshot();
  });

  it('writeScreening with an Idempotency-Key: the second writes nothing and answers the kept answer', async () => {
    const claim = {
      userId: user,
      operation: 'screenWatchLists',
      key: 'k-1',
      requestHash: 'h-1',
      answer: { statusCode: 200, body: { ok: 1 } },
    };
    const first = screening();
    const { result, sql } = await db.record(() => repo.writeScreening({ screening: first, claim }));
    expect(result).toEqual({ written: true });
    const second = screening();
    expect(await repo.writeScreening({ screening: second, claim })).toEqual({
      written: false,
      kept: { requestHash: 'h-1', statusCode: 200, body: { ok: 1 }, headers: {} },
    });
    expect(await db.rows(`SELECT 1 FROM watch_list_screening WHERE id = $1`, [second.id])).toHaveLength(0);
    expect(sql).toMatchSnapshot();
  });
});
