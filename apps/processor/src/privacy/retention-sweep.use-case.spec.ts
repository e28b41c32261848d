import { ClientRetention, RetentionCutOff } from '@app/domain';
import type {
  CandidatePosition,
  RequestRetentionRow,
  RetentionRepository,
  Suppressed,
} from '@app/persistence';
import { CANDIDATES_PER_PAGE, ROWS_PER_TRANSACTION, RetentionSweepUseCase } from './retention-sweep.use-case';

const DAY = 86_400_000;
const NOW = Date.parse('2026-06-01T12:00:00Z');
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

interface StoredRequest extends RequestRetentionRow {
  blockedAt: number | null;
  suppressedAt: number | null;
}
interface StoredSearch {
  id: string;
  clientId: string;
  createdAt: number;
  blockedAt: number | null;
  suppressedAt: number | null;
}

/**
 * The retention tables in memory with the repository's guarantees: candidates by cut-off in
 * (creation, id) order, blocking decided again on the row as it is now, every change conditional.
 */
class InMemoryRetention {
  clientRows: ClientRetention[] = [{ clientId: 'acme', activeDays: 365, blockedDays: 730 }];
  requests: StoredRequest[] = [];
  searches: StoredSearch[] = [];
  events: Array<{ type: string; uuid: string }> = [];
  pagesRead = 0;
  /** Runs between the read of a page and its blocking (another actor's change). */
  meanwhile: () => void = () => undefined;

  private cut(cutOffs: readonly RetentionCutOff[], clientId: string) {
    return cutOffs.find((c) => c.clientId === clientId);
  }

  async clients() {
    return this.clientRows;
  }

  async blockingCandidates(
    cutOffs: readonly RetentionCutOff[],
    after: CandidatePosition | null,
    limit: number,
  ) {
    this.pagesRead += 1;
    const rows = this.requests
      .filter((r) => {
        const cut = this.cut(cutOffs, r.clientId);
        return cut && r.blockedAt === null && r.createdAt <= cut.blockFinishedBy;
      })
      .filter(
        (r) =>
          !after || r.createdAt > Number(after.at) || (r.createdAt === Number(after.at) && r.id > after.id),
      )
      .sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id))
      .slice(0, limit);
    const page = rows.map(({ blockedAt: _b, suppressedAt: _s, ...row }) => ({
      ...structuredClone(row),
      position: { at: String(row.createdAt), id: row.id },
    }));
    this.meanwhile();
    return page;
  }

  async blockRequests(ids: readonly string[], stillDue: (row: RequestRetentionRow) => boolean) {
    const blocked: string[] = [];
    for (const row of this.requests)
      if (ids.includes(row.id) && row.blockedAt === null && stillDue(row)) {
        row.blockedAt = NOW;
        this.events.push({ type: 'candidate_request.blocked', uuid: row.id });
        blocked.push(row.id);
      }
    return blocked;
  }

  async blockDueSearches(cutOffs: readonly RetentionCutOff[], limit: number) {
    const due = this.searches
      .filter(
        (s) => s.blockedAt === null && s.createdAt <= (this.cut(cutOffs, s.clientId)?.blockFinishedBy ?? -1),
      )
      .slice(0, limit);
    for (const s of due) s.blockedAt = NOW;
    return due.map((s) => s.id);
  }

  async suppressDueRequests(cutOffs: readonly RetentionCutOff[], limit: number): Promise<Suppressed> {
    const due = this.requests
      .filter(
        (r) =>
          r.blockedAt !== null &&
          r.suppressedAt === null &&
          r.blockedAt <= (this.cut(cutOffs, r.clientId)?.suppressBlockedBy ?? -1),
      )
      .slice(0, limit);
    for (const r of due) {
      r.suppressedAt = NOW;
      this.events.push({ type: 'candidate_request.suppressed', uuid: r.id });
    }
    return { ids: due.map((r) => r.id), erased: null };
  }

  async suppressDueSearches(cutOffs: readonly RetentionCutOff[], limit: number): Promise<Suppressed> {
    const due = this.searches
      .filter(
        (s) =>
          s.blockedAt !== null &&
          s.suppressedAt === null &&
          s.blockedAt <= (this.cut(cutOffs, s.clientId)?.suppressBlockedBy ?? -1),
      )
      .slice(0, limit);
    for (const s of due) s.suppressedAt = NOW;
    return { ids: due.map((s) => s.id), erased: null };
  }
}

function request(n: number, over: Partial<StoredRequest> = {}): StoredRequest {
  return {
    id: id(n),
    clientId: 'acme',
    createdAt: NOW - 400 * DAY,
    processes: [{ status: 'Finalizado', endDate: NOW - 366 * DAY }],
    monitored: false,
    blockedAt: null,
    suppressedAt: null,
    ...over,
  };
}

function setup() {
  const store = new InMemoryRetention();
  return { store, sweep: new RetentionSweepUseCase(store as unknown as RetentionRepository, () => NOW) };
}

describe('RetentionSweepUseCase', () => {
  it('blocks the requests and searches that are due, and no others', async () => {
    const { store, sweep } = setup();
    store.requests = [
      request(1),
      request(2, { processes: [{ status: 'Finalizado', endDate: NOW - 100 * DAY }] }),
      request(3, { monitored: true }),
      request(4, { processes: [{ status: 'En proceso', endDate: null }] }),
      request(5, { createdAt: NOW - DAY, processes: [] }),
    ];
    store.searches = [
      { id: id(10), clientId: 'acme', createdAt: NOW - 365 * DAY, blockedAt: null, suppressedAt: null },
      { id: id(11), clientId: 'acme', createdAt: NOW - 364 * DAY, blockedAt: null, suppressedAt: null },
    ];
    expect(await sweep.execute()).toEqual({
      requestsBlocked: 1,
      searchesBlocked: 1,
      requestsSuppressed: 0,
      searchesSuppressed: 0,
    });
    expect(store.requests.filter((r) => r.blockedAt !== null).map((r) => r.id)).toEqual([id(1)]);
    expect(store.searches.filter((s) => s.blockedAt !== null).map((s) => s.id)).toEqual([id(10)]);
    expect(store.events).toEqual([{ type: 'candidate_request.blocked', uuid: id(1) }]);
  });

  it("uses each client's own settings", async () => {
    const { store, sweep } = setup();
    store.clientRows = [
      { clientId: 'acme', activeDays: 365, blockedDays: 730 },
      { clientId: 'globex', activeDays: 30, blockedDays: 0 },
    ];
    const recent = {
      createdAt: NOW - 40 * DAY,
      processes: [{ status: 'Finalizado', endDate: NOW - 31 * DAY }],
    };
    store.requests = [request(1, recent), request(2, { ...recent, clientId: 'globex' })];
    await sweep.execute();
    expect(store.requests.map((r) => r.blockedAt !== null)).toEqual([false, true]);
  });

  it('decides again on the row as it is when blocking: a monitor created meanwhile keeps it', async () => {
    const { store, sweep } = setup();
    store.requests = [request(1), request(2)];
    store.meanwhile = () => {
      store.requests[0].monitored = true;
    };
    await sweep.execute();
    expect(store.requests.map((r) => r.blockedAt !== null)).toEqual([false, true]);
  });

  it('walks every page of candidates, however many are kept (monitored) before the due ones', async () => {
    const { store, sweep } = setup();
    // All created at the same instant: the page's position must still move on.
    const kept = Array.from({ length: CANDIDATES_PER_PAGE + 5 }, (_, n) =>
      request(n + 1, { createdAt: NOW - 500 * DAY, monitored: true }),
    );
    store.requests = [...kept, request(99_999)];
    expect((await sweep.execute()).requestsBlocked).toBe(1);
    expect(store.pagesRead).toBe(2);
  });

  it('suppresses blocked rows blockedDays after their blocking, in transactions of a bounded size', async () => {
    const { store, sweep } = setup();
    store.clientRows = [{ clientId: 'acme', activeDays: 365, blockedDays: 10 }];
    const blocked = { blockedAt: NOW - 10 * DAY };
    store.requests = Array.from({ length: ROWS_PER_TRANSACTION + 1 }, (_, n) => request(n + 1, blocked));
    store.requests.push(request(5_000, { blockedAt: NOW - 9 * DAY }));
    store.searches = [
      { id: id(7_000), clientId: 'acme', createdAt: 0, blockedAt: NOW - 11 * DAY, suppressedAt: null },
    ];
    expect(await sweep.execute()).toEqual({
      requestsBlocked: 0,
      searchesBlocked: 0,
      requestsSuppressed: ROWS_PER_TRANSACTION + 1,
      searchesSuppressed: 1,
    });
    expect(store.requests.filter((r) => r.suppressedAt === null).map((r) => r.id)).toEqual([id(5_000)]);
  });

  it('does everything once when it runs twice, or twice at once', async () => {
    const { store, sweep } = setup();
    store.clientRows = [{ clientId: 'acme', activeDays: 365, blockedDays: 0 }];
    store.requests = [request(1), request(2)];
    await Promise.all([sweep.execute(), sweep.execute()]);
    await sweep.execute();
    await sweep.execute();
    expect(store.events.map((e) => `${e.type} ${e.uuid}`).sort()).toEqual([
      `candidate_request.blocked ${id(1)}`,
      `candidate_request.blocked ${id(2)}`,
      `candidate_request.suppressed ${id(1)}`,
      `candidate_request.suppressed ${id(2)}`,
    ]);
  });
});
