import { api, eventually, Session } from './helpers';

export interface ProcessEntry {
  id: string;
  processName: string;
  status: string;
  result: string;
  startDate: number | null;
  endDate: number | null;
  estimatedEndDate: number | null;
}

export interface Overview {
  isCandidateRegistered: boolean;
  status: string;
  candidateId: string;
  result: string;
  globalEndDate: number | null;
  estimatedGlobalEndDate: number | null;
  processes: ProcessEntry[];
}

let counter = 0;
const RUN = Math.random().toString(36).slice(2, 8);
/** A valid individual candidate, different on every call (so sandbox answers vary). */
export function candidate(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  counter += 1;
  const names = ['Juan', 'Ana', 'Luis', 'Sofía', 'Carlos', 'Elena', 'Miguel', 'Paula'];
  return {
    packageId: 'PKG-ACME-BASIC',
    name: `${names[counter % names.length]} Prueba${counter}-${RUN}`,
    lastName: 'Hernández',
    secondLastName: 'López',
    birthDate: '1990-05-17',
    nationality: 'MX',
    gender: 'H',
    rfc: 'HELJ900517AB1',
    curp: 'HELJ900517HDFRPN09',
    ...overrides,
  };
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

/** Polls the overview until `done` holds. */
export async function waitForOverview(
  session: Session,
  uuid: string,
  done: (o: Overview) => boolean,
  timeoutMs = 20_000,
): Promise<Overview> {
  return eventually(
    async () => {
      const o = await overview(session, uuid);
      return done(o) ? o : undefined;
    },
    timeoutMs,
    `overview of ${uuid}`,
  );
}

export const settled = (o: Overview) => o.status === 'Completed';
export const ended = (o: Overview) => o.globalEndDate !== null;

export function byName(o: Overview, name: string): ProcessEntry {
  const entry = o.processes.find((p) => p.processName === name);
  if (!entry) throw new Error(`no process ${name} in ${o.processes.map((p) => p.processName).join(', ')}`);
  return entry;
}

export const DOCUMENTS = {
  documents: [{ type: 'INE', fileName: 'ine.pdf', sha256: 'a'.repeat(64) }],
};
export const PERSONAL_REFERENCES = {
  references: [
    { name: 'María López', phone: '+525511112222', relationship: 'Amiga' },
    { name: 'Pedro Ruiz', phone: '+525533334444', relationship: 'Vecino' },
  ],
};
export const WORK_REFERENCES = {
  references: [
    {
      company: 'Transportes del Bajío',
      contactName: 'Laura Méndez',
      phone: '+524771234567',
      position: 'Supervisor',
      startDate: '2019-02-01',
      endDate: '2023-06-30',
    },
  ],
};
