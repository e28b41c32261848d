// Barrels that load Nest (ESM-only, see docs/architecture.md) give way to the plain modules used.
jest.mock('@nestjs/common', () => jest.requireActual('@app/platform/testing/nest-common.stub'));
jest.mock('@app/persistence', () => jest.requireActual('@app/persistence/legal-corpus/vocabulary-filters'));

import {
  BILLING,
  DomainEvent,
  givenNameWords,
  MAX_MATCHES,
  normalizeName,
  ValidationFailedError,
} from '@app/domain';
import type { LegalRecordsSource, LegalSearchRepository, SourceAnswer, StoredSearch } from '@app/persistence';
import type { MatchSetHandle } from '@app/persistence/legal-corpus/legal-corpus.queries';
import { ACME } from '../auth/test-users.fixture';
import type { IdempotentCommands } from '../common/idempotency';
import { CreateSearchUseCase, type CreateSearchCommand } from './create-search.use-case';
import type { SearchPageQuery } from './search-filters';
import { InMemoryIdempotentCommands } from '../common/idempotent-commands.fixture';

const MAIN_POOL = { pool: 'main' };
const KEY_TX = { tx: 'idempotency' };

const SET: MatchSetHandle = {
  setId: 'set-1',
  corpusVersion: '7',
  totalMatches: 2,
  topCategories: [{ category: 'Penal', count: 2 }],
  topStates: [{ state: 'Jalisco', count: 2 }],
};

/** The searches table and billing ledger in memory: one insert stores a search, its charge and events. */
class InMemorySearches {
  readonly stored: Array<{
    executor: unknown;
    search: StoredSearch & { matchSetId: string | null };
    events: readonly DomainEvent[];
  }> = [];
  readonly charges: string[] = [];

  async insertSearch(
    executor: unknown,
    search: StoredSearch & { createdBy: string; matchSetId: string | null },
    effects: { charge: boolean; events: readonly DomainEvent[] },
  ) {
    this.stored.push({ executor, search, events: effects.events });
    if (effects.charge) this.charges.push(search.id);
    return { charged: effects.charge, page: { total: 0, rows: [] } };
  }
}

function setup(answer: SourceAnswer<MatchSetHandle>) {
  const asked: unknown[] = [];
  const source = {
    matchSet: async (query: unknown, cap: number) => {
      asked.push({ query, cap });
      return answer;
    },
  };
  const searches = new InMemorySearches();
  const useCase = new CreateSearchUseCase(
    source as unknown as LegalRecordsSource,
    searches as unknown as LegalSearchRepository,
    new InMemoryIdempotentCommands({
      transaction: (work) => work(KEY_TX),
      pool: MAIN_POOL,
    }) as unknown as IdempotentCommands,
  );
  return { asked, searches, useCase };
}

const BODY = { name: ' Juan ', lastName: 'Hernández' } as CreateSearchCommand;
const QUERY = {} as SearchPageQuery;

describe('CreateSearchUseCase', () => {
  it('asks the source for the normalized name, then stores the search on its set, charged once, in one statement', async () => {
    const { asked, searches, useCase } = setup({ ok: true, value: SET, slow: false });
    const data = await useCase.execute(ACME, BODY, QUERY);

    expect(asked).toEqual([
      {
        query: { givenWords: givenNameWords(' Juan '), lastName: normalizeName('Hernández') },
        cap: MAX_MATCHES,
      },
    ]);
    expect(searches.stored).toHaveLength(1);
    const [{ executor, search, events }] = searches.stored;
    expect(executor).toBe(MAIN_POOL);
    expect(search).toEqual(
      expect.objectContaining({
        clientId: 'acme',
        outcome: 'SUCCESS',
        matchSetId: 'set-1',
        corpusVersion: '7',
        query: { name: 'Juan', lastName: 'Hernández', full_name_searched: 'Juan Hernández' },
      }),
    );
    expect(events).toEqual([
      { type: 'legal_search.created', data: { searchId: search.id, outcome: 'SUCCESS', totalMatches: 2 } },
    ]);
    expect(searches.charges).toEqual([search.id]);
    expect(data.meta.charged).toBe(BILLING.searchCreationIsBillable);
  });

  it('stores and charges a FAILED search when the source fails or times out (docs/behaviour.md), flagged slow', async () => {
    const { searches, useCase } = setup({ ok: false, slow: true, reason: 'source timed out' });
    const data = await useCase.execute(ACME, BODY, QUERY);
    expect(data.outcome).toBe('FAILED');
    expect(data.meta.slow_response).toBe(true);
    expect(searches.stored[0].search).toEqual(
      expect.objectContaining({ outcome: 'FAILED', matchSetId: null }),
    );
    expect(searches.charges).toHaveLength(1);
  });

  it('stores a search once per Idempotency-Key, in the key transaction, and answers a retry the same', async () => {
    const { searches, useCase } = setup({ ok: true, value: SET, slow: false });
    const first = await useCase.execute(ACME, BODY, QUERY, 'key-1');
    const again = await useCase.execute(ACME, BODY, QUERY, 'key-1');
    expect(again).toEqual(first);
    expect(searches.stored.map((s) => s.executor)).toEqual([KEY_TX]);
    expect(searches.charges).toHaveLength(1);
  });

  it('refuses a query the domain refuses (400) before asking the source or storing anything', async () => {
    const { asked, searches, useCase } = setup({ ok: true, value: SET, slow: false });
    await expect(useCase.execute(ACME, { name: '' } as CreateSearchCommand, QUERY)).rejects.toBeInstanceOf(
      ValidationFailedError,
    );
    expect(asked).toEqual([]);
    expect(searches.stored).toEqual([]);
  });
});
