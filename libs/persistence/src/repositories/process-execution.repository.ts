import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { queryRows } from './executor';
import { PendingOutboxJob } from './outbox.repository';

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

export interface ExecutableProcess {
  id: string;
  requestId: string;
  name: string;
  status: string;
  startDate: Date | null;
  candidateInput: unknown;
  generation: number;
  candidate: CandidateRow;
}

export interface ReleasedProcess {
  id: string;
  requestId: string;
  generation: number;
}

/**
 * What the processor reads and writes. Every write is conditional on the current status, so a
 * job delivered twice (a retry, a stalled job handed to another worker) finds nothing to do. Each
 * step is one statement: atomic without an explicit transaction, one round trip.
 */
@Injectable()
export class ProcessExecutionRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Starts a queued process (start date set once) and answers it with its candidate, or null when
   * it is not queued. A process named in `waitsForCandidateUnlessInput` that has no candidate input
   * yet becomes `Pendiente Candidato` instead (the domain decides which processes those are).
   */
  async start(
    processId: string,
    at: Date,
    waitsForCandidateUnlessInput: readonly string[],
  ): Promise<ExecutableProcess | null> {
    const rows = await queryRows<ExecutableProcess>(
      this.dataSource,
      `UPDATE request_process p
          SET start_date = coalesce(p.start_date, $2),
              status = CASE WHEN p.name = ANY($3::text[]) AND p.candidate_input IS NULL THEN 'Pendiente Candidato' ELSE p.status END,
              updated_at = now()
         FROM candidate c
        WHERE p.id = $1 AND p.status = 'En proceso' AND c.request_id = p.request_id
        RETURNING p.id, p.request_id AS "requestId", p.name, p.status, p.start_date AS "startDate",
                  p.candidate_input AS "candidateInput", p.generation,
                  json_build_object('id', c.id, 'personType', c.person_type, 'name', c.name, 'lastName', c.last_name,
                    'secondLastName', c.second_last_name, 'birthDate', c.birth_date, 'nationality', c.nationality,
                    'gender', c.gender, 'rfc', c.rfc, 'curp', c.curp, 'businessName', c.business_name) AS candidate`,
      [processId, at, waitsForCandidateUnlessInput],
    );
    return rows[0] ?? null;
  }

  /**
   * Ends a running process, queues the processes that waited for it and writes their outbox jobs,
   * all in one statement. `finished` is false when another delivery had already ended it.
   * Job ids follow the queue contract: `<processId>:<generation>`.
   */
  async finishAndQueueDependents(
    processId: string,
    outcome: { result: string; summary: unknown; rawDetails: unknown; at: Date },
    job: { queue: string; jobName: string },
  ): Promise<{ finished: boolean; jobs: PendingOutboxJob[] }> {
    const rows = await queryRows<{
      finished: boolean;
      jobs: Array<{ id: string; job_id: string; payload: Record<string, unknown> }> | null;
    }>(
      this.dataSource,
      `WITH finished AS (
         UPDATE request_process
            SET status = 'Finalizado', result = $2, summary = $3, raw_details = $4,
                start_date = coalesce(start_date, $5), end_date = $5, updated_at = now()
          WHERE id = $1 AND status = 'En proceso'
          RETURNING request_id, name),
       released AS (
         UPDATE request_process d
            SET status = 'En proceso', generation = d.generation + 1, updated_at = now()
           FROM finished f
          WHERE d.request_id = f.request_id AND d.depends_on = f.name AND d.status = 'Con dependencia'
          RETURNING d.id, d.request_id, d.generation),
       jobs AS (
         INSERT INTO outbox_job (queue, job_name, job_id, payload)
         SELECT $6, $7, r.id || ':' || r.generation, json_build_object('requestId', r.request_id, 'processId', r.id)
           FROM released r
         ON CONFLICT (job_id) DO NOTHING
         RETURNING id, job_id, payload)
       SELECT EXISTS (SELECT 1 FROM finished) AS finished, (SELECT json_agg(jobs) FROM jobs) AS jobs`,
      [
        processId,
        outcome.result,
        JSON.stringify(outcome.summary),
        JSON.stringify(outcome.rawDetails),
        outcome.at,
        job.queue,
        job.jobName,
      ],
    );
    const row = rows[0];
    return {
      finished: row.finished,
      jobs: (row.jobs ?? []).map((j) => ({
        id: String(j.id),
        queue: job.queue,
        jobName: job.jobName,
        jobId: j.job_id,
        payload: j.payload,
      })),
    };
  }
}
