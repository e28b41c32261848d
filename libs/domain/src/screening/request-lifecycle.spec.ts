import { ConflictError } from '../errors';
import { ProcessName, ProcessStatus } from './catalog';
import {
  finishInRequest,
  IDENTITY_PROCESS_NAMES,
  planRegistration,
  processesAfter,
  RequestState,
  resumeWithCandidateInput,
  runAgainInRequest,
  startInRequest,
  TrackedProcess,
} from './request-lifecycle';

const T0 = 1_000;
const NOW = 5_000;

function process(
  name: ProcessName,
  status: ProcessStatus,
  extra: Partial<TrackedProcess> = {},
): TrackedProcess {
  const started = status === 'Pendiente Candidato' || status === 'Finalizado';
  return {
    id: `p-${name}`,
    name,
    status,
    result: status === 'Finalizado' ? 'Aprobado' : 'Pendiente',
    startDate: started ? T0 : null,
    endDate: status === 'Finalizado' ? T0 + 10 : null,
    generation: 0,
    ...extra,
  };
}

const request = (...processes: TrackedProcess[]): RequestState => ({ uuid: 'r-1', processes });
const ref = (name: ProcessName) => ({ uuid: 'r-1', processId: `p-${name}`, processName: name });

describe('planRegistration', () => {
  it('queues what can start, holds what waits, and announces the request and the queued processes', () => {
    const plan = planRegistration('r-1', 'PKG', [
      { id: 'p-Peps', name: 'Peps' },
      { id: 'p-Documentos', name: 'Documentos' },
      { id: 'p-Geolocalización', name: 'Geolocalización' },
    ]);
    expect(plan.processes).toEqual([
      { id: 'p-Peps', name: 'Peps', position: 0, dependsOn: null, status: 'En proceso' },
      { id: 'p-Documentos', name: 'Documentos', position: 1, dependsOn: null, status: 'En proceso' },
      {
        id: 'p-Geolocalización',
        name: 'Geolocalización',
        position: 2,
        dependsOn: 'Documentos',
        status: 'Con dependencia',
      },
    ]);
    expect(plan.requestStatus).toBe('Pending');
    expect(plan.events).toEqual([
      { type: 'candidate_request.created', data: { uuid: 'r-1', packageId: 'PKG' } },
      { type: 'process.started', data: ref('Peps') },
      { type: 'process.started', data: ref('Documentos') },
    ]);
  });

  it('does not hold a process whose dependency is not in the package', () => {
    const plan = planRegistration('r-1', 'PKG', [{ id: 'p-Geolocalización', name: 'Geolocalización' }]);
    expect(plan.processes[0]).toEqual(expect.objectContaining({ dependsOn: null, status: 'En proceso' }));
  });
});

describe('startInRequest', () => {
  it.each([
    ['a queued process with no input needed runs', 'Peps', false, 'En proceso', []],
    ['a process that needs the candidate waits', 'Documentos', false, 'Pendiente Candidato', ['waiting']],
    ['a process with the input it needs runs', 'Documentos', true, 'En proceso', []],
  ] as const)('%s', (_label, name, hasInput, status, events) => {
    const state = request(process(name, 'En proceso'), process('BGC Legal', 'En proceso'));
    const step = startInRequest(state, `p-${name}`, NOW, hasInput)!;
    expect(step.changes).toEqual([
      {
        id: `p-${name}`,
        expectedStatus: 'En proceso',
        next: expect.objectContaining({ status, startDate: NOW }),
        requeued: false,
      },
    ]);
    expect(step.events.map((e) => e.type)).toEqual(
      events.map(() => 'process.waiting_for_candidate' as const),
    );
  });

  it('keeps the first start date of a process started before', () => {
    const state = request(process('Peps', 'En proceso', { startDate: T0 }));
    expect(startInRequest(state, 'p-Peps', NOW, false)!.changes[0].next.startDate).toBe(T0);
  });

  it('completes the request when the last running process turns to waiting', () => {
    const state = request(process('Documentos', 'En proceso'), process('Peps', 'Finalizado'));
    const step = startInRequest(state, 'p-Documentos', NOW, false)!;
    expect(step.events).toEqual([
      { type: 'process.waiting_for_candidate', data: ref('Documentos') },
      { type: 'candidate_request.completed', data: { uuid: 'r-1', result: 'Pendiente' } },
    ]);
  });

  it.each(['Con dependencia', 'Pendiente Candidato', 'Finalizado'] as const)(
    'does nothing for a process that is %s (a repeated job)',
    (status) => {
      expect(startInRequest(request(process('Peps', status)), 'p-Peps', NOW, false)).toBeNull();
    },
  );

  it('does nothing for a process of another request', () => {
    expect(startInRequest(request(process('Peps', 'En proceso')), 'p-other', NOW, false)).toBeNull();
  });
});

describe('finishInRequest', () => {
  it('ends the process and announces it', () => {
    const state = request(
      process('Peps', 'En proceso', { startDate: T0 }),
      process('BGC Legal', 'En proceso'),
    );
    const step = finishInRequest(state, 'p-Peps', 'Riesgo Bajo', NOW)!;
    expect(step.changes).toEqual([
      {
        id: 'p-Peps',
        expectedStatus: 'En proceso',
        next: expect.objectContaining({
          status: 'Finalizado',
          result: 'Riesgo Bajo',
          startDate: T0,
          endDate: NOW,
        }),
        requeued: false,
      },
    ]);
    expect(step.events).toEqual([
      { type: 'process.finished', data: { ...ref('Peps'), result: 'Riesgo Bajo' } },
    ]);
  });

  it('queues the processes that waited for it, with a new generation', () => {
    const state = request(
      process('Documentos', 'En proceso', { startDate: T0 }),
      process('Validación de estudios', 'Con dependencia'),
      process('Geolocalización', 'Con dependencia', { generation: 2 }),
      process('Referencias Laborales', 'Con dependencia'),
      process('BGC Laboral', 'En proceso'),
    );
    const step = finishInRequest(state, 'p-Documentos', 'Aprobado', NOW)!;
    expect(
      step.changes.filter((c) => c.requeued).map((c) => [c.id, c.next.status, c.next.generation]),
    ).toEqual([
      ['p-Validación de estudios', 'En proceso', 1],
      ['p-Geolocalización', 'En proceso', 3],
    ]);
    expect(step.events.map((e) => e.type)).toEqual([
      'process.finished',
      'process.started',
      'process.started',
    ]);
  });

  it('finishes the request once, with the most severe result and the last end date', () => {
    const state = request(
      process('Peps', 'Finalizado', { result: 'Riesgo Medio', endDate: NOW + 50 }),
      process('BGC Legal', 'En proceso', { startDate: T0 }),
    );
    const step = finishInRequest(state, 'p-BGC Legal', 'Aprobado', NOW + 100)!;
    expect(step.events).toEqual([
      { type: 'process.finished', data: { ...ref('BGC Legal'), result: 'Aprobado' } },
      { type: 'candidate_request.completed', data: { uuid: 'r-1', result: 'Riesgo Medio' } },
      {
        type: 'candidate_request.finished',
        data: { uuid: 'r-1', result: 'Riesgo Medio', globalEndDate: NOW + 100 },
      },
    ]);
  });

  it('completes but does not finish a request that still waits for the candidate', () => {
    const state = request(process('Documentos', 'Pendiente Candidato'), process('Peps', 'En proceso'));
    const step = finishInRequest(state, 'p-Peps', 'Aprobado', NOW)!;
    expect(step.events.map((e) => e.type)).toEqual(['process.finished', 'candidate_request.completed']);
  });

  it('announces nothing about the request while another process still runs', () => {
    const state = request(process('Peps', 'En proceso'), process('BGC Legal', 'En proceso'));
    expect(finishInRequest(state, 'p-Peps', 'Aprobado', NOW)!.events.map((e) => e.type)).toEqual([
      'process.finished',
    ]);
  });

  it.each(['Con dependencia', 'Pendiente Candidato', 'Finalizado'] as const)(
    'does nothing for a process that is %s (a repeated job)',
    (status) => {
      expect(finishInRequest(request(process('Peps', status)), 'p-Peps', 'Aprobado', NOW)).toBeNull();
    },
  );
});

describe('resumeWithCandidateInput', () => {
  it('queues the waiting process again and announces it', () => {
    const state = request(
      process('Documentos', 'Pendiente Candidato', { generation: 1 }),
      process('Peps', 'Finalizado'),
    );
    const step = resumeWithCandidateInput(state, 'p-Documentos');
    expect(step.changes).toEqual([
      {
        id: 'p-Documentos',
        expectedStatus: 'Pendiente Candidato',
        next: expect.objectContaining({ status: 'En proceso', generation: 2, startDate: T0 }),
        requeued: true,
      },
    ]);
    expect(step.events).toEqual([{ type: 'process.started', data: ref('Documentos') }]);
  });

  it.each(['En proceso', 'Con dependencia', 'Finalizado'] as const)(
    'refuses a process that is %s with a conflict',
    (status) => {
      expect(() => resumeWithCandidateInput(request(process('Documentos', status)), 'p-Documentos')).toThrow(
        ConflictError,
      );
    },
  );
});

describe('processesAfter', () => {
  it('replaces the changed processes with their next state and keeps the others, in package order', () => {
    const before = request(
      process('Documentos', 'En proceso', { startDate: T0 }),
      process('Geolocalización', 'Con dependencia'),
      process('Peps', 'En proceso'),
    );
    const finished = finishInRequest(before, 'p-Documentos', 'Aprobado', NOW)!;
    const after = processesAfter(before, finished);
    expect(after.map((p) => [p.name, p.status, p.generation])).toEqual([
      ['Documentos', 'Finalizado', 0],
      ['Geolocalización', 'En proceso', 1],
      ['Peps', 'En proceso', 0],
    ]);
    expect(after[2]).toBe(before.processes[2]);
  });
});

describe('runAgainInRequest', () => {
  it('names the list processes and BGC Legal as those that read the identity', () => {
    expect([...IDENTITY_PROCESS_NAMES].sort()).toEqual(
      ['BGC Legal', 'Global Watch List', 'Listas negras del SAT', 'Peps'].sort(),
    );
  });

  it('queues the finished identity processes again, announces them, and the request processes again', () => {
    const state = request(
      process('Peps', 'Finalizado', { generation: 0, result: 'Riesgo Alto' }),
      process('BGC Legal', 'Finalizado', { generation: 2 }),
      process('BGC Laboral', 'Finalizado'),
    );
    const step = runAgainInRequest(state)!;
    expect(step.changes).toEqual([
      {
        id: 'p-Peps',
        expectedStatus: 'Finalizado',
        next: {
          ...state.processes[0],
          status: 'En proceso',
          result: 'Pendiente',
          startDate: null,
          endDate: null,
          generation: 1,
        },
        requeued: true,
      },
      {
        id: 'p-BGC Legal',
        expectedStatus: 'Finalizado',
        next: {
          ...state.processes[1],
          status: 'En proceso',
          result: 'Pendiente',
          startDate: null,
          endDate: null,
          generation: 3,
        },
        requeued: true,
      },
    ]);
    expect(step.requestStatus).toBe('Processing');
    expect(step.events).toEqual([
      { type: 'process.started', data: ref('Peps') },
      { type: 'process.started', data: ref('BGC Legal') },
    ]);
  });

  it('announces the request completed and finished again once the processes run again have finished', () => {
    const state = request(process('Peps', 'Finalizado'), process('BGC Laboral', 'Finalizado'));
    const again = runAgainInRequest(state)!;
    const running = { ...state, processes: processesAfter(state, again) };
    const started = startInRequest(running, 'p-Peps', NOW, false)!;
    const finished = finishInRequest(
      { ...state, processes: processesAfter(running, started) },
      'p-Peps',
      'Riesgo Bajo',
      NOW + 1,
    )!;
    expect(finished.events.map((e) => e.type)).toEqual([
      'process.finished',
      'candidate_request.completed',
      'candidate_request.finished',
    ]);
  });

  it('leaves running and waiting processes to their run, and answers null when nothing has finished', () => {
    const state = request(process('Peps', 'En proceso'), process('BGC Legal', 'Con dependencia'));
    expect(runAgainInRequest(state)).toBeNull();
    const mixed = request(process('Peps', 'En proceso'), process('BGC Legal', 'Finalizado'));
    expect(runAgainInRequest(mixed)!.changes.map((c) => c.id)).toEqual(['p-BGC Legal']);
  });

  it('runs again only the names given', () => {
    const state = request(process('Peps', 'Finalizado'), process('BGC Legal', 'Finalizado'));
    expect(runAgainInRequest(state, ['BGC Legal'])!.changes.map((c) => c.id)).toEqual(['p-BGC Legal']);
  });
});
