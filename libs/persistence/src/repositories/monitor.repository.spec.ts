jest.mock('@nestjs/common', () => jest.requireActual('@app/platform/testing/nest-common.stub'));
import { randomUUID } from 'node:crypto';
import { mediumDatabase } from '../medium/medium-database.fixture';
import { seedAlert, seedMonitor, seedRequest, type SeededRequest } from '../medium/seed.fixture';
import { MonitorRepository } from './monitor.repository';

const db = mediumDatabase();

describe('MonitorRepository (medium)', () => {
  let repo: MonitorRepository;
  const newMonitor = (request: SeededRequest, over: { expiresAt?: number } = {}) => ({
    id: randomUUID(),
    clientId: request.clientId,
    requestId: request.requestId,
    createdBy: request.createdBy,
    sources: ['legal-records' as const],
    legalQuery: { givenWords: ['juan'], lastName: 'perez' },
    createdAt: Date.now(),
    expiresAt: over.expiresAt ?? Date.now() + 86_400_000,
    period: '2026-03',
  });

  beforeAll(() => {
    repo = new MonitorRepository(db.dataSource);
  });

  it('request: what creating a monitor needs; null for another client', async () => {
    const seeded = await seedRequest(db);
    const { result, sql } = await db.record(() => repo.request(seeded.requestId, ['acme']));
    expect(result).toEqual({
      requestId: seeded.requestId,
      clientId: 'acme',
      processNames: seeded.registration.processes.map((p) => p.name),
      personType: 'individual',
      name: 'Juan',
      lastName: 'Pérez',
      secondLastName: 'López',
      birthDate: '1990-05-17',
      rfc: 'PELJ900517AB1',
      curp: null,
      blocked: false,
    });
    expect(await repo.request(seeded.requestId, ['globex'])).toBeNull();
    expect(sql).toMatchSnapshot();
  });

  it('create: the monitor and its first month charged; null for a second active one; blocked refused', async () => {
    const seeded = await seedRequest(db);
    const monitor = newMonitor(seeded);
    const { result, sql } = await db.record(() => repo.create(monitor));
    expect(result).toEqual({
      id: monitor.id,
      candidateRequestUuid: seeded.requestId,
      sources: ['legal-records'],
      status: 'active',
      createdAt: expect.any(Number),
      expiresAt: expect.any(Number),
    });
    const [row] = await db.rows(`SELECT legal_keys FROM monitor WHERE id = $1`, [monitor.id]);
    expect((row.legal_keys as string[]).length).toBeGreaterThan(0);
    expect(await db.rows(`SELECT period FROM billing_charge WHERE monitor_id = $1`, [monitor.id])).toEqual([
      { period: '2026-03' },
    ]);
    expect(await repo.create(newMonitor(seeded))).toBeNull();
    const blocked = await seedRequest(db);
    await db.rows(`UPDATE candidate_request SET blocked_at = now() WHERE id = $1`, [blocked.requestId]);
    expect(await repo.create(newMonitor(blocked))).toBe('blocked');
    expect(sql).toMatchSnapshot();
  });

  it('find, list and stop: scoped to the client; a stopped monitor is still found', async () => {
    const seeded = await seedRequest(db);
    const id = await seedMonitor(db, seeded);
    const { result, sql } = await db.record(() => repo.find(id, ['acme']));
    expect(result).toMatchObject({ id, status: 'active' });
    expect(await repo.find(id, ['globex'])).toBeNull();
    const list = await db.record(() => repo.list(['acme'], { status: 'active', page: 1, limit: 1 }));
    expect(list.result.total).toBeGreaterThanOrEqual(2);
    expect(list.result.rows).toHaveLength(1);
    const stop = await db.record(() => repo.stop(id, ['acme']));
    expect(stop.result).toBe(true);
    expect((await repo.find(id, ['acme']))?.status).toBe('stopped');
    expect(await repo.stop(id, ['acme'])).toBe(true);
    expect(await repo.stop(id, ['globex'])).toBe(false);
    expect({ find: sql, list: list.sql, stop: stop.sql }).toMatchSnapshot();
  });

  it('stopWatching and rewatchNames: in the caller’s transaction, active monitors only', async () => {
    const seeded = await seedRequest(db);
    const id = await seedMonitor(db, seeded);
    const rewatch = await db.record(() =>
      db.dataSource.transaction((tx) =>
        repo.rewatchNames(tx, 'acme', [seeded.requestId], (c) => ({
          givenWords: [c.name!.toLowerCase()],
          lastName: 'otro',
        })),
      ),
    );
    expect(rewatch.result).toEqual([id]);
    const { result, sql } = await db.record(() =>
      db.dataSource.transaction((tx) => repo.stopWatching(tx, 'acme', [seeded.requestId])),
    );
    expect(result).toEqual([id]);
    expect(await repo.stopWatching(db.dataSource, 'acme', [seeded.requestId])).toEqual([]);
    expect(await repo.stopWatching(db.dataSource, 'acme', [])).toEqual([]);
    expect(await repo.rewatchNames(db.dataSource, 'acme', [], () => null)).toEqual([]);
    expect({ stopWatching: sql, rewatchNames: rewatch.sql }).toMatchSnapshot();
  });

  it('ofIds and alertsOfMonitors: an ARCO export’s monitors and alerts', async () => {
    const seeded = await seedRequest(db);
    const id = await seedMonitor(db, seeded);
    const alert = await seedAlert(db, seeded, id);
    const { result, sql } = await db.record(() => repo.ofIds('acme', [id]));
    expect(result).toEqual([expect.objectContaining({ id, endedAt: null })]);
    const alerts = await db.record(() => repo.alertsOfMonitors('acme', [id]));
    expect(alerts.result).toEqual([
      expect.objectContaining({
        id: alert,
        monitorId: id,
        candidateRequestUuid: seeded.requestId,
        version: 1,
        kind: 'new_match',
        status: 'open',
        reviewedAt: null,
      }),
    ]);
    expect(await repo.ofIds('globex', [id])).toEqual([]);
    expect(await repo.ofIds('acme', [])).toEqual([]);
    expect(await repo.alertsOfMonitors('acme', [])).toEqual([]);
    expect({ ofIds: sql, alertsOfMonitors: alerts.sql }).toMatchSnapshot();
  });

  it('expire: active monitors past their time become expired', async () => {
    const seeded = await seedRequest(db);
    const id = await seedMonitor(db, seeded, { expiresAt: Date.now() - 1000 });
    const { result, sql } = await db.record(() => repo.expire());
    expect(result).toBe(1);
    expect((await repo.find(id, ['acme']))?.status).toBe('expired');
    expect(sql).toMatchSnapshot();
  });

  it('chargeable and chargeMonths: months charged once per monitor', async () => {
    const pages: string[][] = [];
    const { sql } = await db.record(async () => {
      for await (const page of repo.chargeable(new Date(0), 2)) pages.push(page.map((m) => m.id));
    });
    const all = pages.flat();
    const [{ n }] = await db.rows<{ n: number }>(`SELECT count(*)::int AS n FROM monitor`);
    expect(all).toHaveLength(n);
    expect(pages.every((p) => p.length <= 2)).toBe(true);
    const charge = await db.record(() =>
      repo.chargeMonths([{ monitorId: all[0], clientId: 'acme', period: '2026-04' }]),
    );
    expect(charge.result).toBe(1);
    expect(await repo.chargeMonths([{ monitorId: all[0], clientId: 'acme', period: '2026-04' }])).toBe(0);
    expect(await repo.chargeMonths([])).toBe(0);
    let charged: string[] = [];
    for await (const page of repo.chargeable(new Date(0)))
      charged = page.find((m) => m.id === all[0])?.charged ?? charged;
    expect(charged).toEqual(expect.arrayContaining(['2026-03', '2026-04']));
    expect({ chargeable: sql.slice(0, 1), chargeMonths: charge.sql }).toMatchSnapshot();
  });

  it('alertsOf, alertsOfClients, review and openAlertCount', async () => {
    const seeded = await seedRequest(db);
    const id = await seedMonitor(db, seeded);
    const open = await seedAlert(db, seeded, id);
    await seedAlert(db, seeded, id, { status: 'dismissed' });
    const { result, sql } = await db.record(() => repo.alertsOf(id, { status: 'open', page: 1, limit: 10 }));
    expect(result).toEqual({ total: 1, rows: [expect.objectContaining({ id: open })] });
    const ofClients = await db.record(() => repo.alertsOfClients(['acme'], { page: 1, limit: 10 }));
    expect(ofClients.result.rows.map((a) => a.id)).toContain(open);
    const count = await db.record(() => repo.openAlertCount(db.dataSource, seeded.requestId));
    expect(count.result).toBe(1);
    const review = await db.record(() =>
      repo.review(open, ['acme'], { status: 'confirmed', note: 'same person', userId: seeded.createdBy }),
    );
    expect(review.result).toMatchObject({
      id: open,
      status: 'confirmed',
      note: 'same person',
      reviewedBy: seeded.createdBy,
      reviewedAt: expect.any(Number),
    });
    expect(await repo.openAlertCount(db.dataSource, seeded.requestId)).toBe(0);
    expect(
      await repo.review(open, ['globex'], { status: 'dismissed', note: null, userId: seeded.createdBy }),
    ).toBeNull();
    await db.rows(`UPDATE candidate_request SET blocked_at = now() WHERE id = $1`, [seeded.requestId]);
    expect((await repo.alertsOf(id, { page: 1, limit: 10 })).total).toBe(0);
    expect({
      alertsOf: sql,
      alertsOfClients: ofClients.sql,
      review: review.sql,
      openAlertCount: count.sql,
    }).toMatchSnapshot();
  });
});
