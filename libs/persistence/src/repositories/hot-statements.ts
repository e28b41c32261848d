import {
  type AlertDecision,
  type AuditEvent,
  type DomainEvent,
  eventSubject,
  type MonitorSource,
  searchNameKey,
} from '@app/domain';
import { candidateWriteColumns } from './candidate-columns';
import type { NewProcess, NewRegistration } from './candidate-request.repository';
import { columnsVia, type Columns, hotStatement, rows, scalar } from './hot-sql';
import type { IdempotencyClaim } from './idempotency.repository';
import { type MatchJson, matchPageSql } from './legal-match-page';
import type { NewSearch } from './legal-search.repository';
import type { NewAlert } from './monitor-activation.repository';
import type { OutboxJob } from './outbox.repository';
import type { LifecycleWrite, StepWrites } from './process-execution.repository';
import type { StoredScreening } from './watch-list-screening.repository';
import type { AttemptRecord } from './webhook-delivery.repository';

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

/** An event of a given client: statements that write events of several clients at once. */
export interface ClientEvent {
  clientId: string;
  event: DomainEvent;
}

/** An event row with its client, wherever events of several clients are written together. */
export const CLIENT_EVENT_COLUMNS: Columns<ClientEvent> = {
  client_id: ['text', (e) => e.clientId],
  ...columnsVia(EVENT_COLUMNS, (e: ClientEvent) => e.event),
};

/** Jobs as stored: the outbox id to mark published. */
export type StoredJobRow = { id: string; job_id: string };

/** Events of one client (`EventRepository.append`, in the caller's transaction). */
export const APPEND_EVENTS = hotStatement<never>()(
  'append-events',
  { clientId: scalar('text'), events: rows<DomainEvent>('e', EVENT_COLUMNS) },
  (q) => `INSERT INTO event (client_id, ${q.events.names()}) SELECT ${q.clientId}, * FROM ${q.events.from}`,
);

/** Events of one client, answering their public ids (`EventRepository.appendOne`: a webhook test). */
export const APPEND_EVENT_WITH_ID = hotStatement<{ id: string }>()(
  'append-event-with-id',
  { clientId: scalar('text'), events: rows<DomainEvent>('e', EVENT_COLUMNS) },
  (q) => `INSERT INTO event (client_id, ${q.events.names()}) SELECT ${q.clientId}, * FROM ${q.events.from}
  RETURNING 'evt_' || tx_id || '_' || seq AS id`,
);

/**
 * Events of several clients, in the caller's transaction (a monitor's alerts, a retention sweep's
 * blockings and suppressions).
 */
export const APPEND_CLIENT_EVENTS = hotStatement<never>()(
  'append-client-events',
  { events: rows<ClientEvent>('e', CLIENT_EVENT_COLUMNS) },
  (q) => `INSERT INTO event (${q.events.names()}) SELECT * FROM ${q.events.from}`,
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
      consent: ['jsonb', (r) => r.registration.consent],
    }),
    batchId: scalar('uuid'),
    // Every candidate field, from the one map of them (candidate-columns.ts).
    candidates: rows<NewRegistration>('c', {
      id: ['uuid', (r) => r.candidate.id],
      request_id: ['uuid', (r) => r.requestId],
      ...candidateWriteColumns((r: NewRegistration) => r.candidate),
    }),
    processes: rows<NewProcess & { requestId: string }>('p', {
      id: ['uuid', (p) => p.id],
      request_id: ['uuid', (p) => p.requestId],
      name: ['text', (p) => p.name],
      position: ['smallint', (p) => p.position],
      depends_on: ['text', (p) => p.dependsOn],
      status: ['text', (p) => p.status],
    }),
    events: rows<ClientEvent>('e', CLIENT_EVENT_COLUMNS),
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
      review: ['jsonb', (c) => c.outcome?.review ?? undefined],
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
          WHERE r.blocked_at IS NULL
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
                review = CASE WHEN c.has_outcome THEN c.review ELSE p.review END,
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

/** What INSERT_SEARCH answers: whether it charged, and the first page of the search's matches. */
export interface InsertedSearchRow {
  charged: boolean;
  page: { total: number; rows: MatchJson[] } | null;
}

/**
 * A legal search (pointing at its match set), its charge when `charge` and its events, in ONE
 * statement that also reads the first page of its matches (`LegalSearchRepository.insertSearch`).
 * Two texts, one per kind of page (filtered, or a slice of the set: see `matchPageSql`), each
 * prepared under its own name.
 */
const insertSearch = (name: string, filtered: boolean) =>
  hotStatement<InsertedSearchRow>()(
    name,
    {
      searches: rows<NewSearch>('s', {
        id: ['uuid', (s) => s.id],
        client_id: ['text', (s) => s.clientId],
        created_by: ['uuid', (s) => s.createdBy],
        search_query: ['jsonb', (s) => s.query],
        outcome: ['text', (s) => s.outcome],
        total_in_source: ['int', (s) => s.totalInSource],
        kpis: ['jsonb', (s) => s.kpis],
        slow_response: ['bool', (s) => s.slowResponse],
        recoverable_until: ['timestamptz', (s) => s.recoverableUntil],
        name_key: ['text', (s) => searchNameKey(s.query)],
        match_set_id: ['bigint', (s) => s.matchSetId],
        corpus_version: ['bigint', (s) => s.corpusVersion],
      }),
      charge: scalar('bool'),
      clientId: scalar('text'),
      events: rows<DomainEvent>('e', EVENT_COLUMNS),
      mask: scalar('int'),
      states: scalar('text[]'),
      limit: scalar('bigint'),
      offset: scalar('bigint'),
    },
    (q) => `WITH s AS (
         INSERT INTO legal_search (${q.searches.names()}) SELECT * FROM ${q.searches.from}
         RETURNING id, client_id, match_set_id),
       c AS (INSERT INTO billing_charge (client_id, kind, search_id)
             SELECT client_id, 'LEGAL_SEARCH', id FROM s WHERE ${q.charge}
             RETURNING 1),
       events AS (INSERT INTO event (client_id, ${q.events.names()}) SELECT ${q.clientId}, * FROM ${q.events.from})
       SELECT EXISTS (SELECT 1 FROM c) AS charged,
              (SELECT row_to_json(p) FROM (${matchPageSql('(SELECT match_set_id FROM s)', filtered, q)}) p
                WHERE (SELECT match_set_id FROM s) IS NOT NULL) AS page`,
  );
export const INSERT_SEARCH = insertSearch('legal-search-insert', true);
export const INSERT_SEARCH_SLICE = insertSearch('legal-search-insert-slice', false);

/**
 * A record of a search unlocked and charged exactly once (`LegalSearchRepository.unlockOnce`): of
 * concurrent first readings one inserts the unlock row, its charge and its events; the others wait
 * on it and then find it there.
 */
export const UNLOCK_ONCE = hotStatement<{ inserted: Date | null; existing: Date | null }>()(
  'legal-unlock-once',
  {
    searchId: scalar('uuid'),
    personUuid: scalar('uuid'),
    clientId: scalar('text'),
    events: rows<DomainEvent>('e', EVENT_COLUMNS),
  },
  (q) => `WITH u AS (INSERT INTO legal_unlock (search_id, person_uuid) VALUES (${q.searchId}, ${q.personUuid})
                  ON CONFLICT DO NOTHING RETURNING unlocked_at),
            c AS (INSERT INTO billing_charge (client_id, kind, search_id, person_uuid)
                  SELECT ${q.clientId}, 'LEGAL_RECORD_UNLOCK', ${q.searchId}, ${q.personUuid} FROM u
                  ON CONFLICT (kind, search_id, person_uuid) DO NOTHING),
            events AS (INSERT INTO event (client_id, ${q.events.names()})
                  SELECT ${q.clientId}, ${q.events.select()} FROM u, ${q.events.from})
       SELECT (SELECT unlocked_at FROM u) AS inserted,
              (SELECT unlocked_at FROM legal_unlock WHERE search_id = ${q.searchId} AND person_uuid = ${q.personUuid})
                AS existing`,
);

/** An alert as INSERT_ALERTS answers it: one actually inserted. */
export interface InsertedAlertRow {
  id: string;
  monitor_id: string;
  client_id: string;
  request_id: string;
  source: MonitorSource;
  kind: AlertDecision['kind'];
}

/**
 * Monitor alerts, each once (ON CONFLICT on the fingerprint, never a check first), in the caller's
 * transaction (`MonitorActivationRepository.raise`). created_at: the time of the insert, right
 * before the commit (now() would be the start of a transaction that compared a whole version first).
 */
export const INSERT_ALERTS = hotStatement<InsertedAlertRow>()(
  'monitor-insert-alerts',
  {
    alerts: rows<NewAlert>('a', {
      id: ['uuid', (a) => a.id],
      fingerprint: ['text', (a) => a.fingerprint],
      monitor_id: ['uuid', (a) => a.monitorId],
      client_id: ['text', (a) => a.clientId],
      request_id: ['uuid', (a) => a.requestId],
      source: ['text', (a) => a.source],
      version: ['bigint', (a) => String(a.version)],
      entry_id: ['text', (a) => a.decision.entryId],
      kind: ['text', (a) => a.decision.kind],
      match: ['jsonb', (a) => a.decision.match],
    }),
  },
  (q) => `INSERT INTO monitor_alert (${q.alerts.names()}, created_at)
  SELECT *, clock_timestamp() FROM ${q.alerts.from}
  ON CONFLICT (fingerprint) DO NOTHING
  RETURNING id, monitor_id, client_id, request_id, source, kind`,
);

/** An attempt's record as RECORD_ATTEMPTS answers it; `k` ties it to its item. */
export interface RecordedAttemptRow {
  k: number;
  retryJobId: string | null;
  /** The subject's other pending deliveries for the endpoint, in their events' order. */
  chain: Array<{ id: string; scheduled: boolean; attemptsMade: number }>;
  failingSince: string | null;
}

/**
 * The records of webhook attempts of different chains (endpoint and subject), ONE statement and one
 * commit for all (`WebhookDeliveryRepository.recordAttempt`). Each item, as if it were alone:
 * - its attempt is appended; its outcome applies only if the delivery is still as it was read
 *   (generation, pending, attempt count), so a manual retry or a cancellation in the meantime keeps
 *   the schedule; a retry bumps the generation and inserts the item's retry job into the outbox;
 * - the subject's other pending deliveries (its chain) are read by the chain index: with
 *   conditions on next_attempt_at, the generic plan scanned every scheduled pending delivery
 *   through the due index instead (about 800 rows per attempt in the webhooks bench);
 * - the endpoint's failure streak: a success ends it, a failure starts it unless it runs already.
 *   Attempts of one endpoint in the same statement count in `k` order: the streak is the failures
 *   after the last success (or all of them, continuing the stored streak, with no success), and
 *   every failure of the endpoint answers the streak as the statement leaves it.
 * Items of one chain never share the statement (the caller's GroupCommit keys them by chain): each
 * item's chain is read as it was before the statement, as when each had a statement of its own.
 * The commit does not wait for the WAL flush (see `recordAttempt`).
 */
export const RECORD_ATTEMPTS = hotStatement<RecordedAttemptRow>()(
  'webhook-record-attempts',
  {
    items: rows<{ k: number; record: AttemptRecord }>('a', {
      k: ['int', (a) => a.k],
      id: ['uuid', (a) => a.record.delivery.id],
      endpoint_id: ['uuid', (a) => a.record.delivery.endpointId],
      subject: ['text', (a) => a.record.delivery.subject],
      generation: ['int', (a) => a.record.delivery.generation],
      attempts_made: ['int', (a) => a.record.delivery.attemptsMade],
      attempt: ['jsonb', (a) => [a.record.attempt]],
      at: ['timestamptz', (a) => new Date(a.record.attempt.at)],
      succeeded: ['bool', (a) => a.record.attempt.error === null],
      status: ['text', (a) => a.record.outcome.status],
      next_attempt_at: [
        'timestamptz',
        (a) => (a.record.outcome.status === 'pending' ? new Date(a.record.outcome.nextAttemptAt) : null),
      ],
      // The retry's outbox row (NULL without one), due when the delivery is (`next_attempt_at`).
      queue: ['text', (a) => a.record.retryJob?.queue],
      job_name: ['text', (a) => a.record.retryJob?.jobName],
      job_id: ['text', (a) => a.record.retryJob?.jobId],
      payload: ['jsonb', (a) => a.record.retryJob?.payload],
    }),
  },
  (q) => {
    const unchanged = `d.generation = a.generation AND d.status = 'pending' AND jsonb_array_length(d.attempts) = a.attempts_made`;
    const streakEnd = `CASE WHEN s.failing_from IS NULL THEN NULL::timestamptz
                    WHEN s.last_ok IS NULL THEN coalesce(w.failing_since, s.failing_from) ELSE s.failing_from END`;
    return `WITH item AS MATERIALIZED (SELECT * FROM ${q.items.from}),
       recorded AS (
         UPDATE webhook_delivery d SET
           attempts = d.attempts || a.attempt,
           status = CASE WHEN ${unchanged} THEN a.status ELSE d.status END,
           next_attempt_at = CASE WHEN ${unchanged} THEN a.next_attempt_at ELSE d.next_attempt_at END,
           generation = CASE WHEN ${unchanged} AND a.status = 'pending' THEN d.generation + 1 ELSE d.generation END
           FROM item a
          WHERE d.id = a.id
         RETURNING a.k, a.status = 'pending' AND d.generation = a.generation + 1 AS rescheduled),
       retry AS (
         INSERT INTO outbox_job (queue, job_name, job_id, payload, available_at)
         SELECT a.queue, a.job_name, a.job_id, a.payload, a.next_attempt_at
           FROM recorded r JOIN item a ON a.k = r.k
          WHERE r.rescheduled AND a.job_id IS NOT NULL
         ON CONFLICT (job_id) DO NOTHING RETURNING id, job_id),
       chain AS MATERIALIZED (
         SELECT a.k, d.id, d.next_attempt_at IS NOT NULL AS scheduled, jsonb_array_length(d.attempts) AS attempts_made,
                d.event_created_at, d.event_tx, d.event_seq
           FROM item a JOIN webhook_delivery d
             ON d.endpoint_id = a.endpoint_id AND d.subject = a.subject AND d.status = 'pending' AND d.id <> a.id),
       last_ok AS (
         SELECT endpoint_id, max(k) FILTER (WHERE succeeded) AS last_ok FROM item GROUP BY endpoint_id),
       streak AS (
         SELECT o.endpoint_id, o.last_ok,
                min(a.at) FILTER (WHERE NOT a.succeeded AND a.k > coalesce(o.last_ok, -1)) AS failing_from
           FROM last_ok o JOIN item a ON a.endpoint_id = o.endpoint_id
          GROUP BY o.endpoint_id, o.last_ok),
       health AS (
         UPDATE webhook_endpoint w SET failing_since = ${streakEnd}
           FROM streak s
          WHERE w.id = s.endpoint_id AND w.failing_since IS DISTINCT FROM ${streakEnd}
         RETURNING w.id, w.failing_since)
       SELECT a.k,
              (SELECT r.id::text FROM retry r WHERE r.job_id = a.job_id) AS "retryJobId",
              (SELECT coalesce(json_agg(json_build_object('id', c.id, 'scheduled', c.scheduled, 'attemptsMade', c.attempts_made)
                        ORDER BY c.event_created_at, c.event_tx, c.event_seq), '[]')
                 FROM chain c WHERE c.k = a.k) AS chain,
              CASE WHEN a.succeeded THEN NULL ELSE coalesce((SELECT h.failing_since FROM health h WHERE h.id = a.endpoint_id),
                (SELECT w.failing_since FROM webhook_endpoint w WHERE w.id = a.endpoint_id)) END AS "failingSince"
         FROM item a, (SELECT set_config('synchronous_commit', 'off', true)) AS relaxed_durability
        ORDER BY a.k`;
  },
);

/**
 * Audit events chained after the head `head`/`headHash` (`AuditRepository`): they go in, and the
 * head moves to `last`, only if that is still the chain's head, its row locked until the commit
 * (docs/security.md, "Audit log"); `moved` is 0 when another append moved it first.
 */
export const APPEND_AUDIT_EVENTS = hotStatement<{ moved: number }>()(
  'audit-append',
  {
    head: scalar('bigint'),
    headHash: scalar('text'),
    last: scalar('bigint'),
    lastAt: scalar('bigint'),
    lastHash: scalar('text'),
    events: rows<AuditEvent>('e', {
      seq: ['bigint', (e) => e.id],
      at_ms: ['bigint', (e) => String(e.at)],
      actor_type: ['text', (e) => e.actor.type],
      actor_id: ['text', (e) => e.actor.id],
      actor_email: ['text', (e) => e.actor.email],
      client_id: ['text', (e) => e.clientId],
      action: ['text', (e) => e.action],
      subject_type: ['text', (e) => e.subject.type],
      subject_id: ['text', (e) => e.subject.id],
      status: ['smallint', (e) => e.status],
      request_id: ['text', (e) => e.requestId],
      ip: ['text', (e) => e.ip],
      hash: ['text', (e) => e.hash],
    }),
  },
  (q) => `WITH head AS (
         SELECT seq FROM audit_chain_head WHERE seq = ${q.head} AND hash = ${q.headHash} FOR UPDATE),
       inserted AS (
         INSERT INTO audit_event (at, ${q.events.names()})
         SELECT to_timestamp(e.at_ms / 1000.0), ${q.events.select()} FROM ${q.events.from}
          WHERE EXISTS (SELECT 1 FROM head)),
       moved AS (
         UPDATE audit_chain_head SET seq = ${q.last}, at_ms = ${q.lastAt}, hash = ${q.lastHash}
          WHERE EXISTS (SELECT 1 FROM head)
         RETURNING 1)
       SELECT count(*)::int AS moved FROM moved`,
);

function toDate(epochMs: number | null): Date | null {
  return epochMs === null ? null : new Date(epochMs);
}
