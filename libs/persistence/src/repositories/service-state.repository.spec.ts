jest.mock('@nestjs/common', () => jest.requireActual('@app/platform/testing/nest-common.stub'));
import { mediumDatabase } from '../medium/medium-database.fixture';
import { seedAlert, seedMonitor, seedRequest } from '../medium/seed.fixture';
import { ServiceStateRepository } from './service-state.repository';
import { WatchListRepository } from './watch-list.repository';

const db = mediumDatabase();

describe('ServiceStateRepository (medium)', () => {
  it('snapshot: the gauges of lists, monitors, alerts, audit events and open ARCO requests', async () => {
    const repo = new ServiceStateRepository(db.dataSource);
    const empty = await db.record(() => repo.snapshot());
    expect(empty.result).toEqual({
      activeLists: [],
      listVersions: [],
      monitors: [],
      alerts: [],
      auditEvents: 0,
      privacyRequests: [],
    });
    await new WatchListRepository(db.dataSource).activateVersion(
      {
        source: 'peps',
        asOf: null,
        sha256: 'sha',
        files: [],
        rows: 0,
        entries: 0,
        redacted: 0,
        rejected: [],
      },
      [],
    );
    const seeded = await seedRequest(db);
    await seedAlert(db, seeded, await seedMonitor(db, seeded));
    await db.rows(
      `INSERT INTO privacy_request (client_id, "right", subject, received_at, due_date, due_soon_date, channel, created_by)
       VALUES ('acme', 'access', '{}', '2026-03-02', '2026-03-24', '2026-03-20', 'email', 'demo@acme.test')`,
    );
    const state = await repo.snapshot();
    expect(state).toEqual({
      activeLists: [{ source: 'peps', entries: 0, ageSeconds: expect.any(Number) }],
      listVersions: [{ source: 'peps', status: 'active', n: 1 }],
      monitors: [{ status: 'active', n: 1 }],
      alerts: [{ status: 'open', n: 1 }],
      auditEvents: 0,
      privacyRequests: [{ dueDate: '2026-03-24', dueSoonDate: '2026-03-20', n: 1 }],
    });
    expect(empty.sql).toMatchSnapshot();
  });
});
