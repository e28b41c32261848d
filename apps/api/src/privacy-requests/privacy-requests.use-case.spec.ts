// ../common/validation loads @nestjs/common (ESM-only in Nest 12): the stub stands in for it.
jest.mock('@nestjs/common', () => jest.requireActual('@app/platform/testing/nest-common.stub'));

import {
  ConflictError,
  type DomainError,
  type DomainEvent,
  ForbiddenError,
  IDENTITY_PROCESS_NAMES,
  NotFoundError,
  PROCESS_TYPES,
  type RequestTransition,
  runAgainInRequest,
  type TrackedProcess,
  ValidationFailedError,
} from '@app/domain';
import { SubjectData } from '@app/application/privacy/subject-data';
import type {
  CandidatePrefilter,
  MonitorRepository,
  NewPrivacyRequest,
  PrivacyMatch,
  PrivacyRequestRepository,
  PrivacyRequestView,
  SqlExecutor,
  SubjectCandidate,
} from '@app/persistence';
import type { LifecycleSteps } from '@app/application';
import { ACME, GLOBEX, testUser } from '../auth/test-users.fixture';
import type { BlockTargets, PrivacyEffects } from './privacy-effects';
import {
  PRIVACY_REQUEST_NOT_FOUND,
  PrivacyRequestsUseCase,
  type CreatePrivacyRequestCommand,
  type ResolvePrivacyRequestCommand,
} from './privacy-requests.use-case';

/** 20:00 UTC on 10 September 2026 is 14:00 in Mexico City: today is 2026-09-10 there. */
const NOW = Date.UTC(2026, 8, 10, 20, 0, 0);
const REQUEST_1 = '5f0c7a8e-1111-4222-8333-000000000001';
const REQUEST_2 = '5f0c7a8e-1111-4222-8333-000000000002';
const UNKNOWN_ID = '5f0c7a8e-9999-4222-8333-000000000000';

const JUAN: SubjectCandidate = {
  requestId: REQUEST_1,
  personType: 'individual',
  name: 'Juan',
  lastName: 'Hernández',
  secondLastName: 'García',
  birthDate: '1985-01-01',
  rfc: 'HEGJ850101AB1',
  curp: 'HEGJ850101HDFRNN09',
};

/** A finished process of each type of the catalogue: what a completed request holds. */
const finished = (requestId: string): TrackedProcess[] =>
  PROCESS_TYPES.map((type, i) => ({
    id: `${requestId}-p${i}`,
    name: type.name,
    status: 'Finalizado',
    result: 'Aprobado',
    startDate: 1,
    endDate: 2,
    generation: 0,
  }));

type Stored = PrivacyRequestView & { clientId: string };

/**
 * The privacy_request table and the client data the subject match reads, in memory, narrowed as
 * the repository's statements narrow them; resolutions run `refuse` and `effects` as the locked
 * transaction does, and record what the effects wrote.
 */
class InMemoryPrivacy {
  readonly rows: Stored[] = [];
  readonly events: Array<{ clientId: string; event: DomainEvent }> = [];
  candidates: Array<SubjectCandidate & { clientId: string }> = [
    { ...JUAN, clientId: 'acme' },
    { ...JUAN, requestId: REQUEST_2, clientId: 'acme', rfc: null, curp: null },
    { ...JUAN, requestId: 'r-globex', clientId: 'globex' },
  ];
  readonly monitors = [{ id: 'm-1', clientId: 'acme', requestId: REQUEST_1, status: 'active' }];
  readonly rectified: Array<{ requestIds: readonly string[]; changes: Record<string, string> }> = [];
  /** Another admin's resolution that lands between the read and the lock. */
  resolvedMeanwhile = false;
  private next = 1;

  async create(
    request: NewPrivacyRequest,
    events: (id: string) => DomainEvent[],
  ): Promise<PrivacyRequestView> {
    const id = `9c2e4a6b-8d0f-4e1a-b3c5-${String(this.next++).padStart(12, '0')}`;
    const row: Stored = {
      id,
      clientId: request.clientId,
      right: request.right,
      status: 'open',
      subject: request.subject,
      receivedAt: request.receivedAt,
      dueDate: request.dueDate,
      channel: request.channel,
      details: request.details,
      matches: request.matches,
      decision: null,
      reason: null,
      changes: null,
      createdAt: NOW,
      resolvedAt: null,
    };
    this.rows.push({ ...row, dueSoonDate: request.dueSoonDate, subjectRfc: request.subjectRfc } as Stored);
    for (const event of events(id)) this.events.push({ clientId: request.clientId, event });
    const { clientId: _client, ...view } = row;
    return view;
  }

  async find(id: string, clientIds: string[]): Promise<Stored | null> {
    return this.rows.find((r) => r.id === id && clientIds.includes(r.clientId)) ?? null;
  }

  async page(clientId: string, filter: { status?: string; page: number; limit: number }) {
    const rows = this.rows.filter(
      (r) => r.clientId === clientId && (!filter.status || r.status === filter.status),
    );
    return {
      rows: rows.slice((filter.page - 1) * filter.limit, filter.page * filter.limit),
      total: rows.length,
    };
  }

  async resolve(
    by: { id: string; clientIds: string[] },
    resolution: {
      decision: string;
      reason: string;
      changes: Record<string, string> | null;
      matches: PrivacyMatch[];
    },
    refuse: (current: PrivacyRequestView) => DomainError | null,
    effects: (tx: SqlExecutor, current: Stored) => Promise<void>,
    events: DomainEvent[],
  ): Promise<PrivacyRequestView | null> {
    const row = await this.find(by.id, by.clientIds);
    if (!row) return null;
    if (this.resolvedMeanwhile) Object.assign(row, { status: 'resolved', decision: 'denied' });
    const refusal = refuse(row);
    if (refusal) throw refusal;
    await effects({ query: async () => [] }, row);
    Object.assign(row, {
      status: 'resolved',
      decision: resolution.decision,
      reason: resolution.reason,
      changes: resolution.changes,
      matches: resolution.matches,
      resolvedAt: NOW + 1,
    });
    for (const event of events) this.events.push({ clientId: row.clientId, event });
    return row;
  }

  async rectifyCandidates(
    _tx: SqlExecutor,
    clientId: string,
    requestIds: readonly string[],
    changes: Record<string, string>,
  ): Promise<string[]> {
    this.rectified.push({ requestIds, changes });
    for (const candidate of this.candidates)
      if (candidate.clientId === clientId && requestIds.includes(candidate.requestId))
        Object.assign(candidate, changes);
    return [...requestIds];
  }

  async stopWatching(_tx: SqlExecutor, clientId: string, requestIds: readonly string[]): Promise<string[]> {
    const stopped = this.monitors.filter(
      (m) => m.clientId === clientId && requestIds.includes(m.requestId) && m.status === 'active',
    );
    for (const monitor of stopped) monitor.status = 'stopped';
    return stopped.map((m) => m.id);
  }

  /** The legal-records name query each active monitor of a rectified request watches now. */
  readonly rewatched: Array<{ monitorId: string; query: unknown }> = [];

  async rewatchNames(
    _tx: SqlExecutor,
    clientId: string,
    requestIds: readonly string[],
    queryOf: (candidate: SubjectCandidate) => unknown,
  ): Promise<string[]> {
    const active = this.monitors.filter(
      (m) => m.clientId === clientId && requestIds.includes(m.requestId) && m.status === 'active',
    );
    for (const monitor of active) {
      const candidate = this.candidates.find((c) => c.requestId === monitor.requestId)!;
      this.rewatched.push({ monitorId: monitor.id, query: queryOf(candidate) });
    }
    return active.map((m) => m.id);
  }

  async candidatesLike(clientId: string, like: CandidatePrefilter): Promise<SubjectCandidate[]> {
    return this.candidates
      .filter(
        (c) =>
          c.clientId === clientId &&
          ((c.rfc !== null && like.rfcs.includes(c.rfc)) ||
            (c.curp !== null && like.curps.includes(c.curp)) ||
            (like.birthDate !== null && c.birthDate === like.birthDate)),
      )
      .map(({ clientId: _client, ...candidate }) => candidate);
  }

  async searchesNamed() {
    return [];
  }

  async monitorsOf(clientId: string, requestIds: readonly string[]) {
    return this.monitors
      .filter((m) => m.clientId === clientId && requestIds.includes(m.requestId))
      .map((m) => m.id);
  }

  async grantedOppositionsLike() {
    return [];
  }
}

/** The lifecycle steps of the matched requests: each request's processes, stepped by the domain's decision. */
class InMemorySteps {
  readonly processes = new Map<string, TrackedProcess[]>([
    [REQUEST_1, finished(REQUEST_1)],
    [REQUEST_2, finished(REQUEST_2)],
  ]);
  readonly transitions: Array<{ requestId: string; transition: RequestTransition }> = [];

  async run(
    target: { requestId: string; clientIds: string[] },
    decide: (request: { uuid: string; processes: TrackedProcess[] }) => RequestTransition | null,
  ) {
    const request = { uuid: target.requestId, processes: this.processes.get(target.requestId)! };
    const transition = decide(request);
    if (transition) this.transitions.push({ requestId: target.requestId, transition });
    return null;
  }
}

class RecordingEffects implements PrivacyEffects {
  readonly blocked: BlockTargets[] = [];
  failing = false;
  async block(targets: BlockTargets): Promise<void> {
    if (this.failing) throw new Error('PostgreSQL is away');
    this.blocked.push(targets);
  }
}

function setup() {
  const store = new InMemoryPrivacy();
  const steps = new InMemorySteps();
  const effects = new RecordingEffects();
  const useCase = new PrivacyRequestsUseCase(
    store as unknown as PrivacyRequestRepository,
    new SubjectData(store as unknown as PrivacyRequestRepository),
    store as unknown as Pick<MonitorRepository, 'stopWatching' | 'rewatchNames'>,
    steps as unknown as Pick<LifecycleSteps, 'run'>,
    effects,
    { serviceTimezone: 'America/Mexico_City' },
  );
  return { store, steps, effects, useCase };
}

const body = (overrides: Record<string, unknown> = {}) =>
  ({
    right: 'access',
    subject: { rfc: ' hegj850101ab1 ' },
    receivedAt: '2026-09-10',
    channel: 'email',
    ...overrides,
  }) as unknown as CreatePrivacyRequestCommand;
const decision = (value: Record<string, unknown>) => value as unknown as ResolvePrivacyRequestCommand;
const fieldsOf = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ValidationFailedError);
  return (error as ValidationFailedError).violations.map((v) => v.field);
};

describe('PrivacyRequestsUseCase.create', () => {
  it('records the request with its due date across the 16 September rest day, its matches and its event', async () => {
    const { store, useCase } = setup();
    const created = await useCase.create(ACME, body(), NOW);
    expect(created).toEqual({
      id: expect.any(String),
      right: 'access',
      status: 'open',
      subject: { rfc: 'HEGJ850101AB1' },
      receivedAt: '2026-09-10',
      dueDate: '2026-10-09',
      channel: 'email',
      details: null,
      matches: [
        { type: 'candidate_request', id: REQUEST_1 },
        { type: 'monitor', id: 'm-1' },
      ],
      decision: null,
      reason: null,
      changes: null,
      createdAt: NOW,
      resolvedAt: null,
    });
    expect(store.rows[0]).toMatchObject({
      clientId: 'acme',
      dueSoonDate: '2026-10-02',
      subjectRfc: 'HEGJ850101AB1',
    });
    expect(store.events).toEqual([
      {
        clientId: 'acme',
        event: { type: 'privacy_request.received', data: { privacyRequestId: created.id, right: 'access' } },
      },
    ]);
  });

  it('matches by name and birth date the candidates an RFC would not find', async () => {
    const { useCase } = setup();
    const created = await useCase.create(
      ACME,
      body({
        subject: { name: 'JUAN', lastName: 'hernandez', secondLastName: 'Garcia', birthDate: '1985-01-01' },
      }),
      NOW,
    );
    expect(created.matches).toEqual([
      { type: 'candidate_request', id: REQUEST_1 },
      { type: 'candidate_request', id: REQUEST_2 },
      { type: 'monitor', id: 'm-1' },
    ]);
  });

  it('refuses every broken rule at once, tomorrow included, and stores nothing', async () => {
    const { store, useCase } = setup();
    expect(
      await fieldsOf(
        useCase.create(
          ACME,
          body({ right: 'erase', subject: {}, receivedAt: '2026-09-11', channel: 'fax' }),
          NOW,
        ),
      ),
    ).toEqual(['right', 'subject', 'receivedAt', 'channel']);
    expect(store.rows).toEqual([]);
  });

  it('acts for a client named in clientId only when the caller administers it', async () => {
    const { useCase } = setup();
    await expect(useCase.create(ACME, body({ clientId: 'globex' }), NOW)).rejects.toBeInstanceOf(
      ForbiddenError,
    );
    const both = testUser({ userId: 'u-3', client: 'acme', clients: ['acme', 'globex'], sessionId: 's-3' });
    const created = await useCase.create(both, body({ clientId: 'globex' }), NOW);
    expect(created.matches).toEqual([{ type: 'candidate_request', id: 'r-globex' }]);
  });
});

describe('PrivacyRequestsUseCase reads', () => {
  it("lists the client's requests with the status filter, and reads one; another client's is a 404", async () => {
    const { useCase } = setup();
    const created = await useCase.create(ACME, body(), NOW);
    expect(await useCase.list(ACME, { page: 1, limit: 20, status: 'open' })).toEqual({
      data: [created],
      page: 1,
      limit: 20,
      total: 1,
    });
    expect((await useCase.list(ACME, { page: 1, limit: 20, status: 'resolved' })).total).toBe(0);
    expect(await useCase.get(ACME, created.id)).toEqual(created);
    await expect(useCase.get(GLOBEX, created.id)).rejects.toThrow(PRIVACY_REQUEST_NOT_FOUND);
    await expect(useCase.get(ACME, 'not-a-uuid')).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('PrivacyRequestsUseCase.resolve', () => {
  async function open(right: string, subject: object = { rfc: 'HEGJ850101AB1' }) {
    const context = setup();
    const created = await context.useCase.create(ACME, body({ right, subject }), NOW);
    return { ...context, id: created.id };
  }

  it('records a granted access with its reason and event, and refuses a second decision with 409', async () => {
    const { store, useCase, id } = await open('access');
    const resolved = await useCase.resolve(
      ACME,
      id,
      decision({ decision: 'granted', reason: ' Identidad acreditada. ' }),
    );
    expect(resolved).toMatchObject({
      status: 'resolved',
      decision: 'granted',
      reason: 'Identidad acreditada.',
    });
    expect(store.events.at(-1)).toEqual({
      clientId: 'acme',
      event: {
        type: 'privacy_request.resolved',
        data: { privacyRequestId: id, right: 'access', decision: 'granted' },
      },
    });
    await expect(
      useCase.resolve(ACME, id, decision({ decision: 'denied', reason: 'x' })),
    ).rejects.toBeInstanceOf(ConflictError);
  });

  it('answers 409 when another admin resolved it between the read and the lock, and runs nothing', async () => {
    const { store, steps, useCase, id } = await open('rectification');
    store.resolvedMeanwhile = true;
    await expect(
      useCase.resolve(ACME, id, decision({ decision: 'granted', reason: 'ok', changes: { name: 'Juana' } })),
    ).rejects.toBeInstanceOf(ConflictError);
    expect(store.rectified).toEqual([]);
    expect(steps.transitions).toEqual([]);
  });

  it("answers 404 for another client's request before reading its body", async () => {
    const { useCase, id } = await open('access');
    await expect(useCase.resolve(GLOBEX, id, decision({}))).rejects.toBeInstanceOf(NotFoundError);
    await expect(useCase.resolve(ACME, UNKNOWN_ID, decision({}))).rejects.toBeInstanceOf(NotFoundError);
  });

  it("checks the decision against the request's right: changes only for a granted rectification", async () => {
    const { useCase, id } = await open('access');
    expect(
      await fieldsOf(
        useCase.resolve(ACME, id, decision({ decision: 'granted', reason: 'ok', changes: { name: 'X' } })),
      ),
    ).toEqual(['changes']);
    expect(await fieldsOf(useCase.resolve(ACME, id, decision({ decision: 'maybe' })))).toEqual([
      'decision',
      'reason',
    ]);
  });

  it('corrects the matched candidates as registration stores them and runs their identity processes again', async () => {
    const { store, steps, useCase, id } = await open('rectification', {
      name: 'Juan',
      lastName: 'Hernández',
      secondLastName: 'García',
      birthDate: '1985-01-01',
    });
    const resolved = await useCase.resolve(
      ACME,
      id,
      decision({
        decision: 'granted',
        reason: 'Acta presentada.',
        changes: { secondLastName: ' Gómez ', curp: 'hegj850101hdfrnn09' },
      }),
    );
    expect(resolved.changes).toEqual({ secondLastName: 'Gómez', curp: 'HEGJ850101HDFRNN09' });
    expect(store.rectified).toEqual([
      {
        requestIds: [REQUEST_1, REQUEST_2],
        changes: { secondLastName: 'Gómez', curp: 'HEGJ850101HDFRNN09' },
      },
    ]);
    expect(steps.transitions.map((t) => t.requestId)).toEqual([REQUEST_1, REQUEST_2]);
    for (const { requestId, transition } of steps.transitions) {
      expect(transition).toEqual(runAgainInRequest({ uuid: requestId, processes: finished(requestId) }));
      expect(transition.changes.map((c) => c.next.name)).toEqual([...IDENTITY_PROCESS_NAMES]);
    }
  });

  it("points an active monitor's legal-records watch at a corrected name, and leaves it for other corrections", async () => {
    const named = await open('rectification');
    await named.useCase.resolve(
      ACME,
      named.id,
      decision({ decision: 'granted', reason: 'ok', changes: { lastName: 'Hernández Gómez' } }),
    );
    expect(named.store.rewatched).toEqual([
      {
        monitorId: 'm-1',
        query: { givenWords: ['juan'], lastName: 'hernandez gomez', secondLastName: 'garcia' },
      },
    ]);
    const other = await open('rectification');
    await other.useCase.resolve(
      ACME,
      other.id,
      decision({ decision: 'granted', reason: 'ok', changes: { phone: '+525512345678' } }),
    );
    expect(other.store.rewatched).toEqual([]);
  });

  it('leaves the data as it is for a denied rectification', async () => {
    const { store, steps, useCase, id } = await open('rectification');
    await useCase.resolve(ACME, id, decision({ decision: 'denied', reason: 'Sin documentos.' }));
    expect(store.rectified).toEqual([]);
    expect(steps.transitions).toEqual([]);
  });

  it('blocks the matched requests and searches of a granted cancellation before recording it', async () => {
    const { store, effects, useCase, id } = await open('cancellation');
    effects.failing = true;
    await expect(useCase.resolve(ACME, id, decision({ decision: 'granted', reason: 'ok' }))).rejects.toThrow(
      'PostgreSQL is away',
    );
    expect(store.rows[0].status).toBe('open');
    effects.failing = false;
    await useCase.resolve(ACME, id, decision({ decision: 'granted', reason: 'ok' }));
    expect(effects.blocked).toEqual([{ requestIds: [REQUEST_1], searchIds: [] }]);
    expect(store.rows[0].status).toBe('resolved');
  });

  it('stops the monitors of the matched requests of a granted opposition, and only then', async () => {
    const denied = await open('opposition');
    await denied.useCase.resolve(ACME, denied.id, decision({ decision: 'denied', reason: 'no' }));
    expect(denied.store.monitors[0].status).toBe('active');
    const granted = await open('opposition');
    await granted.useCase.resolve(ACME, granted.id, decision({ decision: 'granted', reason: 'ok' }));
    expect(granted.store.monitors[0].status).toBe('stopped');
    expect(granted.effects.blocked).toEqual([]);
  });

  it('finds the matches again at resolution: data registered since is part of the decision', async () => {
    const { store, useCase, id } = await open('access');
    store.candidates.push({ ...JUAN, requestId: 'r-later', clientId: 'acme' });
    const resolved = await useCase.resolve(ACME, id, decision({ decision: 'granted', reason: 'ok' }));
    expect(resolved.matches).toEqual([
      { type: 'candidate_request', id: REQUEST_1 },
      { type: 'candidate_request', id: 'r-later' },
      { type: 'monitor', id: 'm-1' },
    ]);
  });
});
