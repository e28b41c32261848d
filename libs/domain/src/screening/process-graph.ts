import { PersonType, ProcessName, ProcessStatus } from './catalog';
import { PROCESS_TYPES } from './process-types';

/** docs/behaviour.md: the process each one waits for (null: starts at once), from the catalogue. */
export const PROCESS_DEPENDENCY: Readonly<Record<ProcessName, ProcessName | null>> = Object.fromEntries(
  PROCESS_TYPES.map((type) => [type.name, type.dependsOn as ProcessName | null]),
) as Record<ProcessName, ProcessName | null>;

/** docs/behaviour.md: processes that cannot run before the candidate supplies something. */
export const NEEDS_CANDIDATE: ReadonlySet<ProcessName> = new Set<ProcessName>(
  PROCESS_TYPES.filter((type) => type.candidateInput !== null).map((type) => type.name),
);

const SKIPPED_FOR_CORPORATE: ReadonlySet<string> = new Set(
  PROCESS_TYPES.filter((type) => type.skippedForCorporate).map((type) => type.name),
);

/** docs/behaviour.md: a corporate registration skips the personal references; package order is kept. */
export function processesForRegistration(
  packageProcesses: readonly ProcessName[],
  personType: PersonType,
): ProcessName[] {
  return packageProcesses.filter((name) => !(personType === 'corporate' && SKIPPED_FOR_CORPORATE.has(name)));
}

/** The process a registered process really waits for: its dependency, when that is part of the request. */
export function effectiveDependency(
  name: ProcessName,
  processesInRequest: readonly ProcessName[],
): ProcessName | null {
  const dependency = PROCESS_DEPENDENCY[name];
  return dependency !== null && processesInRequest.includes(dependency) ? dependency : null;
}

/**
 * Status at registration: waiting for its dependency, or queued. A dependency that the package does
 * not contain can never finish, so it does not block.
 */
export function initialStatus(
  name: ProcessName,
  processesInRequest: readonly ProcessName[],
): Extract<ProcessStatus, 'En proceso' | 'Con dependencia'> {
  return effectiveDependency(name, processesInRequest) ? 'Con dependencia' : 'En proceso';
}

/** The processes of the request that wait for `name`. */
export function dependentsOf(name: ProcessName, processesInRequest: readonly ProcessName[]): ProcessName[] {
  return processesInRequest.filter((other) => effectiveDependency(other, processesInRequest) === name);
}
