jest.mock('@nestjs/common', () => jest.requireActual('@app/platform/testing/nest-common.stub'));
import { randomUUID } from 'node:crypto';
import type { DomainEvent } from '@app/domain';
import { demoUserId, mediumDatabase } from '../medium/medium-database.fixture';
import { seedMatchSet, type SeedMatch } from '../medium/seed.fixture';
import { type MatchPageFilter, LegalSearchRepository, type NewSearch } from './legal-search.repository';

const db = mediumDatabase();

describe('LegalSearchRepository (medium)', () => {
  let repo: LegalSearchRepository;
  let user: string;
  let setId: string;
  const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  const MATCHES: SeedMatch[] = [
    { uuid: uuid(1), name: 'JUAN PEREZ LOPEZ', count: 2, mask: 1, date: '2020-01-02', state: 'Jalisco' },
    { uuid: uuid(2), name: 'JUAN PEREZ', count: null, mask: 2, date: null, state: 'Sonora' },
    { uuid: uuid(3), name: 'JUAN LOPEZ', count: 1, mask: 3, date: '2021-03-04', state: 'Jalisco' },
  ];
  const all: MatchPageFilter = { categoryMask: null, states: null, limit: 2, offset: 0 };
  const search = (over: Partial<NewSearch> = {}): NewSearch => ({
    id: randomUUID(),
    clientId: 'acme',
    createdBy: user,
    query: { name: 'Juan', lastName: 'Pérez' },
    outcome: 'SUCCESS',
    totalInSource: 3,
    kpis: { took: 12 },
    slowResponse: false,
    recoverableUntil: new Date(Date.now() + 86_400_000),
    matchSetId: setId,
    corpusVersion: '1',
    ...over,
  });
  const searched = (id: string): DomainEvent =>
    ({ type: 'legal_search.created', data: { searchId: id } }) as unknown as DomainEvent;

  beforeAll(async () => {
    repo = new LegalSearchRepository(db.dataSource);
    user = await demoUserId(db, 'demo@acme.test');
    setId = await seedMatchSet(db, MATCHES);
  });

  it('insertSearch (alone, prepared): the search, its charge, its events and its first page', async () => {
    const s = search();
    const { result, sql } = await db.record(() =>
      repo.insertSearch(db.dataSource, s, { charge: true, events: [searched(s.id)], page: all }),
    );
    expect(result.charged).toBe(true);
    expect(result.page.total).toBe(3);
    expect(result.page.rows).toEqual([
      expect.objectContaining({
        uuid: uuid(1),
        name: 'JUAN PEREZ LOPEZ',
        count: 2,
        agreementDate: '2020-01-02',
        state: 'Jalisco',
      }),
      expect.objectContaining({ uuid: uuid(2), count: null, agreementDate: null }),
    ]);
    expect(result.page.rows[0].categories).toHaveLength(1);
    const charges = await db.rows(`SELECT kind FROM billing_charge WHERE search_id = $1`, [s.id]);
    expect(charges).toEqual([{ kind: 'LEGAL_SEARCH' }]);
    expect(await db.rows(`SELECT type FROM event WHERE data->>'searchId' = $1`, [s.id])).toHaveLength(1);
    expect(sql).toMatchSnapshot();
  });

  it('insertSearch (in a transaction, filtered): only the matches of the category and states', async () => {
    const s = search();
    const { result, sql } = await db.record(() =>
      db.dataSource.transaction((tx) =>
        repo.insertSearch(tx, s, {
          charge: false,
          events: [],
          page: { categoryMask: 1, states: ['Jalisco'], limit: 10, offset: 0 },
        }),
      ),
    );
    expect(result.charged).toBe(false);
    expect(result.page).toEqual({
      total: 2,
      rows: [expect.objectContaining({ uuid: uuid(1) }), expect.objectContaining({ uuid: uuid(3) })],
    });
    expect(await db.rows(`SELECT 1 FROM billing_charge WHERE search_id = $1`, [s.id])).toHaveLength(0);
    expect(sql).toMatchSnapshot();
  });

  it('charge: one ledger row per billable event', async () => {
    const s = search();
    await repo.insertSearch(db.dataSource, s, { charge: false, events: [], page: all });
    const event = {
      clientId: 'acme',
      kind: 'LEGAL_RECORD_UNLOCK' as const,
      searchId: s.id,
      personUuid: uuid(1),
    };
    const { result, sql } = await db.record(() => repo.charge(db.dataSource, event));
    expect(result).toBe(true);
    expect(await repo.charge(db.dataSource, event)).toBe(false);
    expect(sql).toMatchSnapshot();
  });

  it('findSearchPage: a page of the stored matches and the unlocked uuids; another client’s is not found', async () => {
    const s = search();
    await repo.insertSearch(db.dataSource, s, { charge: true, events: [], page: all });
    await repo.unlockOnce(s.id, uuid(3), 'acme', []);
    const { result, sql } = await db.record(() => repo.findSearchPage(s.id, ['acme'], { ...all, offset: 2 }));
    expect(result?.search).toMatchObject({
      id: s.id,
      clientId: 'acme',
      query: s.query,
      outcome: 'SUCCESS',
      totalInSource: 3,
      corpusVersion: '1',
      blocked: false,
    });
    expect(result?.page).toEqual({ total: 3, rows: [expect.objectContaining({ uuid: uuid(3) })] });
    expect(result?.unlocked).toEqual([uuid(3)]);
    const filtered = await db.record(() =>
      repo.findSearchPage(s.id, ['acme'], { categoryMask: 2, states: null, limit: 10, offset: 0 }),
    );
    expect(filtered.result?.page.rows.map((m) => m.uuid)).toEqual([uuid(2), uuid(3)]);
    expect(await repo.findSearchPage(s.id, ['globex'], all)).toBeNull();
    const failed = search({ outcome: 'FAILED', matchSetId: null, corpusVersion: null, totalInSource: 0 });
    await repo.insertSearch(db.dataSource, failed, { charge: false, events: [], page: all });
    expect((await repo.findSearchPage(failed.id, ['acme'], all))?.page).toEqual({ total: 0, rows: [] });
    expect({ slice: sql, filtered: filtered.sql }).toMatchSnapshot();
  });

  it('findSearchMatch: the match and when it was unlocked; null match for a uuid not in the set', async () => {
    const s = search();
    await repo.insertSearch(db.dataSource, s, { charge: true, events: [], page: all });
    const { result, sql } = await db.record(() => repo.findSearchMatch(s.id, ['acme'], uuid(2)));
    expect(result?.match).toMatchObject({ uuid: uuid(2), name: 'JUAN PEREZ', state: 'Sonora' });
    expect(result?.unlockedAt).toBeNull();
    await repo.unlockOnce(s.id, uuid(2), 'acme', []);
    expect((await repo.findSearchMatch(s.id, ['acme'], uuid(2)))?.unlockedAt).toBeInstanceOf(Date);
    expect((await repo.findSearchMatch(s.id, ['acme'], uuid(9)))?.match).toBeNull();
    await db.rows(`UPDATE legal_search SET suppressed_at = now() WHERE id = $1`, [s.id]);
    expect(await repo.findSearchMatch(s.id, ['acme'], uuid(2))).toBeNull();
    expect(sql).toMatchSnapshot();
  });

  it('unlockOnce: unlocked and charged once, with its events; the next reading finds it', async () => {
    const s = search();
    await repo.insertSearch(db.dataSource, s, { charge: true, events: [], page: all });
    const unlocked = { type: 'legal_record.unlocked', data: { searchId: s.id } } as unknown as DomainEvent;
    const { result, sql } = await db.record(() => repo.unlockOnce(s.id, uuid(1), 'acme', [unlocked]));
    expect(result).toEqual({ newlyUnlocked: true, unlockedAt: expect.any(Date) });
    const again = await repo.unlockOnce(s.id, uuid(1), 'acme', [unlocked]);
    expect(again).toEqual({ newlyUnlocked: false, unlockedAt: result.unlockedAt });
    const charges = await db.rows(`SELECT kind FROM billing_charge WHERE search_id = $1 ORDER BY kind`, [
      s.id,
    ]);
    expect(charges).toEqual([{ kind: 'LEGAL_RECORD_UNLOCK' }, { kind: 'LEGAL_SEARCH' }]);
    expect(
      await db.rows(`SELECT 1 FROM event WHERE type = 'legal_record.unlocked' AND data->>'searchId' = $1`, [
        s.id,
      ]),
    ).toHaveLength(1);
    expect(sql).toMatchSnapshot();
  });
});
