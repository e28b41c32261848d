import { ConflictError } from '../errors';
import { PROCESS_NAMES, ProcessName } from './catalog';
import { globalEndDate, overallResult, overallStatus } from './overview';
import {
  dependentsOf,
  initialStatus,
  NEEDS_CANDIDATE,
  PROCESS_DEPENDENCY,
  processesForRegistration,
} from './process-graph';
import {
  acceptCandidateInput,
  finishProcess,
  ProcessState,
  releaseDependent,
  startProcess,
} from './process-lifecycle';

const ALL = [...PROCESS_NAMES];
const state = (overrides: Partial<ProcessState> = {}): ProcessState => ({
  name: 'Peps',
  status: 'En proceso',
  result: 'Pendiente',
  startDate: null,
  endDate: null,
  ...overrides,
});

describe('process graph (CONTRACT 4.2)', () => {
  it.each([
    ['Referencias Laborales', 'BGC Laboral'],
    ['Validación de estudios', 'Documentos'],
    ['Geolocalización', 'Documentos'],
  ] as Array<[ProcessName, ProcessName]>)('%s waits for %s', (name, dependency) => {
    expect(PROCESS_DEPENDENCY[name]).toBe(dependency);
    expect(initialStatus(name, ALL)).toBe('Con dependencia');
  });

  it('starts every other process at once', () => {
    const waiting = ALL.filter((name) => initialStatus(name, ALL) === 'Con dependencia');
    expect(waiting.sort()).toEqual(['Geolocalización', 'Referencias Laborales', 'Validación de estudios']);
  });

  it('does not block on a dependency the package lacks', () => {
    expect(initialStatus('Geolocalización', ['Geolocalización', 'Peps'])).toBe('En proceso');
  });

  it('names the processes that need the candidate', () => {
    expect([...NEEDS_CANDIDATE].sort()).toEqual([
      'Documentos',
      'Referencias Laborales',
      'Referencias Personales',
    ]);
  });

  it('lists dependents within the request', () => {
    expect(dependentsOf('Documentos', ALL).sort()).toEqual(['Geolocalización', 'Validación de estudios']);
    expect(dependentsOf('BGC Laboral', ALL)).toEqual(['Referencias Laborales']);
    expect(dependentsOf('Documentos', ['Documentos', 'Peps'])).toEqual([]);
  });

  it('drops personal references for corporate registrations only (rule 6), keeping order', () => {
    expect(processesForRegistration(ALL, 'corporate')).toEqual(
      ALL.filter((n) => n !== 'Referencias Personales'),
    );
    expect(processesForRegistration(ALL, 'individual')).toEqual(ALL);
  });
});

describe('process lifecycle', () => {
  it('starts a queued process and keeps an existing start date', () => {
    expect(startProcess(state(), 1000, false)).toEqual(state({ startDate: 1000 }));
    expect(startProcess(state({ startDate: 500 }), 1000, false)).toEqual(state({ startDate: 500 }));
  });

  it('parks a candidate-facing process without input as Pendiente Candidato with a start date', () => {
    expect(startProcess(state({ name: 'Documentos' }), 1000, false)).toEqual(
      state({ name: 'Documentos', status: 'Pendiente Candidato', startDate: 1000 }),
    );
    expect(startProcess(state({ name: 'Documentos' }), 1000, true)?.status).toBe('En proceso');
  });

  it.each(['Con dependencia', 'Pendiente Candidato', 'Finalizado'] as const)(
    'refuses to start a process that is %s',
    (status) => {
      expect(startProcess(state({ status }), 1000, false)).toBeNull();
    },
  );

  it('finishes a running process once', () => {
    const done = finishProcess(state({ startDate: 1000 }), 'Riesgo Bajo', 2000);
    expect(done).toEqual(
      state({ status: 'Finalizado', result: 'Riesgo Bajo', startDate: 1000, endDate: 2000 }),
    );
    expect(finishProcess(done!, 'Aprobado', 3000)).toBeNull();
  });

  it('accepts candidate input only while waiting for it', () => {
    expect(acceptCandidateInput(state({ status: 'Pendiente Candidato', startDate: 1 })).status).toBe(
      'En proceso',
    );
    expect(() => acceptCandidateInput(state({ status: 'Finalizado' }))).toThrow(ConflictError);
    expect(() => acceptCandidateInput(state())).toThrow(ConflictError);
  });

  it('releases a dependent once, with null dates', () => {
    expect(releaseDependent(state({ status: 'Con dependencia' }))).toEqual(state());
    expect(releaseDependent(state())).toBeNull();
  });
});

describe('overview (CONTRACT 4.3)', () => {
  const queued = state();
  const running = state({ startDate: 1 });
  const waiting = state({ status: 'Pendiente Candidato', startDate: 1 });
  const blocked = state({ status: 'Con dependencia' });
  const done = (result: ProcessState['result'], endDate = 10) =>
    state({ status: 'Finalizado', result, startDate: 1, endDate });

  it.each([
    ['nothing started', [queued, blocked], 'Pending'],
    ['one process running', [running, blocked], 'Processing'],
    ['one queued after another finished', [done('Aprobado'), queued], 'Processing'],
    ['only waiting and blocked left', [done('Aprobado'), waiting, blocked], 'Completed'],
    ['everything finished', [done('Aprobado'), done('Riesgo Bajo')], 'Completed'],
    ['no process at all', [], 'Pending'],
  ])('status: %s', (_label, processes, expected) => {
    expect(overallStatus(processes as ProcessState[])).toBe(expected);
  });

  it.each([
    [['Aprobado', 'Riesgo Bajo'], 'Riesgo Bajo'],
    [['Aprobado', 'No disponible'], 'No disponible'],
    [['No disponible', 'Riesgo Bajo'], 'Riesgo Bajo'],
    [['Riesgo Bajo', 'Riesgo Medio'], 'Riesgo Medio'],
    [['Riesgo Medio', 'Riesgo Alto', 'Aprobado'], 'Riesgo Alto'],
    [['Aprobado', 'Aprobado'], 'Aprobado'],
  ] as Array<[ProcessState['result'][], string]>)('result of %j is %s', (results, expected) => {
    expect(overallResult(results.map((r) => done(r)))).toBe(expected);
  });

  it('keeps the result Pendiente while any process is not finished', () => {
    expect(overallResult([done('Riesgo Alto'), waiting])).toBe('Pendiente');
  });

  it('sets globalEndDate to the last end once everything finished', () => {
    expect(globalEndDate([done('Aprobado', 10), done('Aprobado', 30), done('Aprobado', 20)])).toBe(30);
    expect(globalEndDate([done('Aprobado', 10), waiting])).toBeNull();
    expect(globalEndDate([])).toBeNull();
  });
});
