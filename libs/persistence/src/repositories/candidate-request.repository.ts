import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { type DomainEvent, offsetOf, type RegistrationInput } from '@app/domain';
import { eventRows } from './event.repository';
import { preparedRows, queryRows, SqlExecutor } from './executor';
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

const INSERT_REGISTRATIONS = `WITH request AS (
         INSERT INTO candidate_request (id, client_id, package_id, created_by, person_type, status, batch_id, batch_index)
         SELECT id, client_id, package_id, created_by, person_type, status, $7::uuid, batch_index
           FROM unnest($1::uuid[], $2::text[], $3::text[], $4::uuid[], $5::text[], $6::text[], $8::int[])
             AS t(id, client_id, package_id, created_by, person_type, status, batch_index)),
       candidate_row AS (
         INSERT INTO candidate (id, request_id, person_type, name, last_name, second_last_name, birth_date, nationality, gender,
                                rfc, curp, consent_nip, regime, business_name, email, phone)
         SELECT id, request_id, person_type, name, last_name, second_last_name, birth_date::date, nationality, gender,
                rfc, curp, consent_nip, regime, business_name, email, phone
           FROM unnest($9::uuid[], $1::uuid[], $5::text[], $10::text[], $11::text[], $12::text[], $13::text[], $14::text[],
                       $15::text[], $16::text[], $17::text[], $18::text[], $19::text[], $20::text[], $21::text[], $22::text[])
             AS t(id, request_id, person_type, name, last_name, second_last_name, birth_date, nationality, gender,
                  rfc, curp, consent_nip, regime, business_name, email, phone)),
       processes AS (
         INSERT INTO request_process (id, request_id, name, position, depends_on, status)
         SELECT * FROM unnest($23::uuid[], $24::uuid[], $25::text[], $26::smallint[], $27::text[], $28::text[])),
       events AS (
         INSERT INTO event (client_id, type, subject, data)
         SELECT * FROM unnest($29::text[], $30::text[], $31::text[], $32::jsonb[]))
       INSERT INTO outbox_job (queue, job_name, job_id, payload)
       SELECT * FROM unnest($33::text[], $34::text[], $35::text[], $36::jsonb[])
       RETURNING id, job_id`;

const OVERVIEW = `SELECT r.id, r.package_id AS "packageId", c.id AS "candidateId",
       (extract(epoch FROM r.created_at) * 1000)::bigint AS "createdAt",
       (SELECT json_agg(${PROCESS_JSON} ORDER BY p.position) FROM request_process p WHERE p.request_id = r.id) AS processes,
  (SELECT count(*)::int FROM monitor_alert a WHERE a.request_id = r.id AND a.status = 'open') AS "openMonitorAlerts"
  FROM candidate_request r JOIN candidate c ON c.request_id = r.id
 WHERE r.id = $1 AND r.client_id = ANY($2)`;

/** Candidate requests, their candidate and their processes, always scoped to the caller's clients. */
@Injectable()
export class CandidateRequestRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Requests, their candidates, processes, events and the outbox jobs to run, in ONE statement
   * however many registrations (one, or a batch of a thousand): atomic without a transaction of its
   * own (inside the caller's when there is one), one round trip.
   */
  async insertRegistrations(
    executor: SqlExecutor,
    registrations: readonly NewRegistration[],
    jobs: OutboxJob[],
    batch?: { id: string; indexes: readonly number[] },
  ): Promise<PendingOutboxJob[]> {
    const all = <T>(pick: (r: NewRegistration) => T) => registrations.map(pick);
    const candidate = <T>(pick: (c: NewCandidate) => T | undefined) => all((r) => pick(r.candidate) ?? null);
    const processes = registrations.flatMap((r) =>
      r.processes.map((p) => ({ ...p, requestId: r.requestId })),
    );
    const events = registrations.flatMap((r) => r.events.map((e) => ({ clientId: r.clientId, event: e })));
    const eventColumns = eventRows(events.map((e) => e.event));
    const params = [
      all((r) => r.requestId),
      all((r) => r.clientId),
      all((r) => r.packageId),
      all((r) => r.createdBy),
      all((r) => r.personType),
      all((r) => r.status),
      batch?.id ?? null,
      batch ? batch.indexes : all(() => null),
      candidate((c) => c.id),
      candidate((c) => c.name),
      candidate((c) => c.lastName),
      candidate((c) => c.secondLastName),
      candidate((c) => c.birthDate),
      candidate((c) => c.nationality),
      candidate((c) => c.gender),
      candidate((c) => c.rfc),
      candidate((c) => c.curp),
      candidate((c) => c.consentNIP),
      candidate((c) => c.regime),
      candidate((c) => c.businessName),
      candidate((c) => c.email),
      candidate((c) => c.phone),
      processes.map((p) => p.id),
      processes.map((p) => p.requestId),
      processes.map((p) => p.name),
      processes.map((p) => p.position),
      processes.map((p) => p.dependsOn),
      processes.map((p) => p.status),
      events.map((e) => e.clientId),
      eventColumns.types,
      eventColumns.subjects,
      eventColumns.data,
      jobs.map((j) => j.queue),
      jobs.map((j) => j.jobName),
      jobs.map((j) => j.jobId),
      jobs.map((j) => JSON.stringify(j.payload)),
    ];
    // Outside a transaction, a prepared statement: PostgreSQL parses and plans this five-part
    // statement once per pooled connection instead of on every registration.
    const rows: Array<{ id: string; job_id: string }> =
      executor === this.dataSource
        ? await preparedRows(this.dataSource, 'insert-registrations', INSERT_REGISTRATIONS, params)
        : await queryRows(executor, INSERT_REGISTRATIONS, params);
    const idOf = new Map(rows.map((row) => [row.job_id, String(row.id)]));
    return jobs.map((j) => ({ ...j, id: idOf.get(j.jobId)! }));
  }

  /** One round trip: the hot path of polling. */
  async findOverview(
    requestId: string,
    clientIds: string[],
  ): Promise<(RequestOverviewRow & { openMonitorAlerts: number }) | null> {
    // Prepared: clients poll this; PostgreSQL plans it once per pooled connection.
    const rows = await preparedRows<RequestOverviewRow & { openMonitorAlerts: number }>(
      this.dataSource,
      'request-overview',
      OVERVIEW,
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

  /** Per process name, the durations (ms) of its newest finished processes, newest first. */
  async recentDurations(names: readonly string[], perName: number): Promise<Map<string, number[]>> {
    const rows: Array<{ name: string; durations: string[] }> = await this.dataSource.query(
      `SELECT n.name, array(
                SELECT (extract(epoch FROM p.end_date - p.start_date) * 1000)::bigint
                  FROM request_process p
                 WHERE p.name = n.name AND p.end_date IS NOT NULL
                 ORDER BY p.end_date DESC LIMIT $2) AS durations
         FROM unnest($1::text[]) AS n(name)`,
      [names, perName],
    );
    return new Map(rows.map((row) => [row.name, row.durations.map(Number)]));
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
