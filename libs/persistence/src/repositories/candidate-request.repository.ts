import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { type Consent, type DomainEvent, type FinalResult, offsetOf, type ProcessReview } from '@app/domain';
import { SqlExecutor } from './executor';
import type { NewCandidate } from './candidate-columns';
import { GroupCommit } from './group-commit';
import { scalar } from './hot-sql';
import { INSERT_REGISTRATIONS } from './hot-statements';
import { claimKey, IdempotencyClaim, IdempotencyRepository, StoredResponse } from './idempotency.repository';
import { OutboxJob, PendingOutboxJob } from './outbox.repository';
import { col, epochMs, json, jsonList, type JsonOf, readStatement, type RowOf } from './read-sql';

export type { NewCandidate } from './candidate-columns';

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
export const PROCESS_FIELDS = {
  id: col('uuid', 'p.id'),
  processName: col('text', 'p.name'),
  status: col('text', 'p.status'),
  result: col('text', 'p.result'),
  startDate: epochMs('p.start_date').orNull(),
  endDate: epochMs('p.end_date').orNull(),
  /** The review of its findings (docs/reviews.md); null for a process without findings. */
  review: json<ProcessReview | null>('p.review'),
};
export type ProcessRow = JsonOf<typeof PROCESS_FIELDS>;

/** The processes of the request `r`, in their order (a request has at least one: see registration). */
const REQUEST_PROCESSES = jsonList(
  PROCESS_FIELDS,
  'request_process p WHERE p.request_id = r.id',
  'p.position',
).as<ProcessRow[]>();

/** A request as the overview and the list show it; createdAt in epoch milliseconds. */
const REQUEST_FIELDS = {
  id: col('uuid', 'r.id'),
  packageId: col('text', 'r.package_id'),
  candidateId: col('uuid', 'c.id'),
  consent: json<Consent | null>('r.consent'),
  /** The most severe result of the request's confirmed monitor alerts; null when none is confirmed. */
  confirmedAlertResult: col('text', 'r.confirmed_alert_result').orNull().as<FinalResult | null>(),
  createdAt: epochMs('r.created_at'),
  processes: REQUEST_PROCESSES,
};
export type RequestOverviewRow = RowOf<typeof REQUEST_FIELDS>;

/**
 * The overview: the hot path of polling. Prepared: clients poll it; PostgreSQL plans it once per
 * pooled connection. Every field comes as the api answers it (createdAt a float8, no conversion).
 */
export const READ_OVERVIEW = readStatement(
  'request-overview',
  { requestId: scalar('uuid'), clientIds: scalar('text[]') },
  {
    ...REQUEST_FIELDS,
    openMonitorAlerts: col(
      'int',
      `(SELECT count(*)::int FROM monitor_alert a WHERE a.request_id = r.id AND a.status = 'open')`,
    ),
    /** The request is blocked (docs/privacy.md): it answers 410. */
    blocked: col('bool', 'r.blocked_at IS NOT NULL'),
  },
  (q, select) => `SELECT ${select}
  FROM candidate_request r JOIN candidate c ON c.request_id = r.id
 WHERE r.id = ${q.requestId} AND r.client_id = ANY(${q.clientIds}) AND r.suppressed_at IS NULL`,
);

/** One process with its summary and raw details; a blocked request's answer 410 (docs/privacy.md). */
export const READ_PROCESS = readStatement(
  'request-process',
  { requestId: scalar('uuid'), processId: scalar('uuid'), clientIds: scalar('text[]') },
  {
    ...PROCESS_FIELDS,
    summary: json<Record<string, unknown> | null>('p.summary'),
    rawDetails: json<Record<string, unknown> | null>('p.raw_details'),
    blocked: col('bool', 'r.blocked_at IS NOT NULL'),
  },
  (q, select) => `SELECT ${select}
  FROM request_process p JOIN candidate_request r ON r.id = p.request_id
 WHERE p.id = ${q.processId} AND p.request_id = ${q.requestId} AND r.client_id = ANY(${q.clientIds})
   AND r.suppressed_at IS NULL`,
);
export type ProcessDetailRow = RowOf<typeof READ_PROCESS.fields>;

/** Per process name, the durations (ms) of its newest finished processes, newest first. */
export const READ_RECENT_DURATIONS = readStatement(
  'request-recent-durations',
  { names: scalar('text[]'), perName: scalar('int') },
  (q) => ({
    name: col('text', 'n.name'),
    durations: col(
      'bigint[]',
      `array(
         SELECT (extract(epoch FROM p.end_date - p.start_date) * 1000)::bigint
           FROM request_process p
          WHERE p.name = n.name AND p.end_date IS NOT NULL
          ORDER BY p.end_date DESC LIMIT ${q.perName})`,
    ),
  }),
  (q, select) => `SELECT ${select} FROM unnest(${q.names}) AS n(name)`,
);

/** Newest first; the status filter is optional (NULL: every status). Blocked requests are left out. */
const LIST_WHERE = (q: { clientIds: string; status: string }) =>
  `r.client_id = ANY(${q.clientIds}) AND (${q.status} IS NULL OR r.status = ${q.status}) AND r.blocked_at IS NULL`;

export const READ_LIST = readStatement(
  'request-list',
  { clientIds: scalar('text[]'), status: scalar('text'), limit: scalar('int8'), offset: scalar('int8') },
  {
    id: REQUEST_FIELDS.id,
    clientId: col('text', 'r.client_id'),
    packageId: REQUEST_FIELDS.packageId,
    candidateId: REQUEST_FIELDS.candidateId,
    status: col('text', 'r.status'),
    createdAt: REQUEST_FIELDS.createdAt,
    processes: REQUEST_PROCESSES,
    total: col('bigint', 'count(*) OVER ()'),
  },
  (q, select) => `SELECT ${select}
  FROM candidate_request r JOIN candidate c ON c.request_id = r.id
 WHERE ${LIST_WHERE(q)}
 ORDER BY r.created_at DESC, r.id DESC
 LIMIT ${q.limit} OFFSET ${q.offset}`,
);

/** How many requests the list's filter keeps (a page past the end has no row to count them). */
export const COUNT_LIST = readStatement(
  'request-list-count',
  { clientIds: scalar('text[]'), status: scalar('text') },
  { n: col('bigint', 'count(*)') },
  (q, select) => `SELECT ${select} FROM candidate_request r WHERE ${LIST_WHERE(q)}`,
);

/**
 * A request as its readers see it: `blocked` ones answer 410 (docs/privacy.md); suppressed ones
 * are not found at all (they read as unknown).
 */
export interface RetentionFlag {
  blocked: boolean;
}

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
  ): Promise<RowOf<typeof READ_OVERVIEW.fields> | null> {
    const [row] = await READ_OVERVIEW.prepared(this.dataSource, { requestId, clientIds });
    return row ?? null;
  }

  async findProcess(
    requestId: string,
    processId: string,
    clientIds: string[],
  ): Promise<ProcessDetailRow | null> {
    const [row] = await READ_PROCESS.query(this.dataSource, { requestId, processId, clientIds });
    return row ?? null;
  }

  /** Per process name, the durations (ms) of its newest finished processes, newest first. */
  async recentDurations(names: readonly string[], perName: number): Promise<Map<string, number[]>> {
    const rows = await READ_RECENT_DURATIONS.query(this.dataSource, { names, perName });
    return new Map(rows.map((row) => [row.name, row.durations.map(Number)]));
  }

  /**
   * Newest first; `status` filters on the overall status the lifecycle stored. Blocked requests
   * leave the list (docs/privacy.md).
   */
  async list(
    clientIds: string[],
    filter: { status?: string; page: number; limit: number },
  ): Promise<{ total: number; rows: Array<Omit<RowOf<typeof READ_LIST.fields>, 'total'>> }> {
    const status = filter.status ?? null;
    const rows = await READ_LIST.query(this.dataSource, {
      clientIds,
      status,
      limit: filter.limit,
      offset: offsetOf(filter.page, filter.limit),
    });
    let total = rows[0] ? Number(rows[0].total) : 0;
    if (!rows[0] && filter.page > 1) {
      const [counted] = await COUNT_LIST.query(this.dataSource, { clientIds, status });
      total = Number(counted.n);
    }
    return { total, rows: rows.map(({ total: _t, ...row }) => row) };
  }
}
