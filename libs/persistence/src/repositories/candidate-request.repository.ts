import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  type Consent,
  type DomainEvent,
  type FinalResult,
  offsetOf,
  type ProcessReview,
  type RegistrationInput,
} from '@app/domain';
import { preparedRows, SqlExecutor } from './executor';
import { GroupCommit } from './group-commit';
import { INSERT_REGISTRATIONS } from './hot-statements';
import { claimKey, IdempotencyClaim, IdempotencyRepository, StoredResponse } from './idempotency.repository';
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
  /** What the candidate consented to (docs/privacy.md, "Consent"); null when nothing can be recorded. */
  consent: Consent | null;
  processes: NewProcess[];
  events: readonly DomainEvent[];
}

/** One registration to write: its rows, the jobs that start it, and its Idempotency-Key claim if any. */
export interface RegistrationWrite {
  registration: NewRegistration;
  jobs: OutboxJob[];
  /** With an Idempotency-Key: the key, the request's hash and the answer the key keeps. */
  claim?: IdempotencyClaim;
}

/** Written, with the jobs to publish; or not, because the key's earlier request keeps this answer. */
export type WrittenRegistration =
  { written: true; jobs: PendingOutboxJob[] } | { written: false; kept: StoredResponse };

/**
 * Group commit of single registrations: the registrations that arrive while earlier statements run
 * go together in the next one (one round trip, one commit). No timer: an idle api writes a
 * registration at once, and the group grows only with the load.
 * - REGISTRATIONS_PER_STATEMENT: a statement of 100 registrations (about 2,000 array elements)
 *   still plans and runs in a few milliseconds; larger groups only make their callers wait longer.
 * - STATEMENTS_IN_FLIGHT: two statements at once keep PostgreSQL busy while the next group gathers;
 *   more would only take pool connections from the other requests.
 */
const REGISTRATIONS_PER_STATEMENT = 100;
const STATEMENTS_IN_FLIGHT = 2;

/** A process as the overview shows it; dates in epoch milliseconds. */
export interface ProcessRow {
  id: string;
  processName: string;
  status: string;
  result: string;
  startDate: number | null;
  endDate: number | null;
  /** The review of its findings (docs/reviews.md); null for a process without findings. */
  review: ProcessReview | null;
}

export interface RequestOverviewRow {
  id: string;
  packageId: string;
  candidateId: string;
  createdAt: number;
  consent: Consent | null;
  /** The most severe result of the request's confirmed monitor alerts; null when none is confirmed. */
  confirmedAlertResult: FinalResult | null;
  processes: ProcessRow[];
}

export interface ProcessDetailRow extends ProcessRow {
  summary: Record<string, unknown> | null;
  rawDetails: Record<string, unknown> | null;
  /** The request is blocked (docs/privacy.md): its processes answer 410. */
  blocked: boolean;
}

/**
 * A request as its readers see it: `blocked` ones answer 410 (docs/privacy.md); suppressed ones
 * are not found at all (they read as unknown).
 */
export interface RetentionFlag {
  blocked: boolean;
}

export const PROCESS_JSON = `json_build_object(
  'id', p.id, 'processName', p.name, 'status', p.status, 'result', p.result,
  'startDate', (extract(epoch FROM p.start_date) * 1000)::bigint,
  'endDate', (extract(epoch FROM p.end_date) * 1000)::bigint, 'review', p.review)`;

const OVERVIEW = `SELECT r.id, r.package_id AS "packageId", c.id AS "candidateId", r.consent,
       r.confirmed_alert_result AS "confirmedAlertResult",
       (extract(epoch FROM r.created_at) * 1000)::bigint AS "createdAt",
       (SELECT json_agg(${PROCESS_JSON} ORDER BY p.position) FROM request_process p WHERE p.request_id = r.id) AS processes,
  (SELECT count(*)::int FROM monitor_alert a WHERE a.request_id = r.id AND a.status = 'open') AS "openMonitorAlerts",
  r.blocked_at IS NOT NULL AS blocked
  FROM candidate_request r JOIN candidate c ON c.request_id = r.id
 WHERE r.id = $1 AND r.client_id = ANY($2) AND r.suppressed_at IS NULL`;

/** Candidate requests, their candidate and their processes, always scoped to the caller's clients. */
@Injectable()
export class CandidateRequestRepository {
  /** Registrations arriving together share a statement; one that fails in a group is written alone. */
  private readonly registrations = new GroupCommit<RegistrationWrite, WrittenRegistration>(
    (writes) => this.writeMany(writes),
    {
      maxBatch: REGISTRATIONS_PER_STATEMENT,
      maxInFlight: STATEMENTS_IN_FLIGHT,
      retryAlone: true,
      // Two claims of one key never share a statement: the later one must see the earlier's answer.
      keyOf: (write) => (write.claim ? claimKey(write.claim) : write.registration.requestId),
    },
  );

  constructor(
    private readonly dataSource: DataSource,
    private readonly idempotency: IdempotencyRepository,
  ) {}

  /**
   * Writes one registration (docs/behaviour.md) atomically: its request, candidate, processes, events and
   * outbox jobs, and with an Idempotency-Key its claim (docs/behaviour.md). A key already claimed within its
   * lifetime writes nothing and answers the answer it keeps (a request still running with it is
   * waited for). Registrations arriving together are written together (see the constants above).
   */
  writeRegistration(write: RegistrationWrite): Promise<WrittenRegistration> {
    return this.registrations.submit(write);
  }

  private async writeMany(writes: RegistrationWrite[]): Promise<WrittenRegistration[]> {
    // Without keys, one statement and no transaction: the hot path.
    if (writes.every((w) => !w.claim)) return this.insertAll(this.dataSource, writes);
    return this.dataSource.transaction(async (tx) => {
      const claimed = await this.idempotency.claimAnswered(
        tx,
        writes.flatMap((w) => (w.claim ? [w.claim] : [])),
      );
      const isClaimed = (w: RegistrationWrite) => !w.claim || claimed.has(claimKey(w.claim));
      const written = await this.insertAll(tx, writes.filter(isClaimed));
      const answers: WrittenRegistration[] = [];
      for (const w of writes)
        answers.push(
          isClaimed(w)
            ? written.shift()!
            : { written: false, kept: await this.idempotency.stored(tx, w.claim!) },
        );
      return answers;
    });
  }

  private async insertAll(
    executor: SqlExecutor,
    writes: RegistrationWrite[],
  ): Promise<WrittenRegistration[]> {
    const staged = await this.insertRegistrations(
      executor,
      writes.map((w) => w.registration),
      writes.flatMap((w) => w.jobs),
    );
    // insertRegistrations answers the jobs in the order given: each write's come in one run.
    let next = 0;
    return writes.map((w) => ({ written: true, jobs: staged.slice(next, (next += w.jobs.length)) }));
  }

  /**
   * Requests, their candidates, processes, events and the outbox jobs to run, in ONE statement
   * however many registrations (a group of single ones, or a batch of a thousand): atomic without a
   * transaction of its own (inside the caller's when there is one), one round trip.
   */
  async insertRegistrations(
    executor: SqlExecutor,
    registrations: readonly NewRegistration[],
    jobs: OutboxJob[],
    batch?: { id: string; indexes: readonly number[] },
  ): Promise<PendingOutboxJob[]> {
    if (registrations.length === 0) return [];
    const values = {
      requests: registrations.map((registration, i) => ({
        registration,
        batchIndex: batch ? batch.indexes[i] : null,
      })),
      batchId: batch?.id ?? null,
      candidates: registrations,
      processes: registrations.flatMap((r) => r.processes.map((p) => ({ ...p, requestId: r.requestId }))),
      events: registrations.flatMap((r) => r.events.map((event) => ({ clientId: r.clientId, event }))),
      jobs,
    };
    // Outside a transaction, a prepared statement: PostgreSQL parses and plans this five-part
    // statement once per pooled connection instead of on every registration.
    const rows =
      executor === this.dataSource
        ? await INSERT_REGISTRATIONS.prepared(this.dataSource, values)
        : await INSERT_REGISTRATIONS.query(executor, values);
    const idOf = new Map(rows.map((row) => [row.job_id, String(row.id)]));
    return jobs.map((j) => ({ ...j, id: idOf.get(j.jobId)! }));
  }

  /** One round trip: the hot path of polling. */
  async findOverview(
    requestId: string,
    clientIds: string[],
  ): Promise<(RequestOverviewRow & RetentionFlag & { openMonitorAlerts: number }) | null> {
    // Prepared: clients poll this; PostgreSQL plans it once per pooled connection.
    const rows = await preparedRows<RequestOverviewRow & RetentionFlag & { openMonitorAlerts: number }>(
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
              p.summary, p.raw_details AS "rawDetails", p.review, r.blocked_at IS NOT NULL AS blocked
         FROM request_process p JOIN candidate_request r ON r.id = p.request_id
        WHERE p.id = $2 AND p.request_id = $1 AND r.client_id = ANY($3) AND r.suppressed_at IS NULL`,
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

  /**
   * Newest first; `status` filters on the overall status the lifecycle stored. Blocked requests
   * leave the list (docs/privacy.md).
   */
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
          WHERE r.client_id = ANY($1) AND ($2::text IS NULL OR r.status = $2) AND r.blocked_at IS NULL
          ORDER BY r.created_at DESC, r.id DESC
          LIMIT $3 OFFSET $4`,
        [clientIds, filter.status ?? null, filter.limit, offsetOf(filter.page, filter.limit)],
      );
    let total = rows[0] ? Number(rows[0].total) : 0;
    if (!rows[0] && filter.page > 1) {
      const counted: Array<{ n: string }> = await this.dataSource.query(
        `SELECT count(*) AS n FROM candidate_request r
          WHERE r.client_id = ANY($1) AND ($2::text IS NULL OR r.status = $2) AND r.blocked_at IS NULL`,
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
