import { Injectable } from '@nestjs/common';
import type { ProcessName, ProcessResult, ProcessStatus, RequestState, RequestTransition } from '@app/domain';
import { DataSource } from 'typeorm';
import { eventRows } from './event.repository';
import { queryRows, SqlExecutor } from './executor';
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

/** A request locked for one step of its lifecycle, with what a provider call may need. */
export interface LockedRequest extends RequestState {
  clientId: string;
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
 * (`RequestTransition`); this class only locks the request, reads its state and writes what was
 * decided. Writes stay conditional on the status each process had when read, so a step that
 * somehow runs on stale state changes nothing.
 */
@Injectable()
export class ProcessExecutionRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Runs `step` in a transaction; the steps of one request never interleave (see lockRequest). */
  inTransaction<T>(step: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(step);
  }

  /**
   * Locks the request (a transaction-scoped advisory lock on its id) and reads its processes, client
   * and candidate. Two steps of one request are thus decided one after the other, so the second sees
   * the first's writes and the request's own events are decided exactly once. The lock takes no
   * transaction id (a row lock would): the id is assigned at the step's first write, while the lock is
   * held, so one request's events are numbered in the order their steps committed. The read is a
   * statement of its own, taken after the lock, so it sees the previous step committed.
   */
  async lockRequest(
    tx: SqlExecutor,
    by: { processId: string } | { requestId: string; clientIds: string[] },
  ): Promise<LockedRequest | null> {
    const locked = await queryRows<{ id: string }>(
      tx,
      'processId' in by
        ? `SELECT request_id AS id, pg_advisory_xact_lock(hashtextextended(request_id::text, 0))
             FROM request_process WHERE id = $1`
        : `SELECT id, pg_advisory_xact_lock(hashtextextended(id::text, 0))
             FROM candidate_request WHERE id = $1 AND client_id = ANY($2)`,
      'processId' in by ? [by.processId] : [by.requestId, by.clientIds],
    );
    if (!locked[0]) return null;
    const rows = await queryRows<{
      uuid: string;
      clientId: string;
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
      tx,
      `SELECT r.id AS uuid, r.client_id AS "clientId",
              json_build_object('id', c.id, 'personType', c.person_type, 'name', c.name, 'lastName', c.last_name,
                'secondLastName', c.second_last_name, 'birthDate', c.birth_date, 'nationality', c.nationality,
                'gender', c.gender, 'rfc', c.rfc, 'curp', c.curp, 'businessName', c.business_name) AS candidate,
              (SELECT json_agg(json_build_object('id', l.id, 'name', l.name, 'status', l.status, 'result', l.result,
                  'startDate', (extract(epoch FROM l.start_date) * 1000)::bigint,
                  'endDate', (extract(epoch FROM l.end_date) * 1000)::bigint,
                  'generation', l.generation, 'candidateInput', l.candidate_input) ORDER BY l.position)
                 FROM request_process l WHERE l.request_id = r.id) AS processes
         FROM candidate_request r JOIN candidate c ON c.request_id = r.id
        WHERE r.id = $1`,
      [locked[0].id],
    );
    const row = rows[0];
    if (!row) return null;
    const candidateInputs: Record<string, unknown> = {};
    for (const p of row.processes) if (p.candidateInput !== null) candidateInputs[p.id] = p.candidateInput;
    return {
      uuid: row.uuid,
      clientId: row.clientId,
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
   * Writes a decided transition in ONE statement: the process states, the request's overall status,
   * the events and the outbox jobs. Everything but the process updates is written only when every
   * process was still in the status the decision expected.
   */
  async apply(
    tx: SqlExecutor,
    request: LockedRequest,
    transition: RequestTransition,
    writes: StepWrites,
    jobs: OutboxJob[],
  ): Promise<PendingOutboxJob[]> {
    const changes = transition.changes;
    const events = eventRows(transition.events);
    const rows = await queryRows<{ jobs: Array<{ id: string; job_id: string }> | null }>(
      tx,
      `WITH changes AS (
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
           FROM changes c
          WHERE p.id = c.id AND p.status = c.expected
          RETURNING p.id),
       applied AS (SELECT count(*) = $13 AS ok FROM updated),
       request AS (
         UPDATE candidate_request SET status = $14 WHERE id = $15 AND (SELECT ok FROM applied)),
       events AS (
         INSERT INTO event (client_id, type, subject, data)
         SELECT $16, * FROM unnest($17::text[], $18::text[], $19::jsonb[]) WHERE (SELECT ok FROM applied)),
       jobs AS (
         INSERT INTO outbox_job (queue, job_name, job_id, payload)
         SELECT * FROM unnest($20::text[], $21::text[], $22::text[], $23::jsonb[]) WHERE (SELECT ok FROM applied)
         ON CONFLICT (job_id) DO NOTHING
         RETURNING id, job_id)
       SELECT (SELECT json_agg(jobs) FROM jobs) AS jobs`,
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
        changes.length,
        transition.requestStatus,
        request.uuid,
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
    const idOf = new Map((rows[0]?.jobs ?? []).map((j) => [j.job_id, String(j.id)]));
    return jobs.filter((j) => idOf.has(j.jobId)).map((j) => ({ ...j, id: idOf.get(j.jobId)! }));
  }
}

function toNumber(value: unknown): number | null {
  return value === null || value === undefined ? null : Number(value);
}

function toDate(epochMs: number | null): Date | null {
  return epochMs === null ? null : new Date(epochMs);
}
