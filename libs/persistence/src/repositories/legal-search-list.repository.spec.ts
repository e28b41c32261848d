jest.mock('@nestjs/common', () => jest.requireActual('@app/platform/testing/nest-common.stub'));
import { randomUUID } from 'node:crypto';
import { demoUserId, mediumDatabase } from '../medium/medium-database.fixture';
import { LegalSearchListRepository, type SearchListQuery } from './legal-search-list.repository';
import { LegalSearchRepository } from './legal-search.repository';

const db = mediumDatabase();

describe('LegalSearchListRepository (medium)', () => {
  let repo: LegalSearchListRepository;
  const ids: Record<string, string> = {};
  const query = (over: Partial<SearchListQuery> = {}): SearchListQuery => ({
    timeZone: 'America/Mexico_City',
    limit: 10,
    offset: 0,
    ...over,
  });

  beforeAll(async () => {
    repo = new LegalSearchListRepository(db.dataSource);
    const user = await demoUserId(db, 'demo@acme.test');
    const searches = new LegalSearchRepository(db.dataSource);
    // Created at fixed instants: 2026-03-01 03:00Z is still 2026-02-28 in Mexico City (UTC-6).
    const made: Array<[string, string, string]> = [
      ['ana', 'Ana', '2026-03-01T03:00:00Z'],
      ['beto', 'Beto_50%', '2026-03-01T12:00:00Z'],
      ['carla', 'Carla', '2026-03-02T12:00:00Z'],
      ['blocked', 'Ana', '2026-03-02T13:00:00Z'],
    ];
    for (const [key, name, at] of made) {
      ids[key] = randomUUID();
      await searches.insertSearch(
        db.dataSource,
        {
          id: ids[key],
          clientId: 'acme',
          createdBy: user,
          query: { name, lastName: 'Ruiz' },
          outcome: 'EMPTY',
          totalInSource: 0,
          kpis: {},
          slowResponse: false,
          recoverableUntil: new Date('2027-01-01T00:00:00Z'),
          matchSetId: null,
          corpusVersion: null,
        },
        { charge: false, events: [], page: { categoryMask: null, states: null, limit: 1, offset: 0 } },
      );
      await db.rows(`UPDATE legal_search SET created_at = $2 WHERE id = $1`, [ids[key], at]);
    }
    await db.rows(`UPDATE legal_search SET blocked_at = now() WHERE id = $1`, [ids.blocked]);
  });

  it('list without filters: newest first, blocked left out, counted from the tally', async () => {
    const { result, sql } = await db.record(() => repo.list('acme', query()));
    expect(result.total).toBe(3);
    expect(result.rows.map((r) => r.searchId)).toEqual([ids.carla, ids.beto, ids.ana]);
    expect(result.rows[0]).toEqual({
      searchId: ids.carla,
      name: 'Carla',
      lastName: 'Ruiz',
      secondLastName: null,
      outcome: 'EMPTY',
      totalMatches: 0,
      createdAt: new Date('2026-03-02T12:00:00Z'),
      recoverableUntil: new Date('2027-01-01T00:00:00Z'),
    });
    expect(sql).toMatchSnapshot();
  });

  it('list by local calendar dates: the range is of the time zone’s days', async () => {
    const { result, sql } = await db.record(() =>
      repo.list('acme', query({ from: '2026-03-01', to: '2026-03-01' })),
    );
    expect(result.rows.map((r) => r.searchId)).toEqual([ids.beto]);
    expect(result.total).toBe(1);
    expect((await repo.list('acme', query({ to: '2026-02-28' }))).total).toBe(1);
    expect((await repo.list('acme', query({ from: '2026-03-02' }))).total).toBe(1);
    expect(sql).toMatchSnapshot();
  });

  it('list by name: `%` and `_` are letters; counted row by row', async () => {
    const { result, sql } = await db.record(() => repo.list('acme', query({ nameContains: '_50%' })));
    expect(result).toEqual({ total: 1, rows: [expect.objectContaining({ searchId: ids.beto })] });
    expect((await repo.list('acme', query({ nameContains: 'a', limit: 1 }))).total).toBe(2);
    expect(await repo.list('globex', query())).toEqual({ total: 0, rows: [] });
    expect(sql).toMatchSnapshot();
  });
});
