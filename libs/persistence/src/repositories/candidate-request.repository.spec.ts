jest.mock('@nestjs/common', () => jest.requireActual('@app/platform/testing/nest-common.stub'));
import { demoUserId, mediumDatabase } from '../medium/medium-database.fixture';
import { finishProcess, plannedRegistration, seedRequest } from '../medium/seed.fixture';
import { CandidateRequestRepository } from './candidate-request.repository';
import { IdempotencyRepository } from './idempotency.repository';

const db = mediumDatabase();

describe('CandidateRequestRepository (medium)', () => {
  let repo: CandidateRequestRepository;
  let admin: string;
  const job = (id: string) => ({ queue: 'screening', jobName: 'run-process', jobId: id, payload: { id } });

  beforeAll(async () => {
    repo = new CandidateRequestRepository(db.dataSource, new IdempotencyRepository(db.dataSource));
    admin = await demoUserId(db, 'demo@acme.test');
  });

  it('writeRegistration: the request, its candidate, processes, events and jobs in one statement', async () => {
    const registration = plannedRegistration({ createdBy: admin });
    const { result, sql } = await db.record(() =>
      repo.writeRegistration({ registration, jobs: [job(`run-${registration.requestId}`)] }),
    );
    expect(result).toEqual({
      written: true,
      jobs: [expect.objectContaining({ jobId: `run-${registration.requestId}`, id: expect.any(String) })],
    });
    const [request] = await db.rows(
      `SELECT client_id, package_id, status, consent FROM candidate_request WHERE id = $1`,
      [registration.requestId],
    );
    expect(request).toEqual({
      client_id: 'acme',
      package_id: 'PKG-ACME-BASIC',
      status: registration.status,
      consent: registration.consent,
    });
    const processes = await db.rows(
      `SELECT name FROM request_process WHERE request_id = $1 ORDER BY position`,
      [registration.requestId],
    );
    expect(processes.map((p) => p.name)).toEqual(registration.processes.map((p) => p.name));
    const [{ n }] = await db.rows<{ n: number }>(
      `SELECT count(*)::int AS n FROM event WHERE data->>'uuid' = $1`,
      [registration.requestId],
    );
    expect(n).toBe(registration.events.length);
    expect(sql).toMatchSnapshot();
  });

  it('writeRegistration with an Idempotency-Key: the second claim writes nothing and answers the kept answer', async () => {
    const claim = (requestId: string) => ({
      userId: admin,
      operation: 'registerCandidate',
      key: 'key-1',
      requestHash: 'hash-1',
      answer: { statusCode: 201, body: { uuid: requestId } },
    });
    const first = plannedRegistration({ createdBy: admin });
    const { result, sql } = await db.record(() =>
      repo.writeRegistration({ registration: first, jobs: [], claim: claim(first.requestId) }),
    );
    expect(result).toEqual({ written: true, jobs: [] });
    const second = plannedRegistration({ createdBy: admin });
    const replay = await repo.writeRegistration({
      registration: second,
      jobs: [],
      claim: claim(second.requestId),
    });
    expect(replay).toEqual({
      written: false,
      kept: { requestHash: 'hash-1', statusCode: 201, body: { uuid: first.requestId }, headers: {} },
    });
    expect(await db.rows(`SELECT 1 FROM candidate_request WHERE id = $1`, [second.requestId])).toHaveLength(
      0,
    );
    expect(sql).toMatchSnapshot();
  });

  it('insertRegistrations: a batch’s requests carry its id and their indexes; nothing for no registrations', async () => {
    const batchId = '00000000-0000-4000-8000-00000000b001';
    await db.rows(
      `INSERT INTO candidate_request_batch (id, client_id, created_by, accepted, rejected) VALUES ($1, 'acme', $2, 2, 0)`,
      [batchId, admin],
    );
    const registrations = [
      plannedRegistration({ createdBy: admin }),
      plannedRegistration({ createdBy: admin }),
    ];
    const { result, sql } = await db.record(() =>
      db.dataSource.transaction((tx) =>
        repo.insertRegistrations(tx, registrations, [job('batch-job')], { id: batchId, indexes: [0, 3] }),
      ),
    );
    expect(result).toEqual([expect.objectContaining({ jobId: 'batch-job', id: expect.any(String) })]);
    const rows = await db.rows(
      `SELECT batch_index FROM candidate_request WHERE batch_id = $1 ORDER BY batch_index`,
      [batchId],
    );
    expect(rows).toEqual([{ batch_index: 0 }, { batch_index: 3 }]);
    expect(await db.sqlOf(() => repo.insertRegistrations(db.dataSource, [], []))).toEqual([]);
    expect(sql).toMatchSnapshot();
  });

  it('findOverview: the request with its processes in order; null for another client', async () => {
    const seeded = await seedRequest(db);
    const { result, sql } = await db.record(() => repo.findOverview(seeded.requestId, ['acme']));
    expect(result).toMatchObject({
      id: seeded.requestId,
      packageId: 'PKG-ACME-BASIC',
      candidateId: seeded.candidateId,
      confirmedAlertResult: null,
      openMonitorAlerts: 0,
      blocked: false,
      createdAt: expect.any(Number),
    });
    expect(result!.processes.map((p) => p.processName)).toEqual(
      seeded.registration.processes.map((p) => p.name),
    );
    expect(await repo.findOverview(seeded.requestId, ['globex'])).toBeNull();
    expect(sql).toMatchSnapshot();
  });

  it('findProcess: one process with its details; null when suppressed', async () => {
    const seeded = await seedRequest(db);
    const peps = seeded.processes['Peps'];
    await finishProcess(db, peps, 'Aprobado', { summary: { hits: 0 }, rawDetails: { source: 'x' } });
    const { result, sql } = await db.record(() => repo.findProcess(seeded.requestId, peps, ['acme']));
    expect(result).toMatchObject({
      id: peps,
      processName: 'Peps',
      status: 'Finalizado',
      result: 'Aprobado',
      summary: { hits: 0 },
      rawDetails: { source: 'x' },
      blocked: false,
      startDate: expect.any(Number),
      endDate: expect.any(Number),
    });
    await db.rows(`UPDATE candidate_request SET suppressed_at = now() WHERE id = $1`, [seeded.requestId]);
    expect(await repo.findProcess(seeded.requestId, peps, ['acme'])).toBeNull();
    expect(sql).toMatchSnapshot();
  });

  it('recentDurations: per name the newest finished durations, newest first', async () => {
    const a = await seedRequest(db);
    const b = await seedRequest(db);
    await finishProcess(db, a.processes['BGC News'], 'Aprobado', { durationMs: 3000 });
    await finishProcess(db, b.processes['BGC News'], 'Aprobado', { durationMs: 5000 });
    const { result, sql } = await db.record(() => repo.recentDurations(['BGC News', 'No such'], 10));
    expect(result.get('BGC News')).toEqual([5000, 3000]);
    expect(result.get('No such')).toEqual([]);
    expect(sql).toMatchSnapshot();
  });

  it('list: newest first with the total; a page past the end still counts; blocked ones leave', async () => {
    const globex = await seedRequest(db, { clientId: 'globex', createdByEmail: 'ops@globex.test' });
    const older = await seedRequest(db, { clientId: 'globex', createdByEmail: 'ops@globex.test' });
    const blocked = await seedRequest(db, { clientId: 'globex', createdByEmail: 'ops@globex.test' });
    await db.rows(`UPDATE candidate_request SET created_at = created_at - interval '1 hour' WHERE id = $1`, [
      older.requestId,
    ]);
    await db.rows(`UPDATE candidate_request SET blocked_at = now() WHERE id = $1`, [blocked.requestId]);
    const { result, sql } = await db.record(() => repo.list(['globex'], { page: 1, limit: 10 }));
    expect(result.total).toBe(2);
    expect(result.rows.map((r) => r.id)).toEqual([globex.requestId, older.requestId]);
    expect(result.rows[0]).toMatchObject({
      clientId: 'globex',
      status: expect.any(String),
      createdAt: expect.any(Number),
    });
    const pastEnd = await db.record(() => repo.list(['globex'], { page: 5, limit: 10 }));
    expect(pastEnd.result).toEqual({ total: 2, rows: [] });
    expect((await repo.list(['globex'], { status: 'Completed', page: 1, limit: 10 })).total).toBe(0);
    expect({ page: sql, pastEnd: pastEnd.sql }).toMatchSnapshot();
  });
});
