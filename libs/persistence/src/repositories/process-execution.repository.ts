import { Injectable } from '@nestjs/common';
import type { ProcessName, ProcessResult, ProcessStatus, RequestState, RequestTransition } from '@app/domain';
import { DataSource } from 'typeorm';
import { eventRows } from './event.repository';
import { preparedRows } from './executor';
import { OutboxJob, PendingOutboxJob } from './outbox.repository';

export interface CandidateRow {
  id: string;
  personType: string;
  name: string | null;
  lastName: string | null;
  secondLastName: string | null;
  birthDate: string | null;
  nationality: string;
  gender: string | null;
  rfc: string | null;
  curp: string | null;
  businessName: string | null;
}

/**
 * A request as one step of its lifecycle reads it, with what a provider call may need. `version`
 * is the request's lifecycle version at the read: the step's write applies only if it is unchanged.
 */
export interface RequestSnapshot extends RequestState {
  clientId: string;
  version: number;
  candidate: CandidateRow;
  /** What the candidate supplied, per process id (only processes that have some). */
  candidateInputs: Record<string, unknown>;
}

/** What the step writes besides the decided states. */
export interface StepWrites {
  /** The provider's answer, on the process that finished. */
  outcome?: { processId: string; summary: unknown; rawDetails: unknown };
  /** What the candidate supplied, on the process it resumes. */
  candidateInput?: { processId: string; input: unknown };
}

/**
 * Reads and writes of the processor and of candidate input. The domain decides every transition
 * (`RequestTransition`); this class only reads a request's state and writes what was decided.
 *
 * Writes are optimistic: `apply` writes only if the request's lifecycle version is still the one
 * read, and bumps it, all in one statement. Of two steps decided from the same state one applies
 * and the other writes nothing (its caller reads again and decides again). The version is checked
 * by updating the request row first, so the statement's transaction id is taken under that row's
 * lock: one request's events are numbered in the order their steps committed. Both statements are
 * prepared once per connection (planning the write costs more than running it).
 */
@Injectable()
export class ProcessExecutionRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The request a process belongs to, or a request of one of these clients; null when there is none. */
  async read(
    by: { processId: string } | { requestId: string; clientIds: string[] },
  ): Promise<RequestSnapshot | null> {
    const [name, where, params] =
      'processId' in by
        ? [
            'lifecycle-read-by-process',
            `r.id = (SELECT request_id FROM request_process WHERE id = $1)`,
            [by.processId],
          ]
        : ['lifecycle-read-by-request', `r.id = $1 AND r.client_id = ANY($2)`, [by.requestId, by.clientIds]];
    const rows = await preparedRows<{
      uuid: string;
      clientId: string;
      version: number;
      candidate: CandidateRow;
      processes: Array<{
        id: string;
        name: ProcessName;
        status: ProcessStatus;
        result: ProcessResult;
        startDate: number | null;
        endDate: number | null;
        generation: number;
        candidateInput: unknown;
      }>;
    }>(
      this.dataSource,
      name,
      `SELECT r.id AS uuid, r.client_id AS "clientId", r.lifecycle_version AS version,
              json_build_object('id', c.id, 'personType', c.person_type, 'name', c.name, 'lastName', c.last_name,
                'secondLastName', c.second_last_name, 'birthDate', c.birth_date, 'nationality', c.nationality,
                'gender', c.gender, 'rfc', c.rfc, 'curp', c.curp, 'businessName', c.business_name) AS candidate,
              (SELECT json_agg(json_build_object('id', l.id, 'name', l.name, 'status', l.status, 'result', l.result,
                  'startDate', (extract(epoch FROM l.start_date) * 1000)::bigint,
                  'endDate', (extract(epoch FROM l.end_date) * 1000)::bigint,
                  'generation', l.generation, 'candidateInput', l.candidate_input) ORDER BY l.position)
                 FROM request_process l WHERE l.request_id = r.id) AS processes
         FROM candidate_request r JOIN candidate c ON c.request_id = r.id
        WHERE ${where}`,
      params,
    );
    const row = rows[0];
    if (!row) return null;
    const candidateInputs: Record<string, unknown> = {};
    for (const p of row.processes) if (p.candidateInput !== null) candidateInputs[p.id] = p.candidateInput;
    return {
      uuid: row.uuid,
      clientId: row.clientId,
      version: row.version,
      candidate: row.candidate,
      candidateInputs,
      processes: row.processes.map(({ candidateInput: _input, ...p }) => ({
        ...p,
        startDate: toNumber(p.startDate),
        endDate: toNumber(p.endDate),
      })),
    };
  }

  /**
   * Writes a decided transition in ONE statement: the request's overall status and version, the
   * process states, the events and the outbox jobs; nothing at all when the request's version moved
   * since `request` was read (`applied` is then false).
   */
  async apply(
    request: RequestSnapshot,
    transition: RequestTransition,
    writes: StepWrites,
    jobs: OutboxJob[],
  ): Promise<{ applied: boolean; jobs: PendingOutboxJob[] }> {
    const changes = transition.changes;
    const events = eventRows(transition.events);
    const rows = await preparedRows<{ applied: boolean; jobs: Array<{ id: string; job_id: string }> | null }>(
      this.dataSource,
      'lifecycle-apply',
      `WITH guard AS (
         UPDATE candidate_request SET status = $13, lifecycle_version = lifecycle_version + 1
          WHERE id = $14 AND lifecycle_version = $15
          RETURNING id),
       changes AS (
         SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::timestamptz[], $6::timestamptz[], $7::smallint[])
           AS c(id, expected, status, result, start_date, end_date, generation)),
       updated AS (
         UPDATE request_process p
            SET status = c.status, result = c.result, start_date = c.start_date, end_date = c.end_date,
                generation = c.generation,
                summary = CASE WHEN p.id = $8 THEN $9::jsonb ELSE p.summary END,
                raw_details = CASE WHEN p.id = $8 THEN $10::jsonb ELSE p.raw_details END,
                candidate_input = CASE WHEN p.id = $11 THEN $12::jsonb ELSE p.candidate_input END,
                updated_at = now()
           FROM changes c, guard g
          WHERE p.id = c.id AND p.request_id = g.id AND p.status = c.expected
          RETURNING p.id),
       events AS (
         INSERT INTO event (client_id, type, subject, data)
         SELECT $16, * FROM unnest($17::text[], $18::text[], $19::jsonb[]) WHERE EXISTS (SELECT 1 FROM guard)),
       jobs AS (
         INSERT INTO outbox_job (queue, job_name, job_id, payload)
         SELECT * FROM unnest($20::text[], $21::text[], $22::text[], $23::jsonb[]) WHERE EXISTS (SELECT 1 FROM guard)
         ON CONFLICT (job_id) DO NOTHING
         RETURNING id, job_id)
       SELECT EXISTS (SELECT 1 FROM guard) AS applied, (SELECT count(*) FROM updated) AS updated,
              (SELECT json_agg(jobs) FROM jobs) AS jobs`,
      [
        changes.map((c) => c.id),
        changes.map((c) => c.expectedStatus),
        changes.map((c) => c.next.status),
        changes.map((c) => c.next.result),
        changes.map((c) => toDate(c.next.startDate)),
        changes.map((c) => toDate(c.next.endDate)),
        changes.map((c) => c.next.generation),
        writes.outcome?.processId ?? null,
        writes.outcome ? JSON.stringify(writes.outcome.summary) : null,
        writes.outcome ? JSON.stringify(writes.outcome.rawDetails) : null,
        writes.candidateInput?.processId ?? null,
        writes.candidateInput ? JSON.stringify(writes.candidateInput.input) : null,
        transition.requestStatus,
        request.uuid,
        request.version,
        request.clientId,
        events.types,
        events.subjects,
        events.data,
        jobs.map((j) => j.queue),
        jobs.map((j) => j.jobName),
        jobs.map((j) => j.jobId),
        jobs.map((j) => JSON.stringify(j.payload)),
      ],
    );
    const applied = rows[0]?.applied === true;
    const idOf = new Map((rows[0]?.jobs ?? []).map((j) => [j.job_id, String(j.id)]));
    return {
      applied,
      jobs: jobs.filter((j) => idOf.has(j.jobId)).map((j) => ({ ...j, id: idOf.get(j.jobId)! })),
    };
  }
}

function toNumber(value: unknown): number | null {
  return value === null || value === undefined ? null : Number(value);
}

function toDate(epochMs: number | null): Date | null {
  return epochMs === null ? null : new Date(epochMs);
}
