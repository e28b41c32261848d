jest.mock('@nestjs/common', () => jest.requireActual('@app/platform/testing/nest-common.stub'));
import { randomUUID } from 'node:crypto';
import { demoUserId, mediumDatabase } from '../medium/medium-database.fixture';
import { plannedRegistration } from '../medium/seed.fixture';
import { BatchRepository } from './batch.repository';
import { CandidateRequestRepository } from './candidate-request.repository';
import { IdempotencyRepository } from './idempotency.repository';

const db = mediumDatabase();

describe('BatchRepository (medium)', () => {
  it('insert then find: the batch with its requests in item order; blocked ones leave; another client’s is not found', async () => {
    const repo = new BatchRepository(db.dataSource);
    const requests = new CandidateRequestRepository(db.dataSource, new IdempotencyRepository(db.dataSource));
    const admin = await demoUserId(db, 'demo@acme.test');
    const batchId = randomUUID();
    const registrations = [
      plannedRegistration({ createdBy: admin }),
      plannedRegistration({ createdBy: admin }),
      plannedRegistration({ createdBy: admin }),
    ];
    const insert = await db.record(() =>
      db.dataSource.transaction(async (tx) => {
        await repo.insert(tx, { id: batchId, clientId: 'acme', createdBy: admin, accepted: 3, rejected: 1 });
        await requests.insertRegistrations(tx, registrations, [], { id: batchId, indexes: [2, 0, 3] });
      }),
    );
    const { result, sql } = await db.record(() => repo.find(batchId, ['acme']));
    expect(result).toEqual({
      id: batchId,
      createdAt: expect.any(Date),
      items: [
        { index: 0, uuid: registrations[1].requestId, status: registrations[1].status },
        { index: 2, uuid: registrations[0].requestId, status: registrations[0].status },
        { index: 3, uuid: registrations[2].requestId, status: registrations[2].status },
      ],
    });
    await db.rows(`UPDATE candidate_request SET blocked_at = now() WHERE id = $1`, [
      registrations[1].requestId,
    ]);
    expect((await repo.find(batchId, ['acme']))?.items.map((i) => i.index)).toEqual([2, 3]);
    expect(await repo.find(batchId, ['globex'])).toBeNull();
    expect({
      insert: insert.sql.filter((s) => s.startsWith('INSERT INTO candidate_request_batch')),
      find: sql,
    }).toMatchSnapshot();
  });
});
