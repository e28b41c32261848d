import { globalEndDate, overallResult, overallStatus } from './overview';
import { ProcessState } from './process-lifecycle';
import { processState as state } from './process-state.fixture';

describe('overview (docs/behaviour.md)', () => {
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
