// ../common/validation loads @nestjs/common (ESM-only in Nest 12): the stub stands in for it.
jest.mock('@nestjs/common', () => jest.requireActual('@app/platform/testing/nest-common.stub'));

import {
  ForbiddenError,
  ListChecked,
  ListMatch,
  MatchDecision,
  MAX_MATCHES_SHOWN,
  ScreeningSubject,
  UnprocessableError,
  ValidationFailedError,
  WATCH_LIST_SOURCES,
  WatchListSource,
} from '@app/domain';
import type { ActiveWatchLists, ListScreening, ScreeningReads } from '@app/application';
import type {
  IdempotencyClaim,
  ScreeningWrite,
  StoredScreening,
  WatchListScreeningRepository,
  WrittenScreening,
} from '@app/persistence';
import { testConfig } from '@app/platform/config/app-config.fixture';
import { AuthUser } from '../auth/auth-user';
import { ACME, testUser } from '../auth/test-users.fixture';
import type { IdempotentCommands } from '../common/idempotency';
import { ScreenNamesUseCase, type ScreenNamesCommand } from './screen-names.use-case';
import { claimKeyOf, fakeIdempotentCommands } from '../common/idempotent-commands.fixture';

/** The fake clock: 03:00 UTC on 1 March is still 28 February in the service's time zone (UTC-6). */
const NOW = Date.UTC(2026, 2, 1, 3, 0, 0);
const SERVICE_TODAY = '2026-02-28';
const UTC_TODAY = '2026-03-01';

/** One user acting for two clients: their default and another. */
const BOTH: AuthUser = testUser({
  userId: 'u-3',
  client: 'acme',
  clients: ['acme', 'initech'],
  sessionId: 's-3',
});

const PERSON = { name: ' Juan ', lastName: 'Hernández', birthDate: '1980-05-17' };
const body = (value: object) => value as ScreenNamesCommand;

/** A hit of the matcher on one entry of a list. */
const hit = (source: WatchListSource, key: string, score: number, decision: MatchDecision) =>
  ({
    entry: {
      source,
      key,
      kind: 'person',
      names: [{ text: `Pedro ${key}`, order: 'given-first', alias: false }],
      rfcs: [],
      curps: [],
      birthDates: ['1980-05-17'],
      nationalities: [],
      gender: null,
      redacted: false,
      listStatus: `status of ${key}`,
    },
    comparison: {
      score,
      decision,
      features: [{ feature: 'name_exact', effect: score, label: 'Nombre idéntico' }],
    },
    listedName: `Pedro ${key}`,
    nameIndex: 0,
  }) as unknown as ListScreening['hits'][number];

/**
 * The active lists, in memory: each source asked for answers from version 3 and the same hits,
 * whatever the subject (what the matcher finds is its own spec's business).
 */
class InMemoryLists {
  readonly asked: Array<{
    subject: ScreeningSubject;
    sources: readonly WatchListSource[];
    reads: ScreeningReads;
  }> = [];
  constructor(private readonly hits: ListScreening['hits']) {}

  async screen(
    subject: ScreeningSubject,
    sources: readonly WatchListSource[],
    reads: ScreeningReads,
  ): Promise<ListScreening> {
    this.asked.push({ subject, sources, reads });
    const listsChecked: ListChecked[] = sources.map((source) => ({ source, version: 3, asOf: '2026-02-01' }));
    return { listsChecked, hits: this.hits.filter((h) => sources.includes(h.entry.source)), missing: [] };
  }
}

/**
 * The screenings table (and its charges) in memory, with the Idempotency-Key claims written with
 * them: a key is claimed once, and a refused write stores nothing (neither the screening nor the claim).
 */
class InMemoryScreenings implements Pick<WatchListScreeningRepository, 'writeScreening'> {
  readonly stored: Array<{ key: string | undefined; screening: StoredScreening }> = [];
  private readonly kept = new Map<string, IdempotencyClaim>();
  refuseNext?: Error;

  async writeScreening({ screening, claim }: ScreeningWrite): Promise<WrittenScreening> {
    const error = this.refuseNext;
    this.refuseNext = undefined;
    if (error) throw error;
    const earlier = claim && this.kept.get(claimKeyOf(claim));
    if (earlier)
      return { written: false, kept: { requestHash: earlier.requestHash, headers: {}, ...earlier.answer } };
    if (claim) this.kept.set(claimKeyOf(claim), claim);
    this.stored.push({ key: claim?.key, screening });
    return { written: true };
  }
}

const commands = fakeIdempotentCommands(200);

function setup(hits: ListScreening['hits'] = []) {
  const lists = new InMemoryLists(hits);
  const screenings = new InMemoryScreenings();
  const useCase = new ScreenNamesUseCase(
    lists as unknown as ActiveWatchLists,
    screenings as unknown as WatchListScreeningRepository,
    commands as IdempotentCommands,
    testConfig({ serviceTimezone: 'America/Mexico_City' }),
  );
  return { lists, screenings, useCase };
}

const fieldsOf = async (attempt: Promise<unknown>) => {
  const error = await attempt.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ValidationFailedError);
  return (error as ValidationFailedError).violations.map((v) => v.field);
};

describe('ScreenNamesUseCase', () => {
  beforeEach(() => {
    // A clock that stands still (Date only: promises and ticks run as usual).
    jest.useFakeTimers({ now: NOW, doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
  });
  afterEach(() => jest.useRealTimers());

  const [FIRST, SECOND, THIRD] = WATCH_LIST_SOURCES;

  it('screens the person against every list, answers the matches best first and stores the answer (never the name), charged', async () => {
    const weak = hit(FIRST, 'k-weak', 0.8, 'possible_match');
    const strong = hit(SECOND, 'k-strong', 0.97, 'match');
    const { lists, screenings, useCase } = setup([weak, hit(FIRST, 'k-none', 0.3, 'no_match'), strong]);

    const result = await useCase.execute(ACME, body(PERSON));

    expect(lists.asked).toEqual([
      {
        subject: expect.objectContaining({ kind: 'person', name: 'Juan', lastName: 'Hernández' }),
        sources: WATCH_LIST_SOURCES,
        reads: { limit: MAX_MATCHES_SHOWN, raw: false },
      },
    ]);
    expect(result).toEqual({
      screeningId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      listsChecked: WATCH_LIST_SOURCES.map((source) => ({ source, version: 3, asOf: '2026-02-01' })),
      matches: [
        expect.objectContaining({ source: SECOND, entryId: 'k-strong', decision: 'match', score: 0.97 }),
        expect.objectContaining({ source: FIRST, entryId: 'k-weak', decision: 'possible_match' }),
      ],
      charged: true,
    });
    expect(screenings.stored).toEqual([
      {
        key: undefined,
        screening: {
          id: result.screeningId,
          clientId: 'acme',
          userId: 'u-1',
          sources: WATCH_LIST_SOURCES,
          listsChecked: result.listsChecked,
          matches: (result.matches as ListMatch[]).map((match) => ({
            ...match,
            comparison: match.comparison.map((row) => ({ ...row, candidate: null })),
          })),
        },
      },
    ]);
    // The answer compares the candidate field by field; what is stored keeps none of its values.
    expect((result.matches as ListMatch[])[0].comparison.slice(0, 4)).toEqual([
      { field: 'givenNames', candidate: 'Juan', listed: 'Pedro', same: false },
      { field: 'paternalSurname', candidate: 'Hernández', listed: 'k', same: false },
      { field: 'maternalSurname', candidate: null, listed: 'strong', same: null },
      { field: 'birthDate', candidate: '1980-05-17', listed: '1980-05-17', same: true },
    ]);
    expect(JSON.stringify(screenings.stored)).not.toMatch(/Juan|Hern/);
  });

  it('reads only the lists asked for, in the catalogue order whatever the order asked', async () => {
    const { lists, screenings, useCase } = setup([hit(FIRST, 'k-1', 0.95, 'match')]);
    const result = await useCase.execute(ACME, body({ ...PERSON, sources: [THIRD, SECOND] }));
    expect(lists.asked[0].sources).toEqual([SECOND, THIRD]);
    expect((result.listsChecked as ListChecked[]).map((l) => l.source)).toEqual([SECOND, THIRD]);
    expect(result.matches).toEqual([]); // the hit on a list not asked for is not read
    expect(screenings.stored[0].screening.sources).toEqual([SECOND, THIRD]);
  });

  it(`shows at most ${MAX_MATCHES_SHOWN} matches, the best ones, however many the lists answer`, async () => {
    const many = Array.from({ length: MAX_MATCHES_SHOWN + 5 }, (_, i) =>
      hit(FIRST, `k-${String(i).padStart(2, '0')}`, 0.9 + i / 1000, 'match'),
    );
    const { useCase } = setup(many);
    const matches = (await useCase.execute(ACME, body(PERSON))).matches as ListMatch[]; // the DTO types them loosely
    expect(matches).toHaveLength(MAX_MATCHES_SHOWN);
    expect(matches[0].entryId).toBe(`k-${MAX_MATCHES_SHOWN + 4}`);
    expect(matches.map((m) => m.entryId)).not.toContain('k-04'); // the five weakest are left out
  });

  it('refuses a birth date after today on the service calendar (400), before screening or storing; today is fine', async () => {
    const { lists, screenings, useCase } = setup();
    // Already today in UTC, still tomorrow in the service's time zone.
    expect(await fieldsOf(useCase.execute(ACME, body({ ...PERSON, birthDate: UTC_TODAY })))).toEqual([
      'birthDate',
    ]);
    expect(lists.asked).toEqual([]);
    expect(screenings.stored).toEqual([]);
    await expect(useCase.execute(ACME, body({ ...PERSON, birthDate: SERVICE_TODAY }))).resolves.toMatchObject(
      {
        charged: true,
      },
    );
  });

  it('asks a user of several clients which one screens (400 without clientId) and stores it under that one', async () => {
    const { lists, screenings, useCase } = setup();
    expect(await fieldsOf(useCase.execute(BOTH, body(PERSON)))).toEqual(['clientId']);
    expect(await fieldsOf(useCase.execute(BOTH, body({ ...PERSON, clientId: 'x'.repeat(65) })))).toEqual([
      'clientId',
    ]);
    // A future birth date and a missing clientId: one 400 naming both.
    expect(await fieldsOf(useCase.execute(BOTH, body({ ...PERSON, birthDate: '2999-01-01' })))).toEqual([
      'birthDate',
      'clientId',
    ]);
    expect(lists.asked).toEqual([]);

    await useCase.execute(BOTH, body({ ...PERSON, clientId: 'initech' }));
    expect(screenings.stored.map((s) => s.screening.clientId)).toEqual(['initech']);
  });

  it('answers 403 for a clientId that is not one of the user’s, screening and storing nothing', async () => {
    const { lists, screenings, useCase } = setup();
    await expect(useCase.execute(ACME, body({ ...PERSON, clientId: 'globex' }))).rejects.toBeInstanceOf(
      ForbiddenError,
    );
    expect(lists.asked).toEqual([]);
    expect(screenings.stored).toEqual([]);
  });

  it("with an Idempotency-Key, stores the screening with the key's claim and answers a retry the same, storing it once", async () => {
    const { screenings, useCase } = setup([hit(FIRST, 'k-1', 0.95, 'match')]);
    const first = await useCase.execute(ACME, body(PERSON), 'key-1');
    const retry = await useCase.execute(ACME, body(PERSON), 'key-1');
    expect(retry).toEqual(first);
    expect((retry.matches as ListMatch[])[0].comparison[0]).toMatchObject({ candidate: 'Juan' });
    expect(screenings.stored.map((s) => [s.key, s.screening.id])).toEqual([['key-1', first.screeningId]]);
  });

  it('answers 422 for the same key with another body, storing nothing more', async () => {
    const { screenings, useCase } = setup();
    await useCase.execute(ACME, body(PERSON), 'key-1');
    await expect(
      useCase.execute(ACME, body({ ...PERSON, lastName: 'López' }), 'key-1'),
    ).rejects.toBeInstanceOf(UnprocessableError);
    expect(screenings.stored).toHaveLength(1);
  });

  it('fails when the write is refused, with or without a key; the same key then stores the screening', async () => {
    const { screenings, useCase } = setup();
    screenings.refuseNext = new Error('deadlock detected');
    await expect(useCase.execute(ACME, body(PERSON))).rejects.toThrow('deadlock detected');
    screenings.refuseNext = new Error('deadlock detected');
    await expect(useCase.execute(ACME, body(PERSON), 'key-1')).rejects.toThrow('deadlock detected');
    expect(screenings.stored).toEqual([]);

    const stored = await useCase.execute(ACME, body(PERSON), 'key-1');
    expect(screenings.stored.map((s) => s.screening.id)).toEqual([stored.screeningId]);
  });
});
