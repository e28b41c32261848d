import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { queryRows, SqlExecutor } from './executor';

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
 * job delivered twice (a retry, a stalled job handed to another worker) finds nothing to do.
 */
@Injectable()
export class ProcessExecutionRepository {
  constructor(private readonly dataSource: DataSource) {}

  transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    return this.dataSource.transaction((tx) => work(tx));
  }

  async load(processId: string): Promise<ExecutableProcess | null> {
    const rows: ExecutableProcess[] = await this.dataSource.query(
      `SELECT p.id, p.request_id AS "requestId", p.name, p.status, p.start_date AS "startDate",
              p.candidate_input AS "candidateInput", p.generation,
              json_build_object('id', c.id, 'personType', c.person_type, 'name', c.name, 'lastName', c.last_name,
                'secondLastName', c.second_last_name, 'birthDate', c.birth_date, 'nationality', c.nationality,
                'gender', c.gender, 'rfc', c.rfc, 'curp', c.curp, 'businessName', c.business_name) AS candidate
         FROM request_process p JOIN candidate c ON c.request_id = p.request_id
        WHERE p.id = $1`,
      [processId],
    );
    return rows[0] ?? null;
  }

  /** Sets the start date (once) and the status the domain chose: still running, or waiting for the candidate. */
  async markStarted(
    processId: string,
    status: 'En proceso' | 'Pendiente Candidato',
    at: Date,
  ): Promise<boolean> {
    const rows = await queryRows(
      this.dataSource,
      `UPDATE request_process SET status = $2, start_date = coalesce(start_date, $3), updated_at = now()
        WHERE id = $1 AND status = 'En proceso' RETURNING 1`,
      [processId, status, at],
    );
    return rows.length > 0;
  }

  /** Ends a running process; false when another delivery already did. */
  async finish(
    tx: SqlExecutor,
    processId: string,
    outcome: { result: string; summary: unknown; rawDetails: unknown; at: Date },
  ): Promise<boolean> {
    const rows = await queryRows(
      tx,
      `UPDATE request_process
          SET status = 'Finalizado', result = $2, summary = $3, raw_details = $4,
              start_date = coalesce(start_date, $5), end_date = $5, updated_at = now()
        WHERE id = $1 AND status = 'En proceso' RETURNING 1`,
      [
        processId,
        outcome.result,
        JSON.stringify(outcome.summary),
        JSON.stringify(outcome.rawDetails),
        outcome.at,
      ],
    );
    return rows.length > 0;
  }

  /** The processes of the request that waited for `finishedName` become queued. */
  async releaseDependents(
    tx: SqlExecutor,
    requestId: string,
    finishedName: string,
  ): Promise<ReleasedProcess[]> {
    return queryRows<ReleasedProcess>(
      tx,
      `UPDATE request_process SET status = 'En proceso', generation = generation + 1, updated_at = now()
        WHERE request_id = $1 AND depends_on = $2 AND status = 'Con dependencia'
        RETURNING id, request_id AS "requestId", generation`,
      [requestId, finishedName],
    );
  }
}
