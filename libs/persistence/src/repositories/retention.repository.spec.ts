jest.mock('@nestjs/common', () => jest.requireActual('@app/platform/testing/nest-common.stub'));
import { RETENTION_DEFAULTS, type RetentionCutOff } from '@app/domain';
import { mediumDatabase } from '../medium/medium-database.fixture';
import { seedMonitor, seedRequest, seedSearch } from '../medium/seed.fixture';
import { PersonalDataEraser } from './personal-data-eraser';
import { RetentionRepository } from './retention.repository';

const db = mediumDatabase();

describe('RetentionRepository (medium)', () => {
  let repo: RetentionRepository;
  /** Everything of acme created (or blocked) up to now is due; globex keeps all. */
  const dueNow = (): RetentionCutOff[] => [
    { clientId: 'acme', blockFinishedBy: Date.now() + 1000, suppressBlockedBy: Date.now() + 1000 },
    { clientId: 'globex', blockFinishedBy: 0, suppressBlockedBy: 0 },
  ];
  const blockedAt = async (table: 'candidate_request' | 'legal_search', id: string) =>
    (
      await db.rows<{ b: boolean; s: boolean }>(
        `SELECT blocked_at IS NOT NULL AS b, suppressed_at IS NOT NULL AS s FROM ${table} WHERE id = $1`,
        [id],
      )
    )[0];

  beforeAll(() => {
    repo = new RetentionRepository(db.dataSource, new PersonalDataEraser());
  });

  it('settings, changeSettings and clients: each client’s retention, changed under its lock', async () => {
    const { result, sql } = await db.record(() => repo.settings('acme'));
    expect(result).toEqual(RETENTION_DEFAULTS);
    expect(await repo.settings('nobody')).toBeNull();
    const change = await db.record(() =>
      repo.changeSettings('globex', (current) => ({ ...current, activeDays: 90 })),
    );
    expect(change.result).toEqual({ activeDays: 90, blockedDays: RETENTION_DEFAULTS.blockedDays });
    expect(await repo.changeSettings('nobody', (c) => c)).toBeNull();
    const clients = await db.record(() => repo.clients());
    expect(clients.result).toEqual([
      { clientId: 'acme', ...RETENTION_DEFAULTS },
      { clientId: 'globex', activeDays: 90, blockedDays: RETENTION_DEFAULTS.blockedDays },
    ]);
    expect({ settings: sql, changeSettings: change.sql, clients: clients.sql }).toMatchSnapshot();
  });

  it('blockingCandidates and blockRequests: pages of due requests, blocked once with their events', async () => {
    const first = await seedRequest(db);
    const second = await seedRequest(db);
    const monitored = await seedRequest(db);
    await seedMonitor(db, monitored);
    await seedRequest(db, { clientId: 'globex', createdByEmail: 'ops@globex.test' });
    const { result, sql } = await db.record(() => repo.blockingCandidates(dueNow(), null, 2));
    expect(result).toHaveLength(2);
    expect(result[0]).toMatchObject({
      clientId: 'acme',
      monitored: false,
      position: { at: expect.any(String), id: expect.any(String) },
    });
    expect(result[0].processes).toHaveLength(first.registration.processes.length);
    const rest = await repo.blockingCandidates(dueNow(), result[1].position, 10);
    const ids = [...result, ...rest].map((r) => r.id);
    expect(ids).toEqual(expect.arrayContaining([first.requestId, second.requestId, monitored.requestId]));
    expect(ids).toHaveLength(3);
    expect(rest.find((r) => r.id === monitored.requestId)?.monitored).toBe(true);
    const block = await db.record(() => repo.blockRequests(ids, (row) => !row.monitored));
    expect(block.result.sort()).toEqual([first.requestId, second.requestId].sort());
    expect(await repo.blockRequests(ids, () => true)).toEqual([monitored.requestId]);
    expect(await db.rows(`SELECT 1 FROM event WHERE type = 'candidate_request.blocked'`)).toHaveLength(3);
    expect(await repo.blockRequests([], () => true)).toEqual([]);
    expect({ blockingCandidates: sql, blockRequests: block.sql }).toMatchSnapshot();
  });

  it('blockDueSearches and suppressDueSearches: the searches blocked, then erased and suppressed', async () => {
    const search = await seedSearch(db);
    const globex = await seedSearch(db, {
      clientId: 'globex',
      createdBy: (await seedRequest(db, { clientId: 'globex', createdByEmail: 'ops@globex.test' })).createdBy,
    });
    const { result, sql } = await db.record(() => repo.blockDueSearches(dueNow(), 10));
    expect(result).toEqual([search]);
    expect(await blockedAt('legal_search', globex)).toEqual({ b: false, s: false });
    const suppress = await db.record(() => repo.suppressDueSearches(dueNow(), 10));
    expect(suppress.result.ids).toEqual([search]);
    expect(suppress.result.erased?.searches).toBe(1);
    expect(await blockedAt('legal_search', search)).toEqual({ b: true, s: true });
    expect(await repo.suppressDueSearches(dueNow(), 10)).toEqual({ ids: [], erased: null });
    expect({ blockDueSearches: sql, suppressDueSearches: suppress.sql }).toMatchSnapshot();
  });

  it('suppressDueRequests: the blocked requests erased and suppressed, with their events', async () => {
    const { result, sql } = await db.record(() => repo.suppressDueRequests(dueNow(), 10));
    expect(result.ids).toHaveLength(3);
    expect(result.erased?.candidates).toBe(3);
    const [candidate] = await db.rows(`SELECT name, rfc FROM candidate WHERE request_id = $1`, [
      result.ids[0],
    ]);
    expect(candidate).toEqual({ name: null, rfc: null });
    expect(await db.rows(`SELECT 1 FROM event WHERE type = 'candidate_request.suppressed'`)).toHaveLength(3);
    expect(await repo.suppressDueRequests(dueNow(), 10)).toEqual({ ids: [], erased: null });
    expect(await repo.suppressDueRequests([], 10)).toEqual({ ids: [], erased: null });
    expect(sql).toMatchSnapshot();
  });

  it('blockNow: blocked at once whatever their age, monitors stopped; already blocked rows left', async () => {
    const seeded = await seedRequest(db);
    const monitor = await seedMonitor(db, seeded);
    const search = await seedSearch(db);
    const { result, sql } = await db.record(() =>
      repo.blockNow({ requestIds: [seeded.requestId], searchIds: [search] }),
    );
    expect(result).toEqual({ requestIds: [seeded.requestId], searchIds: [search] });
    expect(await db.rows(`SELECT status FROM monitor WHERE id = $1`, [monitor])).toEqual([
      { status: 'stopped' },
    ]);
    expect(await repo.blockNow({ requestIds: [seeded.requestId], searchIds: [search] })).toEqual({
      requestIds: [],
      searchIds: [],
    });
    expect(sql).toMatchSnapshot();
  });
});
