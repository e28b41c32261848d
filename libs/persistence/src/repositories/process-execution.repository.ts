import { Injectable } from '@nestjs/common';
import type {
  ProcessName,
  ProcessReview,
  ProcessResult,
  ProcessStatus,
  RequestState,
  RequestTransition,
} from '@app/domain';
import { DataSource } from 'typeorm';
import { candidateFields } from './candidate-columns';
import { GroupCommit } from './group-commit';
import { type Inputs, type Refs, scalar } from './hot-sql';
import { APPLY_STEPS, ChangeRow } from './hot-statements';
import { OutboxJob, PendingOutboxJob } from './outbox.repository';
import { col, epochMs, json, jsonList, jsonObject, readStatement, type RowOf } from './read-sql';

/**
 * What a lifecycle step reads of its candidate (the providers' input): who the person or company
 * is; not the contact details, the consent NIP or the regime, which no provider is sent.
 */
const LIFECYCLE_CANDIDATE = {
  personType: true,
  name: true,
  lastName: true,
  secondLastName: true,
  birthDate: true,
  nationality: true,
  gender: true,
  rfc: true,
  curp: true,
  consentNIP: false,
  regime: false,
  businessName: true,
  email: false,
  phone: false,
} as const;

const SNAPSHOT_FIELDS = {
  uuid: col('uuid', 'r.id'),
  clientId: col('text', 'r.client_id'),
  version: col('int', 'r.lifecycle_version'),
  candidate: jsonObject({ id: col('uuid', 'c.id'), ...candidateFields('c', LIFECYCLE_CANDIDATE) }),
  // A request has at least one process (its registration writes them).
  processes: jsonList(
    {
      id: col('uuid', 'l.id'),
      name: col('text', 'l.name').as<ProcessName>(),
      status: col('text', 'l.status').as<ProcessStatus>(),
      result: col('text', 'l.result').as<ProcessResult>(),
      startDate: epochMs('l.start_date').orNull(),
      endDate: epochMs('l.end_date').orNull(),
      generation: col('int', 'l.generation'),
      candidateInput: json<unknown>('l.candidate_input'),
    },
    'request_process l WHERE l.request_id = r.id',
    'l.position',
  ),
};

/** The candidate as a lifecycle step reads it. */
export type CandidateRow = (typeof SNAPSHOT_FIELDS.candidate)['json'];

/** Requests as lifecycle steps read them (blocked ones are read by none: docs/privacy.md), by `where`. */
const snapshotRead = <I extends Inputs>(name: string, inputs: I, where: (q: Refs<I>) => string) =>
  readStatement(
    name,
    inputs,
    SNAPSHOT_FIELDS,
    (q, select) => `SELECT ${select}
  FROM candidate_request r JOIN candidate c ON c.request_id = r.id
 WHERE r.blocked_at IS NULL AND ${where(q)}`,
  );

/** A request of one of these clients. */
export const READ_SNAPSHOT_BY_REQUEST = snapshotRead(
  'lifecycle-read-by-request',
  { requestId: scalar('uuid'), clientIds: scalar('text[]') },
  (q) => `r.id = ${q.requestId} AND r.client_id = ANY(${q.clientIds})`,
);

/** The requests of these processes. */
export const READ_SNAPSHOTS_BY_PROCESSES = snapshotRead(
  'lifecycle-read-by-processes',
  { processIds: scalar('uuid[]') },
  (q) => `r.id IN (SELECT request_id FROM request_process WHERE id = ANY(${q.processIds}))`,
);

/** Processes queued or running unchanged for a while, after an id (see `queuedSince`). */
export const READ_QUEUED_SINCE = readStatement(
  'lifecycle-queued-since',
  { afterId: scalar('uuid'), unchangedForMs: scalar('float8'), limit: scalar('int') },
  { id: col('uuid', 'id'), requestId: col('uuid', 'request_id'), generation: col('int', 'generation') },
  (q, select) => `SELECT ${select}
  FROM request_process
 WHERE status = 'En proceso' AND id > ${q.afterId}
   AND updated_at < now() - make_interval(secs => ${q.unchangedForMs} / 1000)
   AND NOT EXISTS (SELECT 1 FROM candidate_request r WHERE r.id = request_process.request_id AND r.blocked_at IS NOT NULL)
 ORDER BY id LIMIT ${q.limit}`,
);

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
  /**
   * The provider's answer, on the process that finished, and the process's review over its findings
   * (docs/reviews.md; null without findings).
   */
  outcome?: { processId: string; summary: unknown; rawDetails: unknown; review?: ProcessReview | null };
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

/** A process queued or running since before some moment: its job should be in Bull. */
export interface QueuedProcess {
  id: string;
  requestId: string;
  generation: number;
}

export interface AppliedWrite {
  /** False when the request changed since `request` was read: nothing of the step was written. */
  applied: boolean;
  /** The step's jobs as stored in the outbox (a job already there is left out), to publish. */
  jobs: PendingOutboxJob[];
}

/**
 * Group commit of the lifecycle's reads and writes: the steps of different requests that read (or
 * write) while earlier statements run go together in the next statement. No timer: an idle
 * processor reads and writes a step at once; groups grow only with the load (1,024 jobs at once).
 * - STEPS_PER_STATEMENT: 100 steps of about 5 rows each still plan and run in a few milliseconds,
 *   and one slow group holds back at most 100 jobs.
 * - STATEMENTS_IN_FLIGHT: two at once keep PostgreSQL busy while the next group gathers; more only
 *   take pool connections from the webhooks and the sweeper.
 */
const STEPS_PER_STATEMENT = 100;
const STATEMENTS_IN_FLIGHT = 2;

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

  /** Reads by process id that arrive together share one round trip. */
  private readonly reads = new GroupCommit<string, RequestSnapshot | null>(
    (processIds) => this.readByProcesses(processIds),
    // A failed read is the database's failure, not a process's: every reader of the group hears it.
    { maxBatch: STEPS_PER_STATEMENT, maxInFlight: STATEMENTS_IN_FLIGHT, retryAlone: false },
  );

  /**
   * Steps decided at the same time share one statement and one commit; each is still applied only
   * if its own request's version is unchanged. Two steps of one request never share a statement
   * (the second is decided again after the first); a group that fails is written one step at a time.
   */
  private readonly writes = new GroupCommit<LifecycleWrite, AppliedWrite>((steps) => this.applyMany(steps), {
    maxBatch: STEPS_PER_STATEMENT,
    maxInFlight: STATEMENTS_IN_FLIGHT,
    retryAlone: true,
    keyOf: (step) => step.request.uuid,
  });

  /** The request of a process; null for an unknown process. */
  readByProcess(processId: string): Promise<RequestSnapshot | null> {
    return this.reads.submit(processId);
  }

  /**
   * Writes one decided step if its request's version is still the one it was decided on (else
   * `applied` is false and nothing was written): the request's status and version, its process
   * states, its events and its outbox jobs, atomically.
   */
  applyStep(step: LifecycleWrite): Promise<AppliedWrite> {
    return this.writes.submit(step);
  }

  /**
   * Processes queued or running (`En proceso`) whose row has not changed for `unchangedForMs`, after
   * `afterId` in id order: the candidates of the sweep for jobs that Redis lost. Read from the
   * partial index of queued processes; a backlog's young rows are skipped by the condition.
   */
  queuedSince(afterId: string | null, unchangedForMs: number, limit: number): Promise<QueuedProcess[]> {
    return READ_QUEUED_SINCE.query(this.dataSource, {
      afterId: afterId ?? '00000000-0000-0000-0000-000000000000',
      unchangedForMs,
      limit,
    });
  }

  /**
   * A request of one of these clients; null when there is none. A blocked request is read by no
   * step (docs/privacy.md): no process uses it, so its jobs end without doing anything.
   */
  async read(by: { requestId: string; clientIds: string[] }): Promise<RequestSnapshot | null> {
    const rows = await READ_SNAPSHOT_BY_REQUEST.prepared(this.dataSource, by);
    return rows[0] ? snapshotOf(rows[0]) : null;
  }

  /** The request of each process (in the same order), in one round trip; null for an unknown process. */
  private async readByProcesses(processIds: readonly string[]): Promise<Array<RequestSnapshot | null>> {
    const rows = await READ_SNAPSHOTS_BY_PROCESSES.prepared(this.dataSource, { processIds });
    const requests = rows.map(snapshotOf);
    return processIds.map((id) => requests.find((r) => r.processes.some((p) => p.id === id)) ?? null);
  }

  /**
   * Writes decided transitions of several requests (at most one step per request) in ONE
   * statement: each request's overall status and version, its process states, its events and its
   * outbox jobs. A step whose request's version moved since it was read writes nothing at all
   * (`applied` false), and does not stop the others. Rows are locked in request id order, so two
   * such statements of two processors never wait on each other in a circle.
   */
  private async applyMany(steps: readonly LifecycleWrite[]): Promise<AppliedWrite[]> {
    const rows = await APPLY_STEPS.prepared(this.dataSource, {
      steps: steps.map((step, k) => ({ k, step })),
      changes: steps.flatMap((step, k) =>
        step.transition.changes.map((change): ChangeRow => ({
          k,
          change,
          outcome: step.writes.outcome?.processId === change.id ? step.writes.outcome : undefined,
          input: step.writes.candidateInput?.processId === change.id ? step.writes.candidateInput : undefined,
        })),
      ),
      events: steps.flatMap((step, k) => step.transition.events.map((event) => ({ k, event }))),
      jobs: steps.flatMap((step, k) => step.jobs.map((job) => ({ k, job }))),
    });
    const applied = new Set(rows[0]?.applied ?? []);
    const idOf = new Map((rows[0]?.jobs ?? []).map((j) => [j.job_id, String(j.id)]));
    return steps.map((step, k) => ({
      applied: applied.has(k),
      jobs: step.jobs.filter((j) => idOf.has(j.jobId)).map((j) => ({ ...j, id: idOf.get(j.jobId)! })),
    }));
  }
}

/** A request's row as a step reads it: the candidate's inputs apart from the processes' states. */
function snapshotOf(row: RowOf<typeof SNAPSHOT_FIELDS>): RequestSnapshot {
  const processes = row.processes ?? [];
  const candidateInputs: Record<string, unknown> = {};
  for (const p of processes) if (p.candidateInput !== null) candidateInputs[p.id] = p.candidateInput;
  return {
    uuid: row.uuid,
    clientId: row.clientId,
    version: row.version,
    candidate: row.candidate,
    candidateInputs,
    processes: processes.map(({ candidateInput: _input, ...p }) => p),
  };
}
