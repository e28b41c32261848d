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

/** One decided step of one request, as `applyMany` writes it. */
export interface LifecycleWrite {
  /** The state the step was decided on: its version must still be the request's. */
  request: RequestSnapshot;
  transition: RequestTransition;
  writes: StepWrites;
  /** Jobs of the processes the step queued again. */
  jobs: OutboxJob[];
}

export interface AppliedWrite {
  /** False when the request changed since `request` was read: nothing of the step was written. */
  applied: boolean;
  /** The step's jobs as stored in the outbox (a job already there is left out), to publish. */
  jobs: PendingOutboxJob[];
}

/**
 * Reads and writes of the processor and of candidate input. The domain decides every transition
 * (`RequestTransition`); this class only reads a request's state and writes what was decided.
 *
 * Writes are optimistic: `applyMany` writes a step only if its request's lifecycle version is still
 * the one read, and bumps it, all in one statement (several requests' steps may share it). Of two
 * steps decided from the same state one applies and the other writes nothing (its caller reads again
 * and decides again). The versions are checked with the requests' rows locked, and every step was
 * decided from a state committed before the statement began, so a request's earlier steps always
 * have lower transaction ids: one request's events are numbered in the order its steps committed.
 * The statements are prepared once per connection (planning the write costs more than running it).
 */
@Injectable()
export class ProcessExecutionRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** A request of one of these clients; null when there is none. */
  async read(by: { requestId: string; clientIds: string[] }): Promise<RequestSnapshot | null> {
    const [request] = await this.snapshots(
      'lifecycle-read-by-request',
      `r.id = $1 AND r.client_id = ANY($2)`,
      [by.requestId, by.clientIds],
    );
    return request ?? null;
  }

  /** The request of each process (in the same order), in one round trip; null for an unknown process. */
  async readByProcesses(processIds: readonly string[]): Promise<Array<RequestSnapshot | null>> {
    const requests = await this.snapshots(
      'lifecycle-read-by-processes',
      `r.id IN (SELECT request_id FROM request_process WHERE id = ANY($1::uuid[]))`,
      [processIds],
    );
    return processIds.map((id) => requests.find((r) => r.processes.some((p) => p.id === id)) ?? null);
  }

  private async snapshots(name: string, where: string, params: unknown[]): Promise<RequestSnapshot[]> {
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
    return rows.map((row) => {
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
    });
  }

  /**
   * Writes decided transitions of several requests (at most one step per request) in ONE
   * statement: each request's overall status and version, its process states, its events and its
   * outbox jobs. A step whose request's version moved since it was read writes nothing at all
   * (`applied` false), and does not stop the others. Rows are locked in request id order, so two
   * such statements of two processors never wait on each other in a circle.
   */
  async applyMany(steps: readonly LifecycleWrite[]): Promise<AppliedWrite[]> {
    const changes = steps.flatMap((step, k) =>
      step.transition.changes.map((change) => ({
        k,
        change,
        outcome: step.writes.outcome?.processId === change.id ? step.writes.outcome : undefined,
        input: step.writes.candidateInput?.processId === change.id ? step.writes.candidateInput : undefined,
      })),
    );
    const events = steps.flatMap((step, k) => step.transition.events.map((event) => ({ k, event })));
    const eventColumns = eventRows(events.map((e) => e.event));
    const jobs = steps.flatMap((step, k) => step.jobs.map((job) => ({ k, job })));
    const rows = await preparedRows<{
      applied: number[] | null;
      jobs: Array<{ id: string; job_id: string }> | null;
    }>(
      this.dataSource,
      'lifecycle-apply-many',
      `WITH step AS (
         SELECT * FROM unnest($1::int[], $2::uuid[], $3::int[], $4::text[], $5::text[])
           AS s(k, request_id, version, status, client_id)),
       locked AS (
         SELECT r.id FROM candidate_request r JOIN step s ON r.id = s.request_id AND r.lifecycle_version = s.version
          ORDER BY r.id FOR UPDATE OF r),
       guard AS (
         UPDATE candidate_request r SET status = s.status, lifecycle_version = r.lifecycle_version + 1
           FROM step s
          WHERE r.id = s.request_id AND r.lifecycle_version = s.version AND r.id IN (SELECT id FROM locked)
          RETURNING s.k, s.request_id, s.client_id),
       changes AS (
         SELECT * FROM unnest($6::int[], $7::uuid[], $8::text[], $9::text[], $10::text[], $11::timestamptz[],
                              $12::timestamptz[], $13::smallint[], $14::bool[], $15::jsonb[], $16::jsonb[], $17::bool[], $18::jsonb[])
           AS c(k, id, expected, status, result, start_date, end_date, generation,
                has_outcome, summary, raw_details, has_input, candidate_input)),
       updated AS (
         UPDATE request_process p
            SET status = c.status, result = c.result, start_date = c.start_date, end_date = c.end_date,
                generation = c.generation,
                summary = CASE WHEN c.has_outcome THEN c.summary ELSE p.summary END,
                raw_details = CASE WHEN c.has_outcome THEN c.raw_details ELSE p.raw_details END,
                candidate_input = CASE WHEN c.has_input THEN c.candidate_input ELSE p.candidate_input END,
                updated_at = now()
           FROM changes c JOIN guard g ON g.k = c.k
          WHERE p.id = c.id AND p.request_id = g.request_id AND p.status = c.expected
          RETURNING p.id),
       events AS (
         INSERT INTO event (client_id, type, subject, data)
         SELECT g.client_id, e.type, e.subject, e.data
           FROM unnest($19::int[], $20::text[], $21::text[], $22::jsonb[]) WITH ORDINALITY AS e(k, type, subject, data, n)
           JOIN guard g ON g.k = e.k
          ORDER BY e.n),
       jobs AS (
         INSERT INTO outbox_job (queue, job_name, job_id, payload)
         SELECT j.queue, j.job_name, j.job_id, j.payload
           FROM unnest($23::int[], $24::text[], $25::text[], $26::text[], $27::jsonb[]) AS j(k, queue, job_name, job_id, payload)
           JOIN guard g ON g.k = j.k
         ON CONFLICT (job_id) DO NOTHING
         RETURNING id, job_id)
       SELECT (SELECT array_agg(k) FROM guard) AS applied, (SELECT count(*) FROM updated) AS updated,
              (SELECT json_agg(jobs) FROM jobs) AS jobs`,
      [
        steps.map((_, k) => k),
        steps.map((step) => step.request.uuid),
        steps.map((step) => step.request.version),
        steps.map((step) => step.transition.requestStatus),
        steps.map((step) => step.request.clientId),
        changes.map((c) => c.k),
        changes.map((c) => c.change.id),
        changes.map((c) => c.change.expectedStatus),
        changes.map((c) => c.change.next.status),
        changes.map((c) => c.change.next.result),
        changes.map((c) => toDate(c.change.next.startDate)),
        changes.map((c) => toDate(c.change.next.endDate)),
        changes.map((c) => c.change.next.generation),
        changes.map((c) => c.outcome !== undefined),
        changes.map((c) => (c.outcome ? JSON.stringify(c.outcome.summary) : null)),
        changes.map((c) => (c.outcome ? JSON.stringify(c.outcome.rawDetails) : null)),
        changes.map((c) => c.input !== undefined),
        changes.map((c) => (c.input ? JSON.stringify(c.input.input) : null)),
        events.map((e) => e.k),
        eventColumns.types,
        eventColumns.subjects,
        eventColumns.data,
        jobs.map((j) => j.k),
        jobs.map((j) => j.job.queue),
        jobs.map((j) => j.job.jobName),
        jobs.map((j) => j.job.jobId),
        jobs.map((j) => JSON.stringify(j.job.payload)),
      ],
    );
    const applied = new Set(rows[0]?.applied ?? []);
    const idOf = new Map((rows[0]?.jobs ?? []).map((j) => [j.job_id, String(j.id)]));
    return steps.map((step, k) => ({
      applied: applied.has(k),
      jobs: step.jobs.filter((j) => idOf.has(j.jobId)).map((j) => ({ ...j, id: idOf.get(j.jobId)! })),
    }));
  }
}

function toNumber(value: unknown): number | null {
  return value === null || value === undefined ? null : Number(value);
}

function toDate(epochMs: number | null): Date | null {
  return epochMs === null ? null : new Date(epochMs);
}
