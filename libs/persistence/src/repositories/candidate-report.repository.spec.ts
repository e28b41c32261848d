jest.mock('@nestjs/common', () => jest.requireActual('@app/platform/testing/nest-common.stub'));
import { randomUUID } from 'node:crypto';
import { mediumDatabase } from '../medium/medium-database.fixture';
import { finishProcess, seedRequest } from '../medium/seed.fixture';
import { CandidateReportRepository } from './candidate-report.repository';

const db = mediumDatabase();

describe('CandidateReportRepository (medium)', () => {
  it('findReportInput: the request, its client and package names, processes, reviews and disputes', async () => {
    const repo = new CandidateReportRepository(db.dataSource);
    const seeded = await seedRequest(db);
    const peps = seeded.processes['Peps'];
    await finishProcess(db, peps, 'Riesgo Bajo', { summary: { hits: 1 } });
    await db.rows(
      `INSERT INTO finding_review (id, client_id, request_id, process_id, process_generation, source, entry_id, decision, reason, reviewer_id, reviewer_email)
       VALUES ($1, 'acme', $2, $3, 0, 'peps', 'E-1', 'confirmed', 'same person', $4, 'demo@acme.test')`,
      [randomUUID(), seeded.requestId, peps, seeded.createdBy],
    );
    const { result, sql } = await db.record(() => repo.findReportInput(seeded.requestId, ['acme']));
    expect(result).toMatchObject({
      requestId: seeded.requestId,
      clientId: 'acme',
      clientName: 'Acme Recursos Humanos',
      packageId: 'PKG-ACME-BASIC',
      packageName: 'Acme: basic screening',
      personType: 'individual',
      createdAt: expect.any(Number),
      candidate: {
        name: 'Juan',
        lastName: 'Pérez',
        secondLastName: 'López',
        businessName: null,
        rfc: 'PELJ900517AB1',
        curp: null,
      },
      consent: seeded.registration.consent,
      disputes: [],
      confirmedAlertResult: null,
      blocked: false,
    });
    expect(result!.processes.find((p) => p.id === peps)).toMatchObject({
      result: 'Riesgo Bajo',
      summary: { hits: 1 },
      dependsOn: null,
    });
    expect(result!.reviews).toEqual([
      expect.objectContaining({
        finding: { source: 'peps', entryId: 'E-1' },
        decision: 'confirmed',
        reason: 'same person',
        reviewerEmail: 'demo@acme.test',
      }),
    ]);
    expect(await repo.findReportInput(seeded.requestId, ['globex'])).toBeNull();
    await db.rows(`UPDATE candidate_request SET blocked_at = now() WHERE id = $1`, [seeded.requestId]);
    expect((await repo.findReportInput(seeded.requestId, ['acme']))?.blocked).toBe(true);
    await db.rows(`UPDATE candidate_request SET suppressed_at = now() WHERE id = $1`, [seeded.requestId]);
    expect(await repo.findReportInput(seeded.requestId, ['acme'])).toBeNull();
    expect(sql).toMatchSnapshot();
  });
});
