import { FinalResult, ProcessResult, RequestStatus } from './catalog';
import { ProcessState } from './process-lifecycle';

type Snapshot = Pick<ProcessState, 'status' | 'result' | 'startDate' | 'endDate'>;

/**
 * docs/behaviour.md: `Pending` while no process has started, `Processing` while one is queued or
 * running, `Completed` when nothing is left for the service to do now. A request always has at
 * least one process; an empty list is reported as `Pending`.
 */
export function overallStatus(processes: readonly Snapshot[]): RequestStatus {
  if (!processes.some((p) => p.startDate !== null)) return 'Pending';
  if (processes.some((p) => p.status === 'En proceso')) return 'Processing';
  return 'Completed';
}

/** Most severe first. */
export const RESULT_SEVERITY: readonly FinalResult[] = [
  'Riesgo Alto',
  'Riesgo Medio',
  'Riesgo Bajo',
  'No disponible',
  'Aprobado',
];

/** `Pendiente` while any process is not Finalizado; then the most severe process result. */
export function overallResult(processes: readonly Snapshot[]): ProcessResult {
  if (processes.length === 0 || processes.some((p) => p.status !== 'Finalizado')) return 'Pendiente';
  for (const result of RESULT_SEVERITY) if (processes.some((p) => p.result === result)) return result;
  return 'Pendiente';
}

/** The last process end once every process is Finalizado, else null. */
export function globalEndDate(processes: readonly Snapshot[]): number | null {
  if (processes.length === 0 || processes.some((p) => p.status !== 'Finalizado' || p.endDate === null))
    return null;
  return Math.max(...processes.map((p) => p.endDate as number));
}
