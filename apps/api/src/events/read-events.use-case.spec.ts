// The persistence barrel loads Nest (ESM-only, see docs/architecture.md): the event repository's
// module alone gives the use case its id parser.
jest.mock('@nestjs/common', () => jest.requireActual('@app/platform/testing/nest-common.stub'));
jest.mock('@app/persistence', () => jest.requireActual('@app/persistence/repositories/event.repository'));

import { ForbiddenError, GoneError, ValidationFailedError } from '@app/domain';
import type { EventPosition, EventRepository, StoredEvent } from '@app/persistence';
import { AuthUser } from '../auth/auth-user';
import { ReadEventsUseCase } from './read-events.use-case';
import { testUser } from '../auth/test-users.fixture';

const MULTI: AuthUser = testUser({
  userId: 'u-1',
  client: 'acme',
  clients: ['acme', 'globex'],
  sessionId: 's-1',
});

/** The event log in memory, in log order, as retention left it (the oldest may be gone). */
class InMemoryLog {
  readonly events: Array<StoredEvent & { position: EventPosition }> = [];
  /** Positions at or below this were deleted by retention. */
  retainedAfter = 0;
  readonly pages: Array<{
    clients: string[];
    after: EventPosition | null;
    types: string[] | null;
    limit: number;
  }> = [];

  add(clientId: string, type: string): string {
    const seq = String(this.events.length + 1);
    const id = `evt_100_${seq}`;
    this.events.push({ id, type, clientId, createdAt: 0, data: {}, position: { txId: '100', seq } });
    return id;
  }

  async locate(clients: string[], position: EventPosition): Promise<'found' | 'expired' | 'unknown'> {
    if (Number(position.seq) <= this.retainedAfter) return 'expired';
    return this.events.some((e) => e.position.seq === position.seq && clients.includes(e.clientId))
      ? 'found'
      : 'unknown';
  }

  async page(
    clients: string[],
    filter: { after: EventPosition | null; types: string[] | null; limit: number },
  ) {
    this.pages.push({ clients, ...filter });
    const after = Number(filter.after?.seq ?? 0);
    const matching = this.events.filter(
      (e) =>
        Number(e.position.seq) > Math.max(after, this.retainedAfter) &&
        clients.includes(e.clientId) &&
        (!filter.types || filter.types.includes(e.type)),
    );
    return {
      events: matching.slice(0, filter.limit).map(({ position: _p, ...event }) => event),
      hasMore: matching.length > filter.limit,
    };
  }
}

function setup() {
  const log = new InMemoryLog();
  return { log, useCase: new ReadEventsUseCase(log as unknown as EventRepository) };
}

describe('ReadEventsUseCase', () => {
  it("pages the caller's events after a cursor, oldest first, saying whether more follow", async () => {
    const { log, useCase } = setup();
    const first = log.add('acme', 'candidate_request.created');
    log.add('initech', 'candidate_request.created');
    const second = log.add('globex', 'process.started');
    const third = log.add('acme', 'process.finished');
    const page = await useCase.execute(MULTI, { after: first, limit: '1' });
    expect(page).toEqual({ data: [expect.objectContaining({ id: second })], hasMore: true });
    const rest = await useCase.execute(MULTI, { after: second });
    expect(rest).toEqual({ data: [expect.objectContaining({ id: third })], hasMore: false });
  });

  it('narrows to one of the caller clients and to types, and refuses a client not theirs (403)', async () => {
    const { log, useCase } = setup();
    log.add('acme', 'process.started');
    const globex = log.add('globex', 'process.finished');
    expect((await useCase.execute(MULTI, { clientId: 'globex', types: 'process.finished' })).data).toEqual([
      expect.objectContaining({ id: globex }),
    ]);
    await expect(useCase.execute(MULTI, { clientId: 'initech' })).rejects.toBeInstanceOf(ForbiddenError);
  });

  it('answers 410 for a cursor retention has removed: the client starts again', async () => {
    const { log, useCase } = setup();
    const old = log.add('acme', 'process.started');
    log.add('acme', 'process.finished');
    log.retainedAfter = 1;
    await expect(useCase.execute(MULTI, { after: old })).rejects.toBeInstanceOf(GoneError);
  });

  it("answers 400 for a cursor that is another client's event, or no event id, without paging", async () => {
    const { log, useCase } = setup();
    const theirs = log.add('initech', 'process.started');
    for (const after of [theirs, 'evt_nope', 'evt_100_999'])
      await expect(useCase.execute(MULTI, { after })).rejects.toMatchObject({
        violations: [expect.objectContaining({ field: 'after' })],
      });
    expect(log.pages).toEqual([]);
  });

  it('refuses a query the domain refuses (400)', async () => {
    const { useCase } = setup();
    await expect(useCase.execute(MULTI, { limit: '0' })).rejects.toBeInstanceOf(ValidationFailedError);
  });
});
