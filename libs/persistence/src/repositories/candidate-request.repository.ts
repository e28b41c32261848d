import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { type DomainEvent, offsetOf, type RegistrationInput } from '@app/domain';
import { eventRows } from './event.repository';
import { queryRows, SqlExecutor } from './executor';
import { OutboxJob, PendingOutboxJob } from './outbox.repository';

/** A validated candidate (the domain's registration input) as it is stored: nationality is always set. */
export type NewCandidate = RegistrationInput & { id: string; nationality: string };

export interface NewProcess {
  id: string;
  name: string;
  position: number;
  dependsOn: string | null;
  status: string;
}

export interface NewRegistration {
  requestId: string;
  clientId: string;
  packageId: string;
  createdBy: string;
  personType: string;
  /** The overall status the domain gave the new request. */
  status: string;
  candidate: NewCandidate;
  processes: NewProcess[];
  events: readonly DomainEvent[];
}

/** A process as the overview shows it; dates in epoch milliseconds. */
export interface ProcessRow {
  id: string;
  processName: string;
  status: string;
  result: string;
  startDate: number | null;
  endDate: number | null;
}

export interface RequestOverviewRow {
  id: string;
  packageId: string;
  candidateId: string;
  createdAt: number;
  processes: ProcessRow[];
}

export interface ProcessDetailRow extends ProcessRow {
  summary: Record<string, unknown> | null;
  rawDetails: Record<string, unknown> | null;
}

export const PROCESS_JSON = `json_build_object(
  'id', p.id, 'processName', p.name, 'status', p.status, 'result', p.result,
  'startDate', (extract(epoch FROM p.start_date) * 1000)::bigint,
  'endDate', (extract(epoch FROM p.end_date) * 1000)::bigint)`;

/** Candidate requests, their candidate and their processes, always scoped to the caller's clients. */
@Injectable()
export class CandidateRequestRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Request, candidate, processes, events and the outbox jobs to run, in ONE statement: atomic without a
   * transaction of its own (inside the caller's when there is one), one round trip on the hot path.
   */
  async insertRegistration(
    executor: SqlExecutor,
    r: NewRegistration,
    jobs: OutboxJob[],
  ): Promise<PendingOutboxJob[]> {
    const c = r.candidate;
    const events = eventRows(r.events);
    const rows = await queryRows<{ id: string; job_id: string }>(
      executor,
      `WITH request AS (
         INSERT INTO candidate_request (id, client_id, package_id, created_by, person_type, status)
         VALUES ($1, $2, $3, $4, $5, $30)),
       events AS (
         INSERT INTO event (client_id, type, subject, data)
         SELECT $2, * FROM unnest($31::text[], $32::text[], $33::jsonb[])),
       candidate_row AS (
         INSERT INTO candidate (id, request_id, person_type, name, last_name, second_last_name, birth_date, nationality, gender,
                                rfc, curp, consent_nip, regime, business_name, email, phone)
         VALUES ($6, $1, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20)),
       processes AS (
         INSERT INTO request_process (id, request_id, name, position, depends_on, status)
         SELECT id, $1, name, position, depends_on, status
           FROM unnest($21::uuid[], $22::text[], $23::smallint[], $24::text[], $25::text[]) AS t(id, name, position, depends_on, status))
       INSERT INTO outbox_job (queue, job_name, job_id, payload)
       SELECT * FROM unnest($26::text[], $27::text[], $28::text[], $29::jsonb[])
       RETURNING id, job_id`,
      [
        r.requestId,
        r.clientId,
        r.packageId,
        r.createdBy,
        r.personType,
        c.id,
        c.personType,
        c.name ?? null,
        c.lastName ?? null,
        c.secondLastName ?? null,
        c.birthDate ?? null,
        c.nationality,
        c.gender ?? null,
        c.rfc ?? null,
        c.curp ?? null,
        c.consentNIP ?? null,
        c.regime ?? null,
        c.businessName ?? null,
        c.email ?? null,
        c.phone ?? null,
        r.processes.map((p) => p.id),
        r.processes.map((p) => p.name),
        r.processes.map((p) => p.position),
        r.processes.map((p) => p.dependsOn),
        r.processes.map((p) => p.status),
        jobs.map((j) => j.queue),
        jobs.map((j) => j.jobName),
        jobs.map((j) => j.jobId),
        jobs.map((j) => JSON.stringify(j.payload)),
        r.status,
        events.types,
        events.subjects,
        events.data,
      ],
    );
    const idOf = new Map(rows.map((row) => [row.job_id, String(row.id)]));
    return jobs.map((j) => ({ ...j, id: idOf.get(j.jobId)! }));
  }

  /** One round trip: the hot path of polling. */
  async findOverview(requestId: string, clientIds: string[]): Promise<RequestOverviewRow | null> {
    const rows: RequestOverviewRow[] = await this.dataSource.query(
      `SELECT r.id, r.package_id AS "packageId", c.id AS "candidateId",
              (extract(epoch FROM r.created_at) * 1000)::bigint AS "createdAt",
              (SELECT json_agg(${PROCESS_JSON} ORDER BY p.position) FROM request_process p WHERE p.request_id = r.id) AS processes
         FROM candidate_request r JOIN candidate c ON c.request_id = r.id
        WHERE r.id = $1 AND r.client_id = ANY($2)`,
      [requestId, clientIds],
    );
    return rows[0] ? { ...rows[0], createdAt: Number(rows[0].createdAt) } : null;
  }

  async findProcess(
    requestId: string,
    processId: string,
    clientIds: string[],
  ): Promise<ProcessDetailRow | null> {
    const rows: ProcessDetailRow[] = await this.dataSource.query(
      `SELECT p.id, p.name AS "processName", p.status, p.result,
              (extract(epoch FROM p.start_date) * 1000)::bigint AS "startDate",
              (extract(epoch FROM p.end_date) * 1000)::bigint AS "endDate",
              p.summary, p.raw_details AS "rawDetails"
         FROM request_process p JOIN candidate_request r ON r.id = p.request_id
        WHERE p.id = $2 AND p.request_id = $1 AND r.client_id = ANY($3)`,
      [requestId, processId, clientIds],
    );
    const row = rows[0];
    if (!row) return null;
    return { ...row, startDate: toNumber(row.startDate), endDate: toNumber(row.endDate) };
  }

  /** Newest first; `status` filters on the overall status the lifecycle stored. */
  async list(
    clientIds: string[],
    filter: { status?: string; page: number; limit: number },
  ): Promise<{ total: number; rows: Array<RequestOverviewRow & { status: string; clientId: string }> }> {
    const rows: Array<RequestOverviewRow & { status: string; clientId: string; total: string }> =
      await this.dataSource.query(
        `SELECT r.id, r.client_id AS "clientId", r.package_id AS "packageId", c.id AS "candidateId", r.status,
                (extract(epoch FROM r.created_at) * 1000)::bigint AS "createdAt",
                (SELECT json_agg(${PROCESS_JSON} ORDER BY p.position) FROM request_process p WHERE p.request_id = r.id) AS processes,
                count(*) OVER () AS total
           FROM candidate_request r JOIN candidate c ON c.request_id = r.id
          WHERE r.client_id = ANY($1) AND ($2::text IS NULL OR r.status = $2)
          ORDER BY r.created_at DESC, r.id DESC
          LIMIT $3 OFFSET $4`,
        [clientIds, filter.status ?? null, filter.limit, offsetOf(filter.page, filter.limit)],
      );
    let total = rows[0] ? Number(rows[0].total) : 0;
    if (!rows[0] && filter.page > 1) {
      const counted: Array<{ n: string }> = await this.dataSource.query(
        `SELECT count(*) AS n FROM candidate_request r WHERE r.client_id = ANY($1) AND ($2::text IS NULL OR r.status = $2)`,
        [clientIds, filter.status ?? null],
      );
      total = Number(counted[0].n);
    }
    return {
      total,
      rows: rows.map(({ total: _t, ...row }) => ({ ...row, createdAt: Number(row.createdAt) })),
    };
  }
}

function toNumber(value: unknown): number | null {
  return value === null || value === undefined ? null : Number(value);
}
