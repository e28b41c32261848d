import { ConflictError } from '../errors';
import { FinalResult, ProcessName, ProcessResult, ProcessStatus } from './catalog';
import { NEEDS_CANDIDATE } from './process-graph';

/** A process as the rules see it; dates in epoch milliseconds. */
export interface ProcessState {
  name: ProcessName;
  status: ProcessStatus;
  result: ProcessResult;
  startDate: number | null;
  endDate: number | null;
}

/**
 * The transitions of docs/behaviour.md. Each one refuses a source status it does not expect by
 * returning null, so that the caller (a job that may be delivered twice) can simply stop.
 */

/** A queued process starts: it runs, or waits for the candidate when it needs input it lacks. */
export function startProcess(
  state: ProcessState,
  now: number,
  hasCandidateInput: boolean,
): ProcessState | null {
  if (state.status !== 'En proceso') return null;
  const startDate = state.startDate ?? now;
  if (NEEDS_CANDIDATE.has(state.name) && !hasCandidateInput)
    return { ...state, status: 'Pendiente Candidato', startDate };
  return { ...state, startDate };
}

/** A running process ends with its provider's result. */
export function finishProcess(state: ProcessState, result: FinalResult, now: number): ProcessState | null {
  if (state.status !== 'En proceso') return null;
  return { ...state, status: 'Finalizado', result, startDate: state.startDate ?? now, endDate: now };
}

/** Candidate input is taken only while the process waits for it; anything else is a conflict. */
export function assertWaitingForCandidate(status: ProcessStatus): void {
  if (status !== 'Pendiente Candidato')
    throw new ConflictError(`The process is not waiting for candidate input (status: ${status}).`);
}

/** Candidate input resumes a waiting process; anything else is a conflict the client must hear about. */
export function acceptCandidateInput(state: ProcessState): ProcessState {
  assertWaitingForCandidate(state.status);
  return { ...state, status: 'En proceso' };
}

/** The process it waited for is Finalizado (whatever its result): it is queued, dates still null. */
export function releaseDependent(state: ProcessState): ProcessState | null {
  if (state.status !== 'Con dependencia') return null;
  return { ...state, status: 'En proceso', startDate: null, endDate: null };
}

/**
 * A finished process runs again (a rectification of the candidate's data, docs/privacy.md): queued
 * with no result and no dates, so that its start and end are the new run's. Null when it has not
 * finished (a running process keeps its run; a waiting one runs later anyway).
 */
export function runAgain(state: ProcessState): ProcessState | null {
  if (state.status !== 'Finalizado') return null;
  return { ...state, status: 'En proceso', result: 'Pendiente', startDate: null, endDate: null };
}
