// Barrels that load Nest (ESM-only, see docs/architecture.md) give way to the plain modules used.
jest.mock('@nestjs/common', () => jest.requireActual('@app/platform/testing/nest-common.stub'));
jest.mock('@app/persistence', () => jest.requireActual('@app/persistence/legal-corpus/vocabulary-filters'));

import { BLOCKED_SEARCH_MESSAGE, GoneError, NotFoundError } from '@app/domain';
import type { LegalRecordsSource, LegalSearchRepository, StoredMatch, StoredSearch } from '@app/persistence';
import { UnavailableError } from '../common/unavailable.error';
import { ReadSearchUseCase, type RecordDetailQuery } from './read-search.use-case';
import { ACME, GLOBEX } from '../auth/test-users.fixture';
import type { SearchPageQuery } from './search-filters';

const SEARCH = '5f0c7a8e-1111-4222-8333-944455556666';
const PERSON = '5f0c7a8e-3333-4222-8333-944455556666';
const DAY = 86_400_000;

const MATCH: StoredMatch = {
  uuid: PERSON,
  name: 'JUAN HERNANDEZ',
  count: 3,
  categories: ['Penal'],
  agreementDate: null,
  state: 'Jalisco',
};

/** One stored search of acme (recoverable or not), its matches and which were unlocked (charged). */
class InMemorySearches {
  readonly unlocks: Array<{ searchId: string; personUuid: string; clientId: string }> = [];
  unlockedAt: Date | null = null;

  constructor(readonly search: StoredSearch) {}

  async findSearchPage(searchId: string, clientIds: string[]) {
    return this.owned(searchId, clientIds)
      ? { search: this.search, page: { total: 1, rows: [MATCH] }, unlocked: [] }
      : null;
  }

  async findSearchMatch(searchId: string, clientIds: string[], personUuid: string | null) {
    if (!this.owned(searchId, clientIds)) return null;
    return { search: this.search, match: personUuid === PERSON ? MATCH : null, unlockedAt: this.unlockedAt };
  }

  async unlockOnce(searchId: string, personUuid: string, clientId: string) {
    this.unlocks.push({ searchId, personUuid, clientId });
    const newlyUnlocked = this.unlockedAt === null;
    this.unlockedAt ??= new Date();
    return { newlyUnlocked, unlockedAt: this.unlockedAt };
  }

  private owned(searchId: string, clientIds: string[]): boolean {
    return searchId === this.search.id && clientIds.includes(this.search.clientId);
  }
}

function setup(answerOk = true, recoverableFor = 30 * DAY, blocked = false) {
  const searches = new InMemorySearches({
    id: SEARCH,
    clientId: 'acme',
    query: { name: 'Juan' },
    outcome: 'SUCCESS',
    totalInSource: 1,
    kpis: {},
    slowResponse: false,
    createdAt: new Date(Date.now() - DAY),
    recoverableUntil: new Date(Date.now() + recoverableFor),
    corpusVersion: '7',
    blocked,
  });
  const readings: Array<{ personUuid: string; asOfVersion: string | null }> = [];
  const source = {
    lawsuits: async (personUuid: string, _filter: unknown, asOfVersion: string | null) => {
      readings.push({ personUuid, asOfVersion });
      return answerOk
        ? { ok: true, slow: false, value: { total: 1, rows: [{ lawsuit: 'x' }] } }
        : { ok: false, slow: true, reason: 'source timed out' };
    },
  };
  const useCase = new ReadSearchUseCase(
    searches as unknown as LegalSearchRepository,
    source as unknown as LegalRecordsSource,
  );
  return { searches, readings, useCase };
}

const DETAIL = {} as RecordDetailQuery;

describe('ReadSearchUseCase', () => {
  it('reads a record as of the search corpus version, unlocking and charging it the first time only', async () => {
    const { searches, readings, useCase } = setup();
    const first = await useCase.record(ACME, SEARCH, PERSON, DETAIL);
    expect(first.source).toEqual({ uuid: PERSON, name: MATCH.name, count: 3 });
    expect(readings).toEqual([{ personUuid: PERSON, asOfVersion: '7' }]);
    expect(searches.unlocks).toEqual([{ searchId: SEARCH, personUuid: PERSON, clientId: 'acme' }]);
    const again = await useCase.record(ACME, SEARCH, PERSON, DETAIL);
    expect(searches.unlocks).toHaveLength(1); // found unlocked: neither written nor charged again
    expect(again.consumption).not.toEqual(first.consumption);
  });

  it('answers 503 when the source fails, unlocking and charging nothing', async () => {
    const { searches, useCase } = setup(false);
    await expect(useCase.record(ACME, SEARCH, PERSON, DETAIL)).rejects.toBeInstanceOf(UnavailableError);
    expect(searches.unlocks).toEqual([]);
  });

  it("answers 404 for another client's search, an unknown search or a person not in it, reading nothing", async () => {
    const { searches, readings, useCase } = setup();
    await expect(useCase.record(GLOBEX, SEARCH, PERSON, DETAIL)).rejects.toBeInstanceOf(NotFoundError);
    await expect(useCase.record(ACME, 'nope', PERSON, DETAIL)).rejects.toBeInstanceOf(NotFoundError);
    await expect(useCase.record(ACME, SEARCH, 'nope', DETAIL)).rejects.toEqual(
      new NotFoundError('This record is not part of the search.'),
    );
    await expect(useCase.page(GLOBEX, SEARCH, {} as SearchPageQuery)).rejects.toBeInstanceOf(NotFoundError);
    expect(readings).toEqual([]);
    expect(searches.unlocks).toEqual([]);
  });

  it('answers 410 for a search past its recoverable_until, its page and its records alike', async () => {
    const { searches, useCase } = setup(true, -1);
    await expect(useCase.page(ACME, SEARCH, {} as SearchPageQuery)).rejects.toBeInstanceOf(GoneError);
    await expect(useCase.record(ACME, SEARCH, PERSON, DETAIL)).rejects.toBeInstanceOf(GoneError);
    expect(searches.unlocks).toEqual([]);
  });

  it('answers 410 for a blocked search, its page and its records alike, reading and charging nothing', async () => {
    const { searches, readings, useCase } = setup(true, 30 * DAY, true);
    const blocked = new GoneError(BLOCKED_SEARCH_MESSAGE);
    await expect(useCase.page(ACME, SEARCH, {} as SearchPageQuery)).rejects.toEqual(blocked);
    await expect(useCase.record(ACME, SEARCH, PERSON, DETAIL)).rejects.toEqual(blocked);
    expect(readings).toEqual([]);
    expect(searches.unlocks).toEqual([]);
  });

  it('re-reads a stored page for free', async () => {
    const { readings, useCase } = setup();
    const data = await useCase.page(ACME, SEARCH, {} as SearchPageQuery);
    expect(data.meta.charged).toBe(false);
    expect(data.records.map((r) => r.uuid)).toEqual([PERSON]);
    expect(readings).toEqual([]);
  });
});
