import { PERSONAL_REFERENCES, PersonType, ProcessName, ProcessStatus } from './catalog';

/** CONTRACT 4.2: the process each one waits for (null: starts at once). */
export const PROCESS_DEPENDENCY: Readonly<Record<ProcessName, ProcessName | null>> = {
  Peps: null,
  'Listas negras del SAT': null,
  'Referencias Personales': null,
  'Validación de estudios': 'Documentos',
  'BGC Laboral': null,
  'Global Watch List': null,
  'Referencias Laborales': 'BGC Laboral',
  Geolocalización: 'Documentos',
  Documentos: null,
  'BGC News': null,
  'Reporte de Crédito': null,
  'BGC Legal': null,
};

/** CONTRACT 4.2: processes that cannot run before the candidate supplies something. */
export const NEEDS_CANDIDATE: ReadonlySet<ProcessName> = new Set<ProcessName>([
  'Documentos',
  'Referencias Personales',
  'Referencias Laborales',
]);

/** SPEC rule 6: a corporate registration skips the personal references; package order is kept. */
export function processesForRegistration(
  packageProcesses: readonly ProcessName[],
  personType: PersonType,
): ProcessName[] {
  return packageProcesses.filter((name) => !(personType === 'corporate' && name === PERSONAL_REFERENCES));
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
