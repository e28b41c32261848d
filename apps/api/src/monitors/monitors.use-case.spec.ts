// ../common/validation loads @nestjs/common (ESM-only in Nest 12): the stub stands in for it.
jest.mock('@nestjs/common', () => jest.requireActual('@app/platform/testing/nest-common.stub'));

import {
  ALERT_REVIEW_STATUSES,
  BLOCKED_REQUEST_MESSAGE,
  GoneError,
  ALERT_STATUSES,
  ConflictError,
  DEFAULT_MONITOR_DAYS,
  givenNameWords,
  LEGAL_PROCESS,
  LEGAL_RECORDS_SOURCE,
  MAX_ALERT_NOTE_LENGTH,
  MAX_MONITOR_DAYS,
  MONITOR_SOURCES,
  MonitorSource,
  normalizeName,
  NotFoundError,
  PROCESS_TYPES,
  ValidationFailedError,
  WATCH_LIST_SOURCES,
} from '@app/domain';
import type {
  MatchQuery,
  MonitorAlertRow,
  MonitoredRequest,
  MonitorRepository,
  MonitorRow,
} from '@app/persistence';
import { testConfig } from '@app/platform/config/app-config.fixture';
import { SubjectData, type SubjectDataStore } from '@app/application/privacy/subject-data';
import { AuthUser } from '../auth/auth-user';
import { ACME, GLOBEX, testUser } from '../auth/test-users.fixture';
import {
  ALERT_NOT_FOUND,
  MONITOR_NOT_FOUND,
  MonitorsUseCase,
  REQUEST_NOT_FOUND,
  type CreateMonitorCommand,
  type ReviewAlertCommand,
} from './monitors.use-case';

const DAY_MS = 86_400_000;
/** The fake clock: 03:00 UTC on 1 March is still 28 February in the service's time zone (UTC-6). */
const NOW = Date.UTC(2026, 2, 1, 3, 0, 0);
const SERVICE_TIMEZONE = 'America/Mexico_City';

/** One user acting for two clients: their default and another. */
const BOTH: AuthUser = testUser({
  userId: 'u-3',
  client: 'acme',
  clients: ['acme', 'initech'],
  sessionId: 's-3',
});
const uuid = (n: number) => `5f0c7a8e-1111-4222-8333-${String(n).padStart(12, '0')}`;

// Processes from the catalogue: those that answer from watch lists, BGC Legal, and one of neither.
const LIST_PROCESSES = PROCESS_TYPES.filter((t) => t.watchLists).map((t) => t.name);
const PROVIDER_ONLY = PROCESS_TYPES.find((t) => !t.watchLists && t.name !== LEGAL_PROCESS)!.name;
const FIRST_LIST = PROCESS_TYPES.find((t) => t.watchLists)!;

const person = (n: number, clientId: string, processNames: string[]): MonitoredRequest => ({
  requestId: uuid(n),
  clientId,
  processNames,
  personType: 'individual',
  blocked: false,
  name: ' Juan  Carlos ',
  lastName: 'Hernández',
  secondLastName: 'Núñez',
  birthDate: '1990-04-12',
  rfc: `HENJ900412${String(n).padStart(3, '0')}`,
  curp: null,
});
const REQ_EVERYTHING = person(1, 'acme', [...LIST_PROCESSES, LEGAL_PROCESS, PROVIDER_ONLY]);
const REQ_ONE_LIST = person(2, 'acme', [FIRST_LIST.name, PROVIDER_ONLY]);
const REQ_CORPORATE: MonitoredRequest = {
  ...person(3, 'acme', [LEGAL_PROCESS]),
  personType: 'corporate',
  name: null,
  lastName: null,
  secondLastName: null,
};
const REQ_NO_SURNAME: MonitoredRequest = { ...person(4, 'acme', [LEGAL_PROCESS]), lastName: null };
const REQ_GLOBEX = person(5, 'globex', LIST_PROCESSES);
const REQ_INITECH = person(6, 'initech', LIST_PROCESSES);
const REQ_NOTHING_WATCHED = person(7, 'acme', [PROVIDER_ONLY]);
const REQ_BLOCKED: MonitoredRequest = { ...person(8, 'acme', LIST_PROCESSES), blocked: true };
/** Read unblocked, blocked by the time the monitor is written (the share lock saw the blocking). */
const REQ_BLOCKED_MEANWHILE = person(9, 'acme', LIST_PROCESSES);

type StoredMonitor = MonitorRow & {
  clientId: string;
  createdBy: string;
  legalQuery: MatchQuery | null;
  period: string;
};

/** The monitor tables in memory, scoped by client as the repository's statements are. */
class InMemoryMonitors {
  readonly requests: MonitoredRequest[] = [
    REQ_NOTHING_WATCHED,
    REQ_EVERYTHING,
    REQ_ONE_LIST,
    REQ_CORPORATE,
    REQ_NO_SURNAME,
    REQ_GLOBEX,
    REQ_INITECH,
    REQ_BLOCKED,
    REQ_BLOCKED_MEANWHILE,
  ];
  readonly monitors: StoredMonitor[] = [];
  readonly alerts: Array<MonitorAlertRow & { clientId: string }> = [];
  /** The ledger's MONITOR_MONTH charges: written with the monitor, in the same statement. */
  readonly charges: Array<{ monitorId: string; period: string }> = [];
  /** Every call that reached the repository, by method. */
  readonly asked: string[] = [];

  private clientOf = (monitorId: string) => this.monitors.find((m) => m.id === monitorId)?.clientId;
  private row = ({ clientId: _c, createdBy: _b, legalQuery: _q, period: _p, ...row }: StoredMonitor) => row;

  async request(requestId: string, clientIds: string[]): Promise<MonitoredRequest | null> {
    this.asked.push('request');
    return this.requests.find((r) => r.requestId === requestId && clientIds.includes(r.clientId)) ?? null;
  }

  async create(monitor: Omit<StoredMonitor, 'status' | 'candidateRequestUuid'> & { requestId: string }) {
    this.asked.push('create');
    if (monitor.requestId === REQ_BLOCKED_MEANWHILE.requestId || monitor.requestId === REQ_BLOCKED.requestId)
      return 'blocked' as const;
    // The partial unique index: one active monitor per request.
    if (this.monitors.some((m) => m.candidateRequestUuid === monitor.requestId && m.status === 'active'))
      return null;
    const { requestId, ...rest } = monitor;
    const stored: StoredMonitor = { ...rest, candidateRequestUuid: requestId, status: 'active' };
    this.monitors.unshift(stored); // newest first
    this.charges.push({ monitorId: stored.id, period: stored.period });
    return this.row(stored);
  }

  async find(id: string, clientIds: string[]): Promise<MonitorRow | null> {
    this.asked.push('find');
    const found = this.monitors.find((m) => m.id === id && clientIds.includes(m.clientId));
    return found ? this.row(found) : null;
  }

  async list(clientIds: string[], filter: { status?: string; page: number; limit: number }) {
    this.asked.push('list');
    const rows = this.monitors.filter(
      (m) => clientIds.includes(m.clientId) && (filter.status === undefined || m.status === filter.status),
    );
    return { rows: page(rows, filter).map(this.row), total: rows.length };
  }

  async stop(id: string, clientIds: string[]): Promise<boolean> {
    this.asked.push('stop');
    const found = this.monitors.find((m) => m.id === id && clientIds.includes(m.clientId));
    if (found?.status === 'active') found.status = 'stopped';
    return found !== undefined;
  }

  async alertsOf(monitorId: string, filter: { status?: string; page: number; limit: number }) {
    this.asked.push('alertsOf');
    return this.alertPage((a) => a.monitorId === monitorId, filter);
  }

  async alertsOfClients(clientIds: string[], filter: { status?: string; page: number; limit: number }) {
    this.asked.push('alertsOfClients');
    return this.alertPage((a) => clientIds.includes(a.clientId), filter);
  }

  async review(
    id: string,
    clientIds: string[],
    review: { status: MonitorAlertRow['status']; note: string | null; userId: string },
  ): Promise<MonitorAlertRow | null> {
    this.asked.push('review');
    const found = this.alerts.find((a) => a.id === id && clientIds.includes(a.clientId));
    if (!found) return null;
    Object.assign(found, {
      status: review.status,
      note: review.note,
      reviewedBy: review.userId,
      reviewedAt: NOW,
    });
    const { clientId: _c, ...row } = found;
    return row;
  }

  /** An alert of a monitor, newest first. */
  raise(monitorId: string, status: MonitorAlertRow['status'] = 'open'): MonitorAlertRow {
    const alert = {
      id: uuid(1000 + this.alerts.length),
      monitorId,
      candidateRequestUuid: this.monitors.find((m) => m.id === monitorId)!.candidateRequestUuid,
      source: FIRST_LIST.watchLists![0],
      version: 2,
      entryId: `entry-${this.alerts.length}`,
      kind: 'new_match' as const,
      match: {
        score: 0.97,
        decision: 'match' as const,
        features: [],
        listedName: 'X',
        listStatus: 'SDNT',
        comparison: [],
      },
      status,
      createdAt: NOW,
      reviewedAt: null,
      reviewedBy: null,
      note: null,
    };
    this.alerts.unshift({ ...alert, clientId: this.clientOf(monitorId)! });
    return alert;
  }

  private alertPage(
    where: (alert: MonitorAlertRow & { clientId: string }) => boolean,
    filter: { status?: string; page: number; limit: number },
  ) {
    const rows = this.alerts.filter(
      (a) => where(a) && (filter.status === undefined || a.status === filter.status),
    );
    return { rows: page(rows, filter).map(({ clientId: _c, ...row }) => row), total: rows.length };
  }
}

const page = <T>(rows: T[], { page: n, limit }: { page: number; limit: number }) =>
  rows.slice((n - 1) * limit, n * limit);

/** Granted oppositions, narrowed as the repository's statement narrows them (client, RFC, CURP, birth date). */
class InMemoryOppositions implements Pick<SubjectDataStore, 'grantedOppositionsLike'> {
  readonly granted: Array<{ id: string; clientId: string; subject: Record<string, string> }> = [];

  async grantedOppositionsLike(
    clientId: string,
    like: { rfcs: readonly string[]; curps: readonly string[]; birthDate: string | null },
  ) {
    return this.granted.filter(
      (o) =>
        o.clientId === clientId &&
        (like.rfcs.includes(o.subject.rfc) ||
          like.curps.includes(o.subject.curp) ||
          o.subject.birthDate === like.birthDate),
    );
  }
}

function setup() {
  const store = new InMemoryMonitors();
  const oppositions = new InMemoryOppositions();
  const useCase = new MonitorsUseCase(
    store as unknown as MonitorRepository,
    testConfig({ serviceTimezone: SERVICE_TIMEZONE }),
    new SubjectData(oppositions as unknown as SubjectDataStore),
    {
      reviewAlert: (user, id, review) => store.review(id, user.clients, { ...review, userId: user.userId }),
    },
  );
  return { store, useCase, oppositions };
}

const create = (body: object) => body as CreateMonitorCommand;
const review = (body: object) => body as ReviewAlertCommand;
const violationsOf = (error: unknown) => (error as ValidationFailedError).violations.map((v) => v.field);

describe('MonitorsUseCase', () => {
  beforeEach(() => {
    // A clock that stands still (Date only: promises and ticks run as usual).
    jest.useFakeTimers({ now: NOW, doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
  });
  afterEach(() => jest.useRealTimers());

  describe('create', () => {
    it('watches every source the request calls for, for a year by default, charging its first month', async () => {
      const { store, useCase } = setup();
      const created = await useCase.create(ACME, create({ candidateRequestUuid: REQ_EVERYTHING.requestId }));
      expect(created).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        candidateRequestUuid: REQ_EVERYTHING.requestId,
        // Every list process, plus BGC Legal's corpus: every source there is.
        sources: [...MONITOR_SOURCES],
        status: 'active',
        createdAt: NOW,
        expiresAt: NOW + DEFAULT_MONITOR_DAYS * DAY_MS,
      });
      expect(store.monitors[0]).toMatchObject({ clientId: 'acme', createdBy: 'u-1' });
      // The month of the service's calendar, not UTC's (already March there).
      expect(store.charges).toEqual([{ monitorId: created.id, period: '2026-02' }]);
    });

    it("watches only the lists of the request's processes, and no corpus without BGC Legal", async () => {
      const { store, useCase } = setup();
      const created = await useCase.create(ACME, create({ candidateRequestUuid: REQ_ONE_LIST.requestId }));
      expect(created.sources).toEqual(WATCH_LIST_SOURCES.filter((s) => FIRST_LIST.watchLists!.includes(s)));
      expect(created.sources).not.toContain(LEGAL_RECORDS_SOURCE);
      expect(store.monitors[0].legalQuery).toEqual({
        givenWords: givenNameWords(REQ_ONE_LIST.name!),
        lastName: normalizeName(REQ_ONE_LIST.lastName!),
        secondLastName: normalizeName(REQ_ONE_LIST.secondLastName!),
      });
    });

    it('keeps no legal name query for a company or a person without a surname (BGC Legal reads nothing for them)', async () => {
      const { store, useCase } = setup();
      for (const request of [REQ_CORPORATE, REQ_NO_SURNAME]) {
        const created = await useCase.create(ACME, create({ candidateRequestUuid: request.requestId }));
        expect(created.sources).toEqual([LEGAL_RECORDS_SOURCE as MonitorSource]);
        expect(store.monitors[0].legalQuery).toBeNull();
      }
    });

    it("belongs to the request's client, whichever of the user's clients that is", async () => {
      const { store, useCase } = setup();
      await useCase.create(BOTH, create({ candidateRequestUuid: REQ_INITECH.requestId }));
      expect(store.monitors[0].clientId).toBe('initech');
    });

    it('lasts until expiresAt when given: from the next millisecond up to ten years, both ends included', async () => {
      const { store, useCase } = setup();
      const latest = NOW + MAX_MONITOR_DAYS * DAY_MS;
      const a = await useCase.create(
        ACME,
        create({ candidateRequestUuid: REQ_EVERYTHING.requestId, expiresAt: NOW + 1 }),
      );
      const b = await useCase.create(
        ACME,
        create({ candidateRequestUuid: REQ_ONE_LIST.requestId, expiresAt: latest }),
      );
      expect([a.expiresAt, b.expiresAt]).toEqual([NOW + 1, latest]);
      expect(store.monitors).toHaveLength(2);
    });

    it('answers 400 naming each field the domain refuses, before reading the request', async () => {
      const { store, useCase } = setup();
      const cases: Array<[object, string[]]> = [
        [{}, ['candidateRequestUuid']],
        [{ candidateRequestUuid: 'not-a-uuid' }, ['candidateRequestUuid']],
        [{ candidateRequestUuid: 42 }, ['candidateRequestUuid']],
        [{ candidateRequestUuid: REQ_EVERYTHING.requestId, expiresAt: NOW }, ['expiresAt']],
        [{ candidateRequestUuid: REQ_EVERYTHING.requestId, expiresAt: NOW - DAY_MS }, ['expiresAt']],
        [
          { candidateRequestUuid: REQ_EVERYTHING.requestId, expiresAt: NOW + MAX_MONITOR_DAYS * DAY_MS + 1 },
          ['expiresAt'],
        ],
        [{ candidateRequestUuid: REQ_EVERYTHING.requestId, expiresAt: '2027-01-01' }, ['expiresAt']],
        [{ candidateRequestUuid: 'x', expiresAt: 1.5 }, ['candidateRequestUuid', 'expiresAt']],
      ];
      for (const [body, fields] of cases) {
        const error = await useCase.create(ACME, create(body)).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(ValidationFailedError);
        expect(violationsOf(error)).toEqual(fields);
      }
      expect(store.asked).toEqual([]);
    });

    it('answers 400 for a request whose processes watch no source, creating and charging nothing', async () => {
      const { store, useCase } = setup();
      const refusal = await useCase
        .create(ACME, create({ candidateRequestUuid: REQ_NOTHING_WATCHED.requestId }))
        .catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(ValidationFailedError);
      expect(violationsOf(refusal)).toEqual(['candidateRequestUuid']);
      expect(store.monitors).toEqual([]);
      expect(store.charges).toEqual([]);
    });

    it("answers 404 for another client's request or an unknown one, creating and charging nothing", async () => {
      const { store, useCase } = setup();
      for (const [user, requestId] of [
        [ACME, REQ_GLOBEX.requestId],
        [GLOBEX, REQ_EVERYTHING.requestId],
        [ACME, uuid(99)],
      ] as const)
        await expect(useCase.create(user, create({ candidateRequestUuid: requestId }))).rejects.toEqual(
          new NotFoundError(REQUEST_NOT_FOUND),
        );
      expect(store.monitors).toEqual([]);
      expect(store.charges).toEqual([]);
    });

    it('answers 409 naming the opposition for a candidate who opposed, by RFC or by name and birth date, and creates nothing', async () => {
      const opposedByRfc = '9c2e4a6b-8d0f-4e1a-b3c5-d7e9f1a3b5c7';
      const opposedByName = '1d3f5a7b-9c0e-4f2a-8b4c-6d8e0f2a4b6c';
      for (const [id, subject] of [
        [opposedByRfc, { rfc: REQ_EVERYTHING.rfc! }],
        [
          opposedByName,
          { name: 'JUAN CARLOS', lastName: 'hernandez', secondLastName: 'Nunez', birthDate: '1990-04-12' },
        ],
      ] as const) {
        const { store, useCase, oppositions } = setup();
        oppositions.granted.push({ id, clientId: 'acme', subject });
        const refused = useCase.create(ACME, create({ candidateRequestUuid: REQ_EVERYTHING.requestId }));
        await expect(refused).rejects.toBeInstanceOf(ConflictError);
        await expect(refused).rejects.toThrow(`privacy request ${id}, opposition granted`);
        expect(store.monitors).toEqual([]);
        expect(store.charges).toEqual([]);
      }
    });

    it("watches a namesake born another day, another RFC, and anyone when the opposition is another client's", async () => {
      const { store, useCase, oppositions } = setup();
      oppositions.granted.push(
        { id: 'o-1', clientId: 'acme', subject: { rfc: 'HENJ900412XXX' } },
        {
          id: 'o-2',
          clientId: 'acme',
          subject: {
            name: 'Juan Carlos',
            lastName: 'Hernández',
            secondLastName: 'Núñez',
            birthDate: '1990-04-13',
          },
        },
        { id: 'o-3', clientId: 'globex', subject: { rfc: REQ_EVERYTHING.rfc! } },
      );
      await useCase.create(ACME, create({ candidateRequestUuid: REQ_EVERYTHING.requestId }));
      expect(store.monitors).toHaveLength(1);
    });

    it('answers 410 for a blocked request, read blocked or blocked while the monitor was written, creating nothing', async () => {
      const { store, useCase } = setup();
      for (const request of [REQ_BLOCKED, REQ_BLOCKED_MEANWHILE])
        await expect(
          useCase.create(ACME, create({ candidateRequestUuid: request.requestId })),
        ).rejects.toEqual(new GoneError(BLOCKED_REQUEST_MESSAGE));
      expect(store.monitors).toEqual([]);
      expect(store.charges).toEqual([]);
      // A request read blocked is not written at all.
      expect(store.asked.filter((a) => a === 'create')).toHaveLength(1);
    });

    it('answers 409 for a second active monitor of the request; once it is stopped, a new one can start', async () => {
      const { store, useCase } = setup();
      const body = create({ candidateRequestUuid: REQ_EVERYTHING.requestId });
      const first = await useCase.create(ACME, body);
      await expect(useCase.create(ACME, body)).rejects.toBeInstanceOf(ConflictError);
      expect(store.monitors).toHaveLength(1);
      expect(store.charges).toHaveLength(1);

      await useCase.stop(ACME, first.id);
      const second = await useCase.create(ACME, body);
      expect(second.id).not.toBe(first.id);
      expect(store.charges.map((c) => c.monitorId)).toEqual([first.id, second.id]);
    });
    it('fails with the error of a refused write (not a 409), and leaves no monitor or charge', async () => {
      const { store, useCase } = setup();
      store.create = async () => {
        throw new Error('connection terminated');
      };
      await expect(
        useCase.create(ACME, create({ candidateRequestUuid: REQ_EVERYTHING.requestId })),
      ).rejects.toThrow('connection terminated');
      expect(store.monitors).toEqual([]);
      expect(store.charges).toEqual([]);
    });
  });

  describe('read', () => {
    it("lists the caller's clients' monitors newest first, by status, a page at a time", async () => {
      const { useCase } = setup();
      const oldest = await useCase.create(ACME, create({ candidateRequestUuid: REQ_EVERYTHING.requestId }));
      await useCase.create(GLOBEX, create({ candidateRequestUuid: REQ_GLOBEX.requestId }));
      const newest = await useCase.create(ACME, create({ candidateRequestUuid: REQ_ONE_LIST.requestId }));
      await useCase.stop(ACME, oldest.id);

      expect(await useCase.list(ACME, { page: 1, limit: 1 })).toEqual({
        data: [newest],
        page: 1,
        limit: 1,
        total: 2,
      });
      expect(await useCase.list(ACME, { page: 2, limit: 1 })).toEqual({
        data: [{ ...oldest, status: 'stopped' }],
        page: 2,
        limit: 1,
        total: 2,
      });
      expect(await useCase.list(ACME, { page: 3, limit: 1 })).toEqual({
        data: [],
        page: 3,
        limit: 1,
        total: 2,
      });
      expect(
        (await useCase.list(ACME, { status: 'stopped', page: 1, limit: 10 })).data.map((m) => m.id),
      ).toEqual([oldest.id]);
    });

    it('reads a monitor past its time as expired before the sweep marks it; a stopped one stays stopped', async () => {
      const { useCase } = setup();
      const running = await useCase.create(
        ACME,
        create({ candidateRequestUuid: REQ_EVERYTHING.requestId, expiresAt: NOW + DAY_MS }),
      );
      const stopped = await useCase.create(
        ACME,
        create({ candidateRequestUuid: REQ_ONE_LIST.requestId, expiresAt: NOW + DAY_MS }),
      );
      await useCase.stop(ACME, stopped.id);
      expect((await useCase.get(ACME, running.id)).status).toBe('active');

      jest.setSystemTime(NOW + DAY_MS - 1);
      expect((await useCase.get(ACME, running.id)).status).toBe('active');
      jest.setSystemTime(NOW + DAY_MS);
      expect((await useCase.get(ACME, running.id)).status).toBe('expired');
      expect((await useCase.get(ACME, stopped.id)).status).toBe('stopped');
      expect((await useCase.list(ACME, { page: 1, limit: 10 })).data.map((m) => m.status).sort()).toEqual([
        'expired',
        'stopped',
      ]);
    });

    it("answers 404 for another client's monitor or an id that is no uuid, to get and to its alerts", async () => {
      const { store, useCase } = setup();
      const { id } = await useCase.create(ACME, create({ candidateRequestUuid: REQ_EVERYTHING.requestId }));
      store.raise(id);
      store.asked.length = 0;
      for (const attempt of [
        () => useCase.get(GLOBEX, id),
        () => useCase.get(ACME, uuid(99)),
        () => useCase.alertsOf(GLOBEX, id, { page: 1, limit: 10 }),
        () => useCase.get(ACME, 'not-a-uuid'),
        () => useCase.alertsOf(ACME, 'not-a-uuid', { page: 1, limit: 10 }),
      ])
        await expect(attempt()).rejects.toEqual(new NotFoundError(MONITOR_NOT_FOUND));
      // The ids that are no uuid never reach the database; the alerts are never read.
      expect(store.asked).toEqual(['find', 'find', 'find']);
    });

    it("pages a monitor's alerts, and every alert of the caller's clients, by status", async () => {
      const { store, useCase } = setup();
      const mine = await useCase.create(ACME, create({ candidateRequestUuid: REQ_EVERYTHING.requestId }));
      const alsoMine = await useCase.create(ACME, create({ candidateRequestUuid: REQ_ONE_LIST.requestId }));
      const theirs = await useCase.create(GLOBEX, create({ candidateRequestUuid: REQ_GLOBEX.requestId }));
      const [open, dismissed] = ALERT_STATUSES;
      const first = store.raise(mine.id, open);
      const second = store.raise(mine.id, dismissed);
      const other = store.raise(alsoMine.id, open);
      store.raise(theirs.id, open);

      expect(await useCase.alertsOf(ACME, mine.id, { page: 1, limit: 1 })).toEqual({
        data: [second],
        page: 1,
        limit: 1,
        total: 2,
      });
      expect((await useCase.alertsOf(ACME, mine.id, { status: open, page: 1, limit: 10 })).data).toEqual([
        first,
      ]);
      expect(await useCase.alerts(ACME, { status: open, page: 1, limit: 10 })).toEqual({
        data: [other, first],
        page: 1,
        limit: 10,
        total: 2,
      });
      expect((await useCase.alerts(ACME, { page: 2, limit: 2 })).data).toEqual([first]);
    });
  });

  describe('stop', () => {
    it('stops an active monitor, and answers a monitor already stopped the same (no error)', async () => {
      const { store, useCase } = setup();
      const { id } = await useCase.create(ACME, create({ candidateRequestUuid: REQ_EVERYTHING.requestId }));
      await expect(useCase.stop(ACME, id)).resolves.toBeUndefined();
      await expect(useCase.stop(ACME, id)).resolves.toBeUndefined();
      expect(store.monitors[0].status).toBe('stopped');
    });

    it("answers 404 for another client's monitor, an unknown one or an id that is no uuid, stopping nothing", async () => {
      const { store, useCase } = setup();
      const { id } = await useCase.create(ACME, create({ candidateRequestUuid: REQ_EVERYTHING.requestId }));
      store.asked.length = 0;
      for (const [user, monitorId] of [
        [GLOBEX, id],
        [ACME, uuid(99)],
        [ACME, 'not-a-uuid'],
      ] as const)
        await expect(useCase.stop(user, monitorId)).rejects.toEqual(new NotFoundError(MONITOR_NOT_FOUND));
      expect(store.monitors[0].status).toBe('active');
      expect(store.asked).toEqual(['stop', 'stop']);
    });
  });

  describe('review', () => {
    async function withAlert() {
      const { store, useCase } = setup();
      const { id } = await useCase.create(ACME, create({ candidateRequestUuid: REQ_EVERYTHING.requestId }));
      return { store, useCase, alert: store.raise(id) };
    }

    it('records each review status with who reviewed and the note (null when none)', async () => {
      const { useCase, alert } = await withAlert();
      const [first, second] = ALERT_REVIEW_STATUSES;
      expect(await useCase.review(ACME, alert.id, review({ status: first, note: 'Homónimo' }))).toEqual({
        ...alert,
        status: first,
        note: 'Homónimo',
        reviewedBy: 'u-1',
        reviewedAt: NOW,
      });
      expect(await useCase.review(ACME, alert.id, review({ status: second }))).toMatchObject({
        status: second,
        note: null,
      });
    });

    it(`takes a note of up to ${MAX_ALERT_NOTE_LENGTH} characters, and answers 400 for one longer, changing nothing`, async () => {
      const { store, useCase, alert } = await withAlert();
      const [status] = ALERT_REVIEW_STATUSES;
      const longest = 'ñ'.repeat(MAX_ALERT_NOTE_LENGTH); // characters, not UTF-16 units or bytes
      await expect(useCase.review(ACME, alert.id, review({ status, note: longest }))).resolves.toMatchObject({
        note: longest,
      });
      const error = await useCase
        .review(ACME, alert.id, review({ status, note: `${longest}x` }))
        .catch((e: unknown) => e);
      expect(violationsOf(error)).toEqual(['note']);
      expect(store.alerts[0].note).toBe(longest);
    });

    it('answers 400 for a missing status or one that is no review, before touching the alert', async () => {
      const { store, useCase, alert } = await withAlert();
      store.asked.length = 0;
      for (const body of [
        {},
        { status: 'open' },
        { status: 'maybe' },
        { status: ALERT_REVIEW_STATUSES[0], note: 7 },
      ]) {
        const error = await useCase.review(ACME, alert.id, review(body)).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(ValidationFailedError);
      }
      expect(store.asked).toEqual([]);
      expect(store.alerts[0].status).toBe('open');
    });

    it("answers 404 for another client's alert or an unknown one, and for an id that is no uuid before reading the body", async () => {
      const { store, useCase, alert } = await withAlert();
      const [status] = ALERT_REVIEW_STATUSES;
      await expect(useCase.review(GLOBEX, alert.id, review({ status }))).rejects.toEqual(
        new NotFoundError(ALERT_NOT_FOUND),
      );
      await expect(useCase.review(ACME, uuid(99), review({ status }))).rejects.toEqual(
        new NotFoundError(ALERT_NOT_FOUND),
      );
      await expect(useCase.review(ACME, 'not-a-uuid', review({}))).rejects.toEqual(
        new NotFoundError(ALERT_NOT_FOUND),
      );
      expect(store.alerts[0]).toMatchObject({ status: 'open', reviewedBy: null });
    });
  });
});
