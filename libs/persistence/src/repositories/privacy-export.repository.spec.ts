jest.mock('@nestjs/common', () => jest.requireActual('@app/platform/testing/nest-common.stub'));
import { mediumDatabase } from '../medium/medium-database.fixture';
import { finishProcess, seedRequest } from '../medium/seed.fixture';
import { PrivacyExportRepository } from './privacy-export.repository';

const db = mediumDatabase();

describe('PrivacyExportRepository (medium)', () => {
  it('requests: the client’s matched requests with the whole candidate, consent and processes', async () => {
    const repo = new PrivacyExportRepository(db.dataSource);
    const seeded = await seedRequest(db);
    await finishProcess(db, seeded.processes['Peps'], 'Aprobado', { summary: { hits: 0 } });
    const globex = await seedRequest(db, { clientId: 'globex', createdByEmail: 'ops@globex.test' });
    const { result, sql } = await db.record(() =>
      repo.requests('acme', [seeded.requestId, globex.requestId]),
    );
    expect(result).toHaveLength(1);
    expect(result[0]).toMatchObject({
      uuid: seeded.requestId,
      packageId: 'PKG-ACME-BASIC',
      createdAt: expect.any(Number),
      candidate: {
        id: seeded.candidateId,
        personType: 'individual',
        name: 'Juan',
        lastName: 'Pérez',
        birthDate: '1990-05-17',
        rfc: 'PELJ900517AB1',
        email: 'juan.perez@example.com',
      },
      consent: seeded.registration.consent,
    });
    const peps = result[0].processes.find((p) => p.processName === 'Peps');
    expect(peps).toMatchObject({
      status: 'Finalizado',
      result: 'Aprobado',
      summary: { hits: 0 },
      endDate: expect.any(Number),
    });
    expect(await db.sqlOf(() => repo.requests('acme', []))).toEqual([]);
    expect(sql).toMatchSnapshot();
  });
});
