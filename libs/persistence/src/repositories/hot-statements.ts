import { type DomainEvent, eventSubject } from '@app/domain';
import type { NewProcess, NewRegistration } from './candidate-request.repository';
import { columnsVia, type Columns, hotStatement, rows, scalar } from './hot-sql';
import type { IdempotencyClaim } from './idempotency.repository';
import type { OutboxJob } from './outbox.repository';
import type { LifecycleWrite, StepWrites } from './process-execution.repository';
import type { StoredScreening } from './watch-list-screening.repository';

/**
 * The statements run per registration, per lifecycle step and per screening, in one place: each
 * declares its columns once (see hot-sql.ts). `hot-statements.spec.ts` snapshots their SQL, so a
 * change to one of them is a visible, reviewed change.
 */

/** An event row, wherever events are written. */
export const EVENT_COLUMNS: Columns<DomainEvent> = {
  type: ['text', (e) => e.type],
  subject: ['text', eventSubject],
  data: ['jsonb', (e) => e.data],
};

/** An outbox row, wherever jobs are written. */
export const JOB_COLUMNS: Columns<OutboxJob> = {
  queue: ['text', (j) => j.queue],
  job_name: ['text', (j) => j.jobName],
  job_id: ['text', (j) => j.jobId],
  payload: ['jsonb', (j) => j.payload],
  available_at: ['timestamptz', (j) => j.availableAt],
};

/** Jobs as stored: the outbox id to mark published. */
export type StoredJobRow = { id: string; job_id: string };

/** Events of one client (`EventRepository.append`, in the caller's transaction). */
export const APPEND_EVENTS = hotStatement<never>()(
  'append-events',
  { clientId: scalar('text'), events: rows<DomainEvent>('e', EVENT_COLUMNS) },
  (q) => `INSERT INTO event (client_id, ${q.events.names()}) SELECT ${q.clientId}, * FROM ${q.events.from}`,
);

/** Jobs to the outbox; a job id already there is left out (`OutboxRepository.add`). */
export const ADD_JOBS = hotStatement<StoredJobRow>()(
  'outbox-add',
  { jobs: rows<OutboxJob>('j', JOB_COLUMNS) },
  (q) => `INSERT INTO outbox_job (${q.jobs.names()}) SELECT * FROM ${q.jobs.from}
  ON CONFLICT (job_id) DO NOTHING RETURNING id, job_id`,
);

/** Jobs published again by the sweeper (`OutboxRepository.rearm`). */
export const REARM_JOBS = hotStatement<never>()(
  'outbox-rearm',
  { jobs: rows<OutboxJob>('j', JOB_COLUMNS) },
  (q) => `INSERT INTO outbox_job (${q.jobs.names()}) SELECT * FROM ${q.jobs.from}
  ON CONFLICT (job_id) DO UPDATE SET published_at = NULL, available_at = EXCLUDED.available_at`,
);

/** A request row of a registration: a batch's item has its index in the batch. */
export interface RequestRow {
  registration: NewRegistration;
  batchIndex: number | null;
}

/**
 * Registrations (one, a group of single ones, or a batch's) with their candidates, processes,
 * events and outbox jobs, in ONE statement (`CandidateRequestRepository`).
 */
export const INSERT_REGISTRATIONS = hotStatement<StoredJobRow>()(
  'insert-registrations',
  {
    requests: rows<RequestRow>('r', {
      id: ['uuid', (r) => r.registration.requestId],
      client_id: ['text', (r) => r.registration.clientId],
      package_id: ['text', (r) => r.registration.packageId],
      created_by: ['uuid', (r) => r.registration.createdBy],
      person_type: ['text', (r) => r.registration.personType],
      status: ['text', (r) => r.registration.status],
      batch_index: ['int', (r) => r.batchIndex],
    }),
    batchId: scalar('uuid'),
    candidates: rows<NewRegistration>('c', {
      id: ['uuid', (r) => r.candidate.id],
      request_id: ['uuid', (r) => r.requestId],
      person_type: ['text', (r) => r.personType],
      name: ['text', (r) => r.candidate.name],
      last_name: ['text', (r) => r.candidate.lastName],
      second_last_name: ['text', (r) => r.candidate.secondLastName],
      birth_date: ['date', (r) => r.candidate.birthDate],
      nationality: ['text', (r) => r.candidate.nationality],
      gender: ['text', (r) => r.candidate.gender],
      rfc: ['text', (r) => r.candidate.rfc],
      curp: ['text', (r) => r.candidate.curp],
      consent_nip: ['text', (r) => r.candidate.consentNIP],
      regime: ['text', (r) => r.candidate.regime],
      business_name: ['text', (r) => r.candidate.businessName],
      email: ['text', (r) => r.candidate.email],
      phone: ['text', (r) => r.candidate.phone],
    }),
    processes: rows<NewProcess & { requestId: string }>('p', {
      id: ['uuid', (p) => p.id],
      request_id: ['uuid', (p) => p.requestId],
      name: ['text', (p) => p.name],
      position: ['smallint', (p) => p.position],
      depends_on: ['text', (p) => p.dependsOn],
      status: ['text', (p) => p.status],
    }),
    events: rows<{ clientId: string; event: DomainEvent }>('e', {
      client_id: ['text', (e) => e.clientId],
      ...columnsVia(EVENT_COLUMNS, (e: { event: DomainEvent }) => e.event),
    }),
    jobs: rows<OutboxJob>('j', JOB_COLUMNS),
  },
  (q) => `WITH request AS (
         INSERT INTO candidate_request (${q.requests.names()}, batch_id)
         SELECT *, ${q.batchId} FROM ${q.requests.from}),
       candidate_row AS (
         INSERT INTO candidate (${q.candidates.names()}) SELECT * FROM ${q.candidates.from}),
       processes AS (
         INSERT INTO request_process (${q.processes.names()}) SELECT * FROM ${q.processes.from}),
       events AS (
         INSERT INTO event (${q.events.names()}) SELECT * FROM ${q.events.from})
       INSERT INTO outbox_job (${q.jobs.names()}) SELECT * FROM ${q.jobs.from}
       RETURNING id, job_id`,
);

/** A process change of a step, with what the step writes on that process. */
export interface ChangeRow {
  k: number;
  change: LifecycleWrite['transition']['changes'][number];
  outcome?: NonNullable<StepWrites['outcome']>;
  input?: NonNullable<StepWrites['candidateInput']>;
}

/**
 * Decided lifecycle steps of several requests (one per request) in ONE statement, each applied only
 * if its request's version is unchanged (`ProcessExecutionRepository`). `k` ties a step's rows to it.
 */
export const APPLY_STEPS = hotStatement<{
  applied: number[] | null;
  jobs: StoredJobRow[] | null;
}>()(
  'lifecycle-apply-many',
  {
    steps: rows<{ k: number; step: LifecycleWrite }>('s', {
      k: ['int', (s) => s.k],
      request_id: ['uuid', (s) => s.step.request.uuid],
      version: ['int', (s) => s.step.request.version],
      status: ['text', (s) => s.step.transition.requestStatus],
      client_id: ['text', (s) => s.step.request.clientId],
    }),
    changes: rows<ChangeRow>('c', {
      k: ['int', (c) => c.k],
      id: ['uuid', (c) => c.change.id],
      expected: ['text', (c) => c.change.expectedStatus],
      status: ['text', (c) => c.change.next.status],
      result: ['text', (c) => c.change.next.result],
      start_date: ['timestamptz', (c) => toDate(c.change.next.startDate)],
      end_date: ['timestamptz', (c) => toDate(c.change.next.endDate)],
      generation: ['smallint', (c) => c.change.next.generation],
      has_outcome: ['bool', (c) => c.outcome !== undefined],
      summary: ['jsonb', (c) => c.outcome?.summary],
      raw_details: ['jsonb', (c) => c.outcome?.rawDetails],
      has_input: ['bool', (c) => c.input !== undefined],
      candidate_input: ['jsonb', (c) => c.input?.input],
    }),
    events: rows<{ k: number; event: DomainEvent }>('e', {
      k: ['int', (e) => e.k],
      ...columnsVia(EVENT_COLUMNS, (e: { event: DomainEvent }) => e.event),
    }),
    jobs: rows<{ k: number; job: OutboxJob }>('j', {
      k: ['int', (j) => j.k],
      ...columnsVia(JOB_COLUMNS, (j: { job: OutboxJob }) => j.job),
    }),
  },
  (q) => `WITH step AS (SELECT * FROM ${q.steps.from}),
       locked AS (
         SELECT r.id FROM candidate_request r JOIN step s ON r.id = s.request_id AND r.lifecycle_version = s.version
          ORDER BY r.id FOR UPDATE OF r),
       guard AS (
         UPDATE candidate_request r SET status = s.status, lifecycle_version = r.lifecycle_version + 1
           FROM step s
          WHERE r.id = s.request_id AND r.lifecycle_version = s.version AND r.id IN (SELECT id FROM locked)
          RETURNING s.k, s.request_id, s.client_id),
       changes AS (SELECT * FROM ${q.changes.from}),
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
         INSERT INTO event (client_id, ${q.events.names('k')})
         SELECT g.client_id, ${q.events.select('k')}
           FROM unnest(${q.events.arrays}) WITH ORDINALITY AS e(${q.events.names()}, n)
           JOIN guard g ON g.k = e.k
          ORDER BY e.n),
       jobs AS (
         INSERT INTO outbox_job (${q.jobs.names('k')})
         SELECT ${q.jobs.select('k')} FROM ${q.jobs.from} JOIN guard g ON g.k = j.k
         ON CONFLICT (job_id) DO NOTHING
         RETURNING id, job_id)
       SELECT (SELECT array_agg(k) FROM guard) AS applied, (SELECT count(*) FROM updated) AS updated,
              (SELECT json_agg(jobs) FROM jobs) AS jobs`,
);

/**
 * Idempotency-Key claims written with the answer they keep, in the transaction of the work
 * (`IdempotencyRepository.claimAnswered`): a key another request holds and that has not expired is
 * not claimed (and that request's transaction is waited for). Rows go in key order, so two such
 * statements never wait on each other in a circle.
 */
export const CLAIM_KEYS = hotStatement<{ user_id: string; operation: string; key: string }>()(
  'idempotency-claim-answered',
  {
    claims: rows<IdempotencyClaim>('c', {
      user_id: ['uuid', (c) => c.userId],
      operation: ['text', (c) => c.operation],
      key: ['text', (c) => c.key],
      request_hash: ['text', (c) => c.requestHash],
      status_code: ['smallint', (c) => c.answer.statusCode],
      response_body: ['jsonb', (c) => c.answer.body],
      response_headers: ['jsonb', (c) => c.answer.headers ?? {}],
    }),
    ttlHours: scalar('int'),
  },
  (q) => `INSERT INTO idempotency_record (${q.claims.names()})
  SELECT * FROM ${q.claims.from} ORDER BY c.user_id, c.operation, c.key
  ON CONFLICT (user_id, operation, key) DO UPDATE
    SET request_hash = EXCLUDED.request_hash, status_code = EXCLUDED.status_code,
        response_body = EXCLUDED.response_body, response_headers = EXCLUDED.response_headers, created_at = now()
    WHERE idempotency_record.created_at < now() - (${q.ttlHours} * interval '1 hour')
  RETURNING user_id, operation, key`,
);

/** Ad-hoc screenings and their one charge each (`WatchListScreeningRepository`). */
export const INSERT_SCREENINGS = hotStatement<never>()(
  'insert-screenings',
  {
    screenings: rows<StoredScreening>('x', {
      id: ['uuid', (s) => s.id],
      client_id: ['text', (s) => s.clientId],
      user_id: ['uuid', (s) => s.userId],
      sources: ['jsonb', (s) => s.sources],
      lists_checked: ['jsonb', (s) => s.listsChecked],
      matches: ['jsonb', (s) => s.matches],
    }),
  },
  (q) => `WITH s AS (
         INSERT INTO watch_list_screening (${q.screenings.names()})
         SELECT id, client_id, user_id, ARRAY(SELECT jsonb_array_elements_text(sources)), lists_checked, matches
           FROM ${q.screenings.from}
         RETURNING id, client_id)
       INSERT INTO billing_charge (client_id, kind, screening_id)
       SELECT client_id, 'WATCH_LIST_SCREENING', id FROM s`,
);

function toDate(epochMs: number | null): Date | null {
  return epochMs === null ? null : new Date(epochMs);
}
