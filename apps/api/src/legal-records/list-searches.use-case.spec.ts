// ../common/validation loads @nestjs/common (ESM-only in Nest 12): the stub stands in for it.
jest.mock('@nestjs/common', () => jest.requireActual('@app/platform/testing/nest-common.stub'));

import { ForbiddenError, normalizeName, ValidationFailedError } from '@app/domain';
import type { LegalSearchListRepository } from '@app/persistence';
import { testConfig } from '@app/platform/config/app-config.fixture';
import { AuthUser } from '../auth/auth-user';
import { ListSearchesUseCase, type SearchListQuery } from './list-searches.use-case';
import { testUser } from '../auth/test-users.fixture';

const MULTI: AuthUser = testUser({
  userId: 'u-1',
  client: 'acme',
  clients: ['acme', 'globex'],
  sessionId: 's-1',
});
const TZ = 'America/Mexico_City';

function setup() {
  const asked: Array<{ clientId: string; query: Record<string, unknown> }> = [];
  const searches = {
    list: async (clientId: string, query: Record<string, unknown>) => {
      asked.push({ clientId, query });
      return {
        total: 41,
        rows: [
          {
            searchId: 's-1',
            createdAt: Date.parse('2026-11-02T10:00:00Z'),
            recoverableUntil: Date.parse('2026-12-02T10:00:00Z'),
          },
        ],
      };
    },
  };
  const useCase = new ListSearchesUseCase(
    searches as unknown as LegalSearchListRepository,
    testConfig({ serviceTimezone: TZ }),
  );
  return { asked, useCase };
}

const query = (q: object) => q as SearchListQuery;

describe('ListSearchesUseCase', () => {
  it("lists the named client's searches with the domain's filter, paged, dates as ISO strings", async () => {
    const { asked, useCase } = setup();
    const list = await useCase.execute(
      MULTI,
      query({ clientId: 'globex', name: 'Hernández', page: '2', limit: '20' }),
    );
    expect(asked).toEqual([
      {
        clientId: 'globex',
        query: { nameContains: normalizeName('Hernández'), timeZone: TZ, limit: 20, offset: 20 },
      },
    ]);
    expect(list).toEqual({
      data: [
        {
          searchId: 's-1',
          createdAt: '2026-11-02T10:00:00.000Z',
          recoverableUntil: '2026-12-02T10:00:00.000Z',
        },
      ],
      page: 2,
      limit: 20,
      total: 41,
    });
  });

  it('refuses a client not the caller (403) or a bad query (400) without reading', async () => {
    const { asked, useCase } = setup();
    await expect(useCase.execute(MULTI, query({ clientId: 'initech' }))).rejects.toBeInstanceOf(
      ForbiddenError,
    );
    await expect(useCase.execute(MULTI, query({ clientId: 'acme', limit: '0' }))).rejects.toBeInstanceOf(
      ValidationFailedError,
    );
    expect(asked).toEqual([]);
  });
});
