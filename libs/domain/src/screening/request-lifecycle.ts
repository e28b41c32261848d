import { DomainEvent } from '../events/event-catalog';
import { FinalResult, ProcessName, ProcessStatus, RequestStatus } from './catalog';
import { globalEndDate, overallResult, overallStatus } from './overview';
import { effectiveDependency, initialStatus } from './process-graph';
import {
  acceptCandidateInput,
  finishProcess,
  ProcessState,
  releaseDependent,
  runAgain,
  startProcess,
} from './process-lifecycle';
import { PROCESS_TYPES } from './process-types';

/** A process of a request as the lifecycle tracks it. */
export interface TrackedProcess extends ProcessState {
  id: string;
  /** Bumped each time the process is queued again; part of its job id. */
  generation: number;
}

/** A candidate request with every one of its processes (package order). */
export interface RequestState {
  uuid: string;
  processes: readonly TrackedProcess[];
}

/**
 * One process the transition changes. Persistence writes `next` only where the stored status is
 * still `expectedStatus`, so a second delivery of the same job changes nothing.
 */
export interface ProcessChange {
  id: string;
  expectedStatus: ProcessStatus;
  next: TrackedProcess;
  /** The process was queued again (its generation bumped): a job must run it. */
  requeued: boolean;
}

/**
 * What a step of the lifecycle decided: the processes it changes, the request's overall status
 * after it, and the events that causes.
 */
export interface RequestTransition {
  changes: ProcessChange[];
  requestStatus: RequestStatus;
  events: DomainEvent[];
}

/** A process of a new request, as registration stores it. */
export interface PlannedProcess {
  id: string;
  name: ProcessName;
  position: number;
  dependsOn: ProcessName | null;
  status: Extract<ProcessStatus, 'En proceso' | 'Con dependencia'>;
}

/**
 * A registration: each process waits for its dependency or is queued at once, the request is
 * `Pending`, and the events say the request was created and which processes became `En proceso`.
 */
export function planRegistration(
  uuid: string,
  packageId: string,
  processes: ReadonlyArray<{ id: string; name: ProcessName }>,
): { processes: PlannedProcess[]; requestStatus: RequestStatus; events: DomainEvent[] } {
  const names = processes.map((p) => p.name);
  const planned = processes.map((p, position): PlannedProcess => ({
    ...p,
    position,
    dependsOn: effectiveDependency(p.name, names),
    status: initialStatus(p.name, names),
  }));
  const states = planned.map((p) => ({ ...p, result: 'Pendiente' as const, startDate: null, endDate: null }));
  return {
    processes: planned,
    requestStatus: overallStatus(states),
    events: [
      { type: 'candidate_request.created', data: { uuid, packageId } },
      ...planned
        .filter((p) => p.status === 'En proceso')
        .map((p): DomainEvent => ({
          type: 'process.started',
          data: { uuid, processId: p.id, processName: p.name },
        })),
    ],
  };
}

/**
 * The processor picks a queued process up: it runs (start date set once), or waits for the
 * candidate when it needs input it lacks. Null when the process is not queued (a repeated job).
 */
export function startInRequest(
  request: RequestState,
  processId: string,
  now: number,
  hasCandidateInput: boolean,
): RequestTransition | null {
  const current = find(request, processId);
  const started = current && startProcess(current, now, hasCandidateInput);
  return started ? transition(request, [{ ...current, ...started }], []) : null;
}

/**
 * A running process ends with its provider's result, and every process of the request that waited
 * for it is queued. Null when the process is not running (a repeated job).
 */
export function finishInRequest(
  request: RequestState,
  processId: string,
  result: FinalResult,
  now: number,
): RequestTransition | null {
  const current = find(request, processId);
  const finished = current && finishProcess(current, result, now);
  if (!finished) return null;
  const names = request.processes.map((p) => p.name);
  const released = request.processes.flatMap((p) => {
    if (effectiveDependency(p.name, names) !== current.name) return [];
    const next = releaseDependent(p);
    return next ? [{ ...p, ...next, generation: p.generation + 1 }] : [];
  });
  return transition(request, [{ ...current, ...finished }], released);
}

/**
 * The candidate supplied what a waiting process needs: it is queued again. Throws a conflict when
 * the process is not waiting for the candidate.
 */
export function resumeWithCandidateInput(request: RequestState, processId: string): RequestTransition {
  const current = find(request, processId);
  if (!current) throw new Error(`Process ${processId} is not part of request ${request.uuid}`);
  const resumed = { ...current, ...acceptCandidateInput(current), generation: current.generation + 1 };
  return transition(request, [], [resumed]);
}

/**
 * The processes whose answer depends on the candidate's identity data (names, birth date, RFC,
 * CURP): those that screen the official lists and BGC Legal, which reads the legal-records corpus
 * by name. A rectification runs them again (docs/privacy.md, "ARCO requests").
 */
export const IDENTITY_PROCESS_NAMES: readonly ProcessName[] = PROCESS_TYPES.filter(
  (type) => (type.watchLists?.length ?? 0) > 0 || type.usesLegalRecords === true,
).map((type) => type.name);

/**
 * The finished processes of the request named in `names` run again: each is queued (its
 * generation bumped, so a job runs it) and announced with `process.started`; the request is
 * `Processing` until they finish again. Null when none of them has finished (nothing to run again).
 */
export function runAgainInRequest(
  request: RequestState,
  names: readonly ProcessName[] = IDENTITY_PROCESS_NAMES,
): RequestTransition | null {
  const requeued = request.processes.flatMap((p) => {
    if (!names.includes(p.name)) return [];
    const next = runAgain(p);
    return next ? [{ ...p, ...next, generation: p.generation + 1 }] : [];
  });
  return requeued.length > 0 ? transition(request, [], requeued) : null;
}

/** The request's processes once a transition is applied (package order kept). */
export function processesAfter(
  request: RequestState,
  transition: Pick<RequestTransition, 'changes'>,
): TrackedProcess[] {
  return request.processes.map((p) => transition.changes.find((c) => c.id === p.id)?.next ?? p);
}

function find(request: RequestState, processId: string): TrackedProcess | undefined {
  return request.processes.find((p) => p.id === processId);
}

/** The changes, the events of every status a process enters, and what the request as a whole became. */
function transition(
  request: RequestState,
  updated: TrackedProcess[],
  requeued: TrackedProcess[],
): RequestTransition {
  const byId = new Map(request.processes.map((p) => [p.id, p]));
  const changes: ProcessChange[] = [
    ...updated.map((next) => ({ next, requeued: false })),
    ...requeued.map((next) => ({ next, requeued: true })),
  ].map(({ next, requeued }) => ({ id: next.id, expectedStatus: byId.get(next.id)!.status, next, requeued }));
  const after = processesAfter(request, { changes });
  return {
    changes,
    requestStatus: overallStatus(after),
    events: [
      ...changes.flatMap((c) => processEvents(request.uuid, c.expectedStatus, c.next)),
      ...requestEvents(request.uuid, request.processes, after),
    ],
  };
}

function processEvents(uuid: string, before: ProcessStatus, next: TrackedProcess): DomainEvent[] {
  if (before === next.status) return [];
  const subject = { uuid, processId: next.id, processName: next.name as ProcessName };
  switch (next.status) {
    case 'En proceso':
      return [{ type: 'process.started', data: subject }];
    case 'Pendiente Candidato':
      return [{ type: 'process.waiting_for_candidate', data: subject }];
    case 'Finalizado':
      return [{ type: 'process.finished', data: { ...subject, result: next.result as FinalResult } }];
    default:
      return [];
  }
}

/**
 * `candidate_request.completed` each time the overview status becomes `Completed` (again after
 * candidate input), `candidate_request.finished` once, when every process is `Finalizado`.
 */
function requestEvents(
  uuid: string,
  before: readonly TrackedProcess[],
  after: readonly TrackedProcess[],
): DomainEvent[] {
  const events: DomainEvent[] = [];
  const result = overallResult(after);
  if (overallStatus(before) !== 'Completed' && overallStatus(after) === 'Completed')
    events.push({ type: 'candidate_request.completed', data: { uuid, result } });
  const endedAt = globalEndDate(after);
  if (globalEndDate(before) === null && endedAt !== null)
    events.push({
      type: 'candidate_request.finished',
      data: { uuid, result: result as FinalResult, globalEndDate: endedAt },
    });
  return events;
}
