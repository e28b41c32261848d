jest.mock('@nestjs/common', () => jest.requireActual('@app/platform/testing/nest-common.stub'));
import { mediumDatabase } from '../medium/medium-database.fixture';
import { seedSearch } from '../medium/seed.fixture';
import { BillingLedgerRepository } from './billing-ledger.repository';

const db = mediumDatabase();

describe('BillingLedgerRepository (medium)', () => {
  it('countPerDay: charges per local calendar day and kind, both ends of the range included', async () => {
    const repo = new BillingLedgerRepository(db.dataSource);
    const charge = async (kind: string, at: string, personUuid: string | null = null) => {
      const search = await seedSearch(db);
      await db.rows(
        `INSERT INTO billing_charge (client_id, kind, search_id, person_uuid, charged_at) VALUES ('acme', $1, $2, $3, $4)`,
        [kind, search, personUuid, at],
      );
    };
    // Mexico City is UTC-6: 2026-03-02T03:00Z is still 1 March there.
    await charge('LEGAL_SEARCH', '2026-03-01T12:00:00Z');
    await charge('LEGAL_SEARCH', '2026-03-02T03:00:00Z');
    await charge('LEGAL_RECORD_UNLOCK', '2026-03-02T12:00:00Z', '00000000-0000-4000-8000-000000000001');
    await charge('LEGAL_SEARCH', '2026-03-04T12:00:00Z');
    const { result, sql } = await db.record(() =>
      repo.countPerDay(
        'acme',
        { from: '2026-03-01', to: '2026-03-02', groupBy: 'day' } as never,
        'America/Mexico_City',
      ),
    );
    expect(result).toEqual([
      { day: '2026-03-01', kind: 'LEGAL_SEARCH', count: 2 },
      { day: '2026-03-02', kind: 'LEGAL_RECORD_UNLOCK', count: 1 },
    ]);
    expect(
      await repo.countPerDay(
        'globex',
        { from: '2026-03-01', to: '2026-03-31', groupBy: 'day' } as never,
        'UTC',
      ),
    ).toEqual([]);
    expect(sql).toMatchSnapshot();
  });
});
