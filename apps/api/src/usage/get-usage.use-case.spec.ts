// ../common/validation loads @nestjs/common (ESM-only in Nest 12): the stub stands in for it.
jest.mock('@nestjs/common', () => jest.requireActual('@app/platform/testing/nest-common.stub'));

import {
  ForbiddenError,
  LedgerDayCount,
  UsageRange,
  usageStatement,
  ValidationFailedError,
} from '@app/domain';
import type { BillingLedgerRepository } from '@app/persistence';
import { testConfig } from '@app/platform/config/app-config.fixture';
import { AuthUser } from '../auth/auth-user';
import { GetUsageUseCase, type UsageQuery } from './get-usage.use-case';
import { testUser } from '../auth/test-users.fixture';

const MULTI: AuthUser = testUser({
  userId: 'u-1',
  client: 'acme',
  clients: ['acme', 'globex'],
  sessionId: 's-1',
});
const TZ = 'America/Mexico_City';

/** The billing ledger in memory: charges per client and local day. */
function ledger(charges: Record<string, LedgerDayCount[]>) {
  const asked: Array<{ clientId: string; range: UsageRange; timeZone: string }> = [];
  return {
    asked,
    countPerDay: async (clientId: string, range: UsageRange, timeZone: string) => {
      asked.push({ clientId, range, timeZone });
      return (charges[clientId] ?? []).filter((c) => c.day >= range.from && c.day <= range.to);
    },
  };
}

function setup(charges: Record<string, LedgerDayCount[]> = {}) {
  const fake = ledger(charges);
  const useCase = new GetUsageUseCase(
    fake as unknown as BillingLedgerRepository,
    testConfig({ serviceTimezone: TZ }),
  );
  return { ledger: fake, useCase };
}

const query = (q: object) => q as UsageQuery;

describe('GetUsageUseCase', () => {
  it("states what the ledger holds of the chosen client, in the service's time zone", async () => {
    const counts: LedgerDayCount[] = [
      { day: '2026-11-02', kind: 'LEGAL_SEARCH', count: 3 },
      { day: '2026-11-03', kind: 'WATCH_LIST_SCREENING', count: 1 },
    ];
    const { ledger: fake, useCase } = setup({
      globex: counts,
      acme: [{ day: '2026-11-02', kind: 'LEGAL_SEARCH', count: 9 }],
    });
    const range: UsageRange = { from: '2026-11-01', to: '2026-11-30', groupBy: 'month' };
    const statement = await useCase.execute(MULTI, query({ ...range, clientId: 'globex' }));
    expect(statement).toEqual({ clientId: 'globex', ...range, ...usageStatement(range, counts) });
    expect(fake.asked).toEqual([{ clientId: 'globex', range, timeZone: TZ }]);
  });

  it("defaults to a one-client caller's client and the current month by day; one of several clients must be named", async () => {
    const { ledger: fake, useCase } = setup();
    const statement = await useCase.execute({ ...MULTI, clients: ['acme'] }, query({}));
    expect(statement.clientId).toBe('acme');
    expect(fake.asked[0].range).toEqual({
      from: expect.stringMatching(/^\d{4}-\d{2}-01$/),
      to: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      groupBy: 'day',
    });
    await expect(useCase.execute(MULTI, query({}))).rejects.toMatchObject({
      violations: [expect.objectContaining({ field: 'clientId' })],
    });
  });

  it('refuses a client not the caller (403) or a bad range (400) without reading the ledger', async () => {
    const { ledger: fake, useCase } = setup();
    await expect(useCase.execute(MULTI, query({ clientId: 'initech' }))).rejects.toBeInstanceOf(
      ForbiddenError,
    );
    await expect(useCase.execute(MULTI, query({ from: '2026-11-01' }))).rejects.toBeInstanceOf(
      ValidationFailedError,
    );
    expect(fake.asked).toEqual([]);
  });
});
