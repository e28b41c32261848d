jest.mock('@nestjs/common', () => jest.requireActual('@app/platform/testing/nest-common.stub'));
import { startInRequest } from '@app/domain';
import { mediumDatabase } from '../medium/medium-database.fixture';
import { seedRequest } from '../medium/seed.fixture';
import { ProcessExecutionRepository } from './process-execution.repository';

const db = mediumDatabase();

describe('ProcessExecutionRepository (medium)', () => {
  let repo: ProcessExecutionRepository;

  beforeAll(() => {
    repo = new ProcessExecutionRepository(db.dataSource);
  });

  it('read and readByProcess: the request’s state, its candidate and version; null for another client', async () => {
    const seeded = await seedRequest(db);
    const { result, sql } = await db.record(() =>
      repo.read({ requestId: seeded.requestId, clientIds: ['acme'] }),
    );
    expect(result).toMatchObject({
      uuid: seeded.requestId,
      clientId: 'acme',
      version: 0,
      candidateInputs: {},
      candidate: { id: seeded.candidateId, name: 'Juan', rfc: 'PELJ900517AB1', birthDate: '1990-05-17' },
    });
    expect(result!.processes.map((p) => p.name)).toEqual(seeded.registration.processes.map((p) => p.name));
    expect(await repo.read({ requestId: seeded.requestId, clientIds: ['globex'] })).toBeNull();
    const byProcess = await db.record(() => repo.readByProcess(seeded.processes['Peps']));
    expect(byProcess.result?.uuid).toBe(seeded.requestId);
    expect(await repo.readByProcess('00000000-0000-4000-8000-000000000000')).toBeNull();
    expect({ read: sql, readByProcess: byProcess.sql }).toMatchSnapshot();
  });

  it('applyStep: the decided step written once; a step decided on a stale version writes nothing', async () => {
    const seeded = await seedRequest(db);
    const request = (await repo.read({ requestId: seeded.requestId, clientIds: ['acme'] }))!;
    const peps = seeded.processes['Peps'];
    const transition = startInRequest(request, peps, Date.now(), false)!;
    expect(transition).not.toBeNull();
    const job = {
      queue: 'screening',
      jobName: 'run-process',
      jobId: `again-${peps}`,
      payload: { processId: peps },
    };
    const { result, sql } = await db.record(() =>
      repo.applyStep({
        request,
        transition,
        writes: { candidateInput: { processId: peps, input: { nip: '1234' } } },
        jobs: [job],
      }),
    );
    expect(result).toEqual({ applied: true, jobs: [{ ...job, id: expect.any(String) }] });
    const after = (await repo.read({ requestId: seeded.requestId, clientIds: ['acme'] }))!;
    expect(after.version).toBe(1);
    expect(after.processes.find((p) => p.id === peps)?.startDate).toEqual(expect.any(Number));
    expect(after.candidateInputs).toEqual({ [peps]: { nip: '1234' } });
    expect(await repo.applyStep({ request, transition, writes: {}, jobs: [] })).toEqual({
      applied: false,
      jobs: [],
    });
    expect(sql).toMatchSnapshot();
  });

  it('queuedSince: queued processes unchanged for a while, in id order, blocked requests left out', async () => {
    const seeded = await seedRequest(db);
    const blocked = await seedRequest(db);
    await db.rows(`UPDATE request_process SET updated_at = now() - interval '1 hour'`);
    await db.rows(`UPDATE candidate_request SET blocked_at = now() WHERE id = $1`, [blocked.requestId]);
    const { result, sql } = await db.record(() => repo.queuedSince(null, 60_000, 100));
    const mine = result.filter((p) => p.requestId === seeded.requestId);
    expect(mine.length).toBeGreaterThan(0);
    expect(result.some((p) => p.requestId === blocked.requestId)).toBe(false);
    expect(result.map((p) => p.id)).toEqual([...result.map((p) => p.id)].sort());
    expect(await repo.queuedSince(null, 2 * 3_600_000, 100)).toEqual([]);
    expect(await repo.queuedSince(result[result.length - 1].id, 60_000, 100)).toEqual([]);
    expect(sql).toMatchSnapshot();
  });
});
