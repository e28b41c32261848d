import { randomUUID } from 'node:crypto';
import { type MonitorSource, planRegistration, type ProcessName } from '@app/domain';
import { CandidateRequestRepository, NewRegistration } from '../repositories/candidate-request.repository';
import { IdempotencyRepository } from '../repositories/idempotency.repository';
import { LegalSearchRepository } from '../repositories/legal-search.repository';
import { MonitorRepository } from '../repositories/monitor.repository';
import { demoUserId, MediumDatabase } from './medium-database.fixture';

/**
 * What medium specs seed beside the demo data (docs/behaviour.md, "Demo data"): candidate requests
 * planned by the domain (`planRegistration`, as the api's RegistrationPlanner does) and written by
 * the repository itself, so the rows are the ones the service writes.
 */

/** The basic demo package's processes (docs/behaviour.md, "Demo data"). */
export const BASIC_PROCESSES: ProcessName[] = [
  'Peps',
  'Global Watch List',
  'Listas negras del SAT',
  'BGC Legal',
  'BGC News',
];

export interface SeededRequest {
  requestId: string;
  candidateId: string;
  clientId: string;
  createdBy: string;
  /** Process ids by name. */
  processes: Record<string, string>;
  registration: NewRegistration;
}

/** A registration as the api plans it, for `insertRegistrations` or `writeRegistration`. */
export function plannedRegistration(over: {
  clientId?: string;
  packageId?: string;
  createdBy: string;
  processes?: ProcessName[];
  name?: string;
  lastName?: string;
  rfc?: string;
}): NewRegistration {
  const requestId = randomUUID();
  const clientId = over.clientId ?? 'acme';
  const packageId = over.packageId ?? (clientId === 'acme' ? 'PKG-ACME-BASIC' : 'PKG-GLOBEX-FULL');
  const plan = planRegistration(
    requestId,
    packageId,
    (over.processes ?? BASIC_PROCESSES).map((name) => ({ id: randomUUID(), name })),
  );
  return {
    requestId,
    clientId,
    packageId,
    createdBy: over.createdBy,
    personType: 'individual',
    status: plan.requestStatus,
    candidate: {
      id: randomUUID(),
      personType: 'individual',
      name: over.name ?? 'Juan',
      lastName: over.lastName ?? 'Pérez',
      secondLastName: 'López',
      birthDate: '1990-05-17',
      nationality: 'MX',
      gender: 'H',
      rfc: over.rfc ?? 'PELJ900517AB1',
      email: 'juan.perez@example.com',
    },
    consent: {
      basis: 'express',
      noticeVersion: '2026-01',
      acceptedAt: Date.parse('2026-01-15T10:00:00Z'),
      medium: 'web',
    },
    processes: plan.processes,
    events: plan.events,
  };
}

/** Registers a candidate request of the demo client (acme unless told) through the repository. */
export async function seedRequest(
  db: MediumDatabase,
  over: Partial<Parameters<typeof plannedRegistration>[0]> & { createdByEmail?: string } = {},
): Promise<SeededRequest> {
  const createdBy = over.createdBy ?? (await demoUserId(db, over.createdByEmail ?? 'demo@acme.test'));
  const registration = plannedRegistration({ ...over, createdBy });
  const repo = new CandidateRequestRepository(db.dataSource, new IdempotencyRepository(db.dataSource));
  await repo.insertRegistrations(db.dataSource, [registration], []);
  return {
    requestId: registration.requestId,
    candidateId: registration.candidate.id,
    clientId: registration.clientId,
    createdBy,
    processes: Object.fromEntries(registration.processes.map((p) => [p.name, p.id])),
    registration,
  };
}

/** Finishes a process with a result, as the lifecycle would (start and end dates set). */
export async function finishProcess(
  db: MediumDatabase,
  processId: string,
  result: string,
  details: { summary?: unknown; rawDetails?: unknown; durationMs?: number } = {},
): Promise<void> {
  await db.rows(
    `UPDATE request_process
        SET status = 'Finalizado', result = $2, start_date = now() - ($5::int * interval '1 millisecond'),
            end_date = now(), summary = $3, raw_details = $4
      WHERE id = $1`,
    [
      processId,
      result,
      JSON.stringify(details.summary ?? null),
      JSON.stringify(details.rawDetails ?? null),
      details.durationMs ?? 1000,
    ],
  );
}

/** A match of a legal search's set (categories as a bit mask: see vocabulary-filters.ts). */
export interface SeedMatch {
  uuid: string;
  name: string;
  count: number | null;
  mask: number;
  date: string | null;
  state: string;
}

/** A stored match set of the legal-records source, with these matches in this order; its id. */
export async function seedMatchSet(
  db: MediumDatabase,
  matches: SeedMatch[],
  corpusVersion = 1,
): Promise<string> {
  const [row] = await db.rows<{ id: string }>(
    `INSERT INTO legal_match_set (corpus_version, query_key, total, per_category, top_states,
                                  uuids, names, counts, category_masks, agreement_dates, states)
     VALUES ($1, $2, $3, '{}', '[]', $4::uuid[], $5::text[], $6::int[], $7::int[], $8::date[], $9::text[])
     RETURNING id::text`,
    [
      corpusVersion,
      `medium-${randomUUID()}`,
      matches.length,
      matches.map((m) => m.uuid),
      matches.map((m) => m.name),
      matches.map((m) => m.count),
      matches.map((m) => m.mask),
      matches.map((m) => m.date),
      matches.map((m) => m.state),
    ],
  );
  return row.id;
}

/** An active monitor of a seeded request, created by the repository; its id. */
export async function seedMonitor(
  db: MediumDatabase,
  request: SeededRequest,
  over: { sources?: string[]; expiresAt?: number } = {},
): Promise<string> {
  const id = randomUUID();
  const monitors = new MonitorRepository(db.dataSource);
  const created = await monitors.create({
    id,
    clientId: request.clientId,
    requestId: request.requestId,
    createdBy: request.createdBy,
    sources: (over.sources ?? ['legal-records']) as MonitorSource[],
    legalQuery: { givenWords: ['juan'], lastName: 'perez', secondLastName: 'lopez' },
    createdAt: Date.now(),
    expiresAt: over.expiresAt ?? Date.now() + 30 * 86_400_000,
    period: '2026-03',
  });
  if (created === null || created === 'blocked') throw new Error(`Monitor not created: ${created}`);
  return id;
}

/** An alert of a monitor as the activation writes it (`open` unless told); its id. */
export async function seedAlert(
  db: MediumDatabase,
  request: SeededRequest,
  monitorId: string,
  over: {
    status?: 'open' | 'confirmed' | 'dismissed';
    source?: string;
    entryId?: string;
    kind?: string;
  } = {},
): Promise<string> {
  const id = randomUUID();
  await db.rows(
    `INSERT INTO monitor_alert (id, fingerprint, monitor_id, client_id, request_id, source, version, entry_id, kind, match, status)
     VALUES ($1, $2, $3, $4, $5, $6, 1, $7, $8, $9, $10)`,
    [
      id,
      `fp-${id}`,
      monitorId,
      request.clientId,
      request.requestId,
      over.source ?? 'legal-records',
      over.entryId ?? randomUUID(),
      over.kind ?? 'new_match',
      JSON.stringify({ name: 'JUAN PEREZ LOPEZ' }),
      over.status ?? 'open',
    ],
  );
  return id;
}

/** A stored legal search (no charge, no events) of the client, pointing at `matchSetId`; its id. */
export async function seedSearch(
  db: MediumDatabase,
  over: { clientId?: string; createdBy?: string; matchSetId?: string | null; name?: string } = {},
): Promise<string> {
  const id = randomUUID();
  const createdBy = over.createdBy ?? (await demoUserId(db, 'demo@acme.test'));
  await new LegalSearchRepository(db.dataSource).insertSearch(
    db.dataSource,
    {
      id,
      clientId: over.clientId ?? 'acme',
      createdBy,
      query: { name: over.name ?? 'Juan', lastName: 'Pérez' },
      outcome: over.matchSetId ? 'SUCCESS' : 'EMPTY',
      totalInSource: 0,
      kpis: {},
      slowResponse: false,
      recoverableUntil: new Date(Date.now() + 86_400_000),
      matchSetId: over.matchSetId ?? null,
      corpusVersion: over.matchSetId ? '1' : null,
    },
    { charge: false, events: [], page: { categoryMask: null, states: null, limit: 1, offset: 0 } },
  );
  return id;
}
