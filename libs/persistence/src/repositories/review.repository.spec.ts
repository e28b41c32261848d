jest.mock('@nestjs/common', () => jest.requireActual('@app/platform/testing/nest-common.stub'));
import type { DomainEvent } from '@app/domain';
import { mediumDatabase } from '../medium/medium-database.fixture';
import { finishProcess, seedAlert, seedMonitor, seedRequest } from '../medium/seed.fixture';
import { EventRepository } from './event.repository';
import { ReviewRepository } from './review.repository';

const db = mediumDatabase();

describe('ReviewRepository (medium)', () => {
  let repo: ReviewRepository;

  beforeAll(() => {
    repo = new ReviewRepository(db.dataSource, new EventRepository(db.dataSource));
  });

  it('underReview: runs the work on the locked request and its processes; null for another client', async () => {
    const seeded = await seedRequest(db);
    const { result, sql } = await db.record(() =>
      repo.underReview(seeded.requestId, ['acme'], async (_tx, request) => request),
    );
    expect(result?.value).toMatchObject({
      id: seeded.requestId,
      clientId: 'acme',
      blocked: false,
      confirmedAlertResult: null,
    });
    expect(result?.value.processes.map((p) => p.name)).toEqual(
      seeded.registration.processes.map((p) => p.name),
    );
    const read = await db.record(() =>
      repo.underReview(seeded.requestId, ['acme'], async () => 'read', 'read'),
    );
    expect(read.result).toEqual({ value: 'read' });
    let ran = false;
    expect(
      await repo.underReview(seeded.requestId, ['globex'], async () => {
        ran = true;
      }),
    ).toBeNull();
    expect(ran).toBe(false);
    expect({ decide: sql, read: read.sql }).toMatchSnapshot();
  });

  it('insertReview, insertDispute, reviewsOfProcess, disputesOfRequest and decisionsAndDisputes', async () => {
    const seeded = await seedRequest(db);
    const peps = seeded.processes['Peps'];
    const finding = { source: 'peps', entryId: 'E-1' };
    const insert = await db.record(() =>
      repo.insertReview(db.dataSource, {
        clientId: 'acme',
        requestId: seeded.requestId,
        processId: peps,
        processGeneration: 0,
        alertId: null,
        finding,
        entryState: 'active',
        decision: 'dismissed',
        reason: 'homonym',
        reviewer: { id: seeded.createdBy, email: 'demo@acme.test' },
      }),
    );
    expect(insert.result).toEqual({
      id: expect.any(String),
      finding,
      decision: 'dismissed',
      reason: 'homonym',
      reviewer: { id: seeded.createdBy, email: 'demo@acme.test' },
      at: expect.any(Number),
    });
    const dispute = await db.record(() =>
      repo.insertDispute(db.dataSource, {
        clientId: 'acme',
        requestId: seeded.requestId,
        processId: peps,
        finding,
        statement: 'not me',
        createdBy: seeded.createdBy,
      }),
    );
    expect(dispute.result).toEqual({
      id: expect.any(String),
      processId: peps,
      finding,
      statement: 'not me',
      at: expect.any(Number),
    });
    const reviews = await db.record(() => repo.reviewsOfProcess(db.dataSource, peps));
    expect(reviews.result).toEqual([insert.result]);
    const disputes = await db.record(() => repo.disputesOfRequest(db.dataSource, seeded.requestId));
    expect(disputes.result).toEqual([dispute.result]);
    const both = await db.record(() => repo.decisionsAndDisputes(null, seeded.requestId));
    expect(both.result).toEqual({
      decisions: [
        {
          finding,
          decision: 'dismissed',
          at: insert.result.at,
          processId: peps,
          processGeneration: 0,
          entryState: 'active',
        },
      ],
      disputes: [{ finding, processId: peps, at: dispute.result.at }],
    });
    expect(await repo.decisionsAndDisputes(db.dataSource, (await seedRequest(db)).requestId)).toEqual({
      decisions: [],
      disputes: [],
    });
    expect({
      insertReview: insert.sql,
      insertDispute: dispute.sql,
      reviewsOfProcess: reviews.sql,
      disputesOfRequest: disputes.sql,
      decisionsAndDisputes: both.sql,
    }).toMatchSnapshot();
  });

  it('importedEntries: the entries a list process kept; none without raw details', async () => {
    const seeded = await seedRequest(db);
    const gwl = seeded.processes['Global Watch List'];
    await finishProcess(db, gwl, 'Riesgo Alto', { rawDetails: { payload: { entries: [{ id: 'OFAC-1' }] } } });
    const { result, sql } = await db.record(() => repo.importedEntries(db.dataSource, gwl));
    expect(result).toEqual([{ id: 'OFAC-1' }]);
    expect(await repo.importedEntries(db.dataSource, seeded.processes['Peps'])).toEqual([]);
    expect(sql).toMatchSnapshot();
  });

  it('requestOfAlert and confirmedAlerts: the caller’s alerts only; confirmed ones listed', async () => {
    const seeded = await seedRequest(db);
    const monitor = await seedMonitor(db, seeded);
    const alert = await seedAlert(db, seeded, monitor, {
      status: 'confirmed',
      source: 'ofac',
      entryId: 'OFAC-9',
    });
    await seedAlert(db, seeded, monitor);
    const { result, sql } = await db.record(() => repo.requestOfAlert(alert, ['acme']));
    expect(result).toBe(seeded.requestId);
    expect(await repo.requestOfAlert(alert, ['globex'])).toBeNull();
    const confirmed = await db.record(() => repo.confirmedAlerts(db.dataSource, seeded.requestId));
    expect(confirmed.result).toEqual([
      { source: 'ofac', entryId: 'OFAC-9', match: { name: 'JUAN PEREZ LOPEZ' }, person: null },
    ]);
    expect({ requestOfAlert: sql, confirmedAlerts: confirmed.sql }).toMatchSnapshot();
  });

  it('writeReviewState: the processes’ reviews, the confirmed result and the events', async () => {
    const seeded = await seedRequest(db);
    const peps = seeded.processes['Peps'];
    const review = { status: 'reviewed' as const, reviewedResult: 'Aprobado' as const, disputed: false };
    const events = [
      { type: 'candidate_request.review_changed', data: { uuid: seeded.requestId } },
    ] as unknown as DomainEvent[];
    const sql = await db.sqlOf(() =>
      repo.writeReviewState(
        db.dataSource,
        { id: seeded.requestId, clientId: 'acme' },
        {
          processes: [{ id: peps, review }],
          confirmedAlertResult: 'Riesgo Alto',
          events,
        },
      ),
    );
    const [process] = await db.rows(`SELECT review FROM request_process WHERE id = $1`, [peps]);
    expect(process.review).toEqual(review);
    const [request] = await db.rows(`SELECT confirmed_alert_result FROM candidate_request WHERE id = $1`, [
      seeded.requestId,
    ]);
    expect(request).toEqual({ confirmed_alert_result: 'Riesgo Alto' });
    expect(
      await db.rows(
        `SELECT 1 FROM event WHERE type = 'candidate_request.review_changed' AND data->>'uuid' = $1`,
        [seeded.requestId],
      ),
    ).toHaveLength(1);
    expect(sql).toMatchSnapshot();
  });
});
