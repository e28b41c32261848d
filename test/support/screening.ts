import type { components } from '@app/api-client';
import { PROCESS_TYPES, ProcessStatus } from '@app/domain';
import {
  CANDIDATE_INPUT_EXAMPLES,
  REGISTRATION_EXAMPLES,
} from '../../apps/api/src/screening/screening.examples';
import { api, eventually, Session } from './helpers';

/** A process entry and the overview as the api documents them (the generated client's types). */
export type ProcessEntry = components['schemas']['ProcessEntryDto'];
export type Overview = components['schemas']['RequestOverviewDto'];

let counter = 0;
const RUN = Math.random().toString(36).slice(2, 8);
// The basic Swagger example (QA runs it against the demo data) without its contact fields.
const { email: _email, phone: _phone, ...BASIC } = REGISTRATION_EXAMPLES.basic.value;
/** A valid individual candidate, different on every call (so sandbox answers vary). */
export function candidate(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  counter += 1;
  const names = ['Juan', 'Ana', 'Luis', 'Sofía', 'Carlos', 'Elena', 'Miguel', 'Paula'];
  return { ...BASIC, name: `${names[counter % names.length]} Prueba${counter}-${RUN}`, ...overrides };
}

/** PKG-ACME-FULL needs the credit-report consent: NIP digits 3-4 = RFC positions 5-6 ("90"). */
export function fullCandidate(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return candidate({ packageId: 'PKG-ACME-FULL', consentNIP: '4790', ...overrides });
}

export async function register(session: Session, body: Record<string, unknown>): Promise<string> {
  const response = await api().post('/candidate-requests').set(session.auth).send(body);
  if (response.status !== 202)
    throw new Error(`registration failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.uuid as string;
}

export async function overview(session: Session, uuid: string): Promise<Overview> {
  const response = await api().get(`/candidate-requests/${uuid}`).set(session.auth).expect(200);
  return response.body.data as Overview;
}

/**
 * Polls the overview until `done` holds. The default deadline is generous: a request's five
 * processes took over 20 s on this 2-core machine with other test runs beside it.
 */
export async function waitForOverview(
  session: Session,
  uuid: string,
  done: (view: Overview) => boolean,
  timeoutMs = 60_000,
): Promise<Overview> {
  return eventually(
    async () => {
      const view = await overview(session, uuid);
      return done(view) ? view : undefined;
    },
    timeoutMs,
    `overview of ${uuid}`,
  );
}

export const settled = (view: Overview) => view.status === 'Completed';
export const ended = (view: Overview) => view.globalEndDate !== null;

export function byName(view: Overview, name: string): ProcessEntry {
  const entry = view.processes.find((p) => p.processName === name);
  if (!entry) throw new Error(`no process ${name} in ${view.processes.map((p) => p.processName).join(', ')}`);
  return entry;
}

export const DOCUMENTS = {
  documents: [{ type: 'INE', fileName: 'ine.pdf', sha256: 'a'.repeat(64) }],
};
export const PERSONAL_REFERENCES = CANDIDATE_INPUT_EXAMPLES.personalReferences.value;
export const WORK_REFERENCES = CANDIDATE_INPUT_EXAMPLES.workReferences.value;

/**
 * Where each process type stands once a package of all of them has settled and the candidate has
 * supplied nothing, derived from the catalogue (so a new process type needs no edit here): waiting
 * for what it depends on if that has not finished, else waiting for the candidate if it needs input,
 * else finished.
 */
export function settledWithoutInput(): Map<string, ProcessStatus> {
  const statuses = new Map<string, ProcessStatus>();
  const statusOf = (name: string): ProcessStatus => {
    const known = statuses.get(name);
    if (known) return known;
    const type = PROCESS_TYPES.find((t) => t.name === name)!;
    const status: ProcessStatus =
      type.dependsOn && statusOf(type.dependsOn) !== 'Finalizado'
        ? 'Con dependencia'
        : type.candidateInput
          ? 'Pendiente Candidato'
          : 'Finalizado';
    statuses.set(name, status);
    return status;
  };
  for (const type of PROCESS_TYPES) statusOf(type.name);
  return statuses;
}

/** The names of the catalogue's process types that end in `status` in `settledWithoutInput`. */
export function settledAs(status: ProcessStatus): string[] {
  return [...settledWithoutInput()].filter(([, s]) => s === status).map(([name]) => name);
}
