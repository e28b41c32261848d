import {
  BLOCKED_REQUEST_MESSAGE,
  globalEndDate,
  GoneError,
  overallResult,
  overallStatus,
  PROCESS_TYPES,
  ProcessState,
} from '@app/domain';
import type { CandidateRequestRepository, ProcessDetailRow, RequestOverviewRow } from '@app/persistence';
import type { DurationMedians } from './duration-medians';
import { isUuid, ReadRequestsUseCase } from './read-requests.use-case';
import { ACME, GLOBEX } from '../auth/test-users.fixture';

const REQUEST = '5f0c7a8e-1111-4222-8333-944455556666';
const id = (i: number) => `5f0c7a8e-2222-4222-8333-${String(i).padStart(12, '0')}`;
const NOW = Date.now();
const MEDIAN_MS = 60_000;

// Two process types with no dependency, from the catalogue: one finished, one still running.
const [DONE, RUNNING] = PROCESS_TYPES.filter((t) => !t.dependsOn && !t.candidateInput);

/** One stored request of acme, as the repository reads it: its overview and its processes' details. */
function repository(blocked = false): CandidateRequestRepository {
  const processes: ProcessDetailRow[] = [
    {
      id: id(0),
      processName: DONE.name,
      status: 'Finalizado',
      result: 'Riesgo Medio',
      startDate: NOW - 5_000,
      endDate: NOW - 1_000,
      summary: { seen: true },
      rawDetails: { raw: true },
      review: null,
      blocked,
    },
    {
      id: id(1),
      processName: RUNNING.name,
      status: 'En proceso',
      result: 'Pendiente',
      startDate: NOW - 2_000,
      endDate: null,
      summary: null,
      rawDetails: null,
      review: null,
      blocked,
    },
  ];
  const overview: RequestOverviewRow = {
    id: REQUEST,
    packageId: 'PKG',
    candidateId: 'c-1',
    createdAt: NOW - 10_000,
    consent: { basis: 'tacit', noticeVersion: '2026-01', acceptedAt: NOW - 10_000 },
    confirmedAlertResult: null,
    processes: processes.map(({ summary: _s, rawDetails: _r, blocked: _b, ...p }) => p),
  };
  const owned = (requestId: string, clients: string[]) => requestId === REQUEST && clients.includes('acme');
  return {
    findOverview: async (requestId: string, clients: string[]) =>
      owned(requestId, clients) ? { ...overview, blocked, openMonitorAlerts: 0 } : null,
    findProcess: async (requestId: string, processId: string, clients: string[]) =>
      owned(requestId, clients) ? (processes.find((p) => p.id === processId) ?? null) : null,
    list: async (clients: string[]) =>
      clients.includes('acme')
        ? { total: 1, rows: [{ ...overview, clientId: 'acme', status: 'Processing' }] }
        : { total: 0, rows: [] },
  } as unknown as CandidateRequestRepository;
}

function setup(blocked = false) {
  const medians = { medianOf: (name: string) => (name === RUNNING.name ? MEDIAN_MS : null) };
  return new ReadRequestsUseCase(repository(blocked), medians as unknown as DurationMedians, {
    decisionsAndDisputes: async () => ({ decisions: [], disputes: [] }),
  });
}

describe('ReadRequestsUseCase', () => {
  it("answers a request's overview with what the domain makes of its processes, and the estimates", async () => {
    const view = await setup().overview(ACME, REQUEST);
    const states = [
      {
        name: DONE.name,
        status: 'Finalizado',
        result: 'Riesgo Medio',
        startDate: NOW - 5_000,
        endDate: NOW - 1_000,
      },
      {
        name: RUNNING.name,
        status: 'En proceso',
        result: 'Pendiente',
        startDate: NOW - 2_000,
        endDate: null,
      },
    ] as ProcessState[];
    expect(view).toEqual(
      expect.objectContaining({
        status: overallStatus(states),
        result: overallResult(states),
        globalEndDate: globalEndDate(states),
        packageId: 'PKG',
        candidateId: 'c-1',
      }),
    );
    expect(view!.processes.map((p) => [p.processName, p.estimatedEndDate])).toEqual([
      [DONE.name, null],
      [RUNNING.name, expect.any(Number)],
    ]);
    expect(view!.estimatedGlobalEndDate).toBe(view!.processes[1].estimatedEndDate);
  });

  it("answers nothing for another client's request or an id that is no uuid", async () => {
    expect(await setup().overview(GLOBEX, REQUEST)).toBeNull();
    expect(await setup().overview(ACME, 'nope')).toBeNull();
  });

  it('details a finished process (raw details only when asked), and an unfinished one with its estimate', async () => {
    const useCase = setup();
    const finished = await useCase.processDetail(ACME, REQUEST, id(0), false);
    expect(finished).toEqual({
      kind: 'finished',
      detail: expect.objectContaining({ summary: { seen: true } }),
    });
    expect(finished.kind === 'finished' && finished.detail).not.toHaveProperty('rawDetails');
    const raw = await useCase.processDetail(ACME, REQUEST, id(0), true);
    expect(raw.kind === 'finished' && raw.detail.rawDetails).toEqual({ raw: true });
    const running = await useCase.processDetail(ACME, REQUEST, id(1), true);
    expect(running).toEqual({
      kind: 'not-finished',
      process: expect.objectContaining({
        id: id(1),
        status: 'En proceso',
        estimatedEndDate: expect.any(Number),
      }),
    });
    expect(await useCase.processDetail(GLOBEX, REQUEST, id(0), false)).toEqual({ kind: 'not-found' });
    expect(await useCase.processDetail(ACME, REQUEST, 'nope', false)).toEqual({ kind: 'not-found' });
  });

  it("answers 410 for a blocked request's overview and process details, saying why (docs/privacy.md)", async () => {
    const useCase = setup(true);
    for (const read of [
      () => useCase.overview(ACME, REQUEST),
      () => useCase.processDetail(ACME, REQUEST, id(0), true),
      () => useCase.processDetail(ACME, REQUEST, id(1), false),
    ]) {
      const refusal = await read().catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(GoneError);
      expect((refusal as GoneError).message).toBe(BLOCKED_REQUEST_MESSAGE);
    }
    // Another client's blocked request is still unknown to it.
    expect(await useCase.overview(GLOBEX, REQUEST)).toBeNull();
  });

  it("lists only the caller's requests", async () => {
    expect((await setup().list(ACME, { page: 1, limit: 10 })).requests.map((r) => r.uuid)).toEqual([REQUEST]);
    expect(await setup().list(GLOBEX, { page: 1, limit: 10 })).toEqual({ requests: [], total: 0 });
  });

  it('takes only canonical uuids as ids', () => {
    expect(isUuid(REQUEST)).toBe(true);
    expect(isUuid(REQUEST.toUpperCase())).toBe(true);
    for (const value of ['', 'nope', `${REQUEST}x`, REQUEST.replace(/-/g, '')])
      expect(isUuid(value)).toBe(false);
  });
});
