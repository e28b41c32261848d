import { ConflictError } from '../errors';
import {
  acceptCandidateInput,
  finishProcess,
  releaseDependent,
  runAgain,
  startProcess,
} from './process-lifecycle';
import { processState as state } from './process-state.fixture';

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

  it('queues a finished process to run again, without its result and dates', () => {
    const done = state({ status: 'Finalizado', result: 'Riesgo Alto', startDate: 1000, endDate: 2000 });
    expect(runAgain(done)).toEqual(state());
    expect(startProcess(runAgain(done)!, 3000, false)).toEqual(state({ startDate: 3000 }));
  });

  it.each(['En proceso', 'Con dependencia', 'Pendiente Candidato'] as const)(
    'leaves a process that is %s as it is when asked to run again',
    (status) => {
      expect(runAgain(state({ status }))).toBeNull();
    },
  );
});
