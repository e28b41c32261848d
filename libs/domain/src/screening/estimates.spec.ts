import { ProcessName, ProcessStatus } from './catalog';
import { estimateEnds, medianDuration } from './estimates';
import { ProcessState } from './process-lifecycle';

const NOW = 100_000;
const MEDIANS: Partial<Record<ProcessName, number>> = {
  Peps: 1_000,
  Documentos: 5_000,
  'Validación de estudios': 2_000,
  Geolocalización: 3_000,
};
const medianOf = (name: ProcessName) => MEDIANS[name] ?? null;

function p(
  name: ProcessName,
  status: ProcessStatus,
  startDate: number | null = null,
  endDate: number | null = null,
): ProcessState {
  return { name, status, result: status === 'Finalizado' ? 'Aprobado' : 'Pendiente', startDate, endDate };
}

describe('medianDuration', () => {
  it.each([
    [[], null],
    [[1, 2, 3, 4], null],
    [[5, 1, 4, 2, 3], 3],
    [[10, 20, 30, 40, 50, 60], 35],
  ])('%j -> %s', (durations, median) => {
    expect(medianDuration(durations)).toBe(median);
  });

  it('uses only the newest 100', () => {
    expect(medianDuration([...Array(100).fill(10), ...Array(500).fill(1_000)])).toBe(10);
  });
});

describe('estimateEnds', () => {
  it.each([
    ['a queued process ends a median from now', [p('Peps', 'En proceso')], [NOW + 1_000], NOW + 1_000],
    [
      'a running process ends a median after its start',
      [p('Peps', 'En proceso', NOW - 400)],
      [NOW + 600],
      NOW + 600,
    ],
    ['an overdue process is expected now', [p('Peps', 'En proceso', NOW - 5_000)], [NOW], NOW],
    ['a process without history has no estimate', [p('BGC News', 'En proceso')], [null], null],
    [
      'a process waiting for the candidate has none',
      [p('Documentos', 'Pendiente Candidato', NOW - 1)],
      [null],
      null,
    ],
    ['a finished process has none', [p('Peps', 'Finalizado', 1, 2)], [null], null],
  ] as const)('%s', (_label, processes, perProcess, global) => {
    expect(estimateEnds(processes, medianOf, NOW)).toEqual({ perProcess, global });
  });

  it('chains a dependent after the estimate of what it waits for', () => {
    const processes = [
      p('Documentos', 'En proceso', NOW),
      p('Validación de estudios', 'Con dependencia'),
      p('Peps', 'Finalizado', 1, 2),
    ];
    expect(estimateEnds(processes, medianOf, NOW)).toEqual({
      perProcess: [NOW + 5_000, NOW + 7_000, null],
      global: NOW + 7_000,
    });
  });

  it('gives no global estimate while a process waits for the candidate', () => {
    const processes = [
      p('Documentos', 'Pendiente Candidato', NOW),
      p('Geolocalización', 'Con dependencia'),
      p('Peps', 'En proceso'),
    ];
    expect(estimateEnds(processes, medianOf, NOW)).toEqual({
      perProcess: [null, null, NOW + 1_000],
      global: null,
    });
  });

  it('gives no global estimate once everything has finished', () => {
    expect(estimateEnds([p('Peps', 'Finalizado', 1, 2)], medianOf, NOW).global).toBeNull();
  });
});
