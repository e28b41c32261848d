import { EVENT_DATA_FIELDS } from '@app/domain';
import { CORPUS_LOCK, lockForTransaction } from '../legal-corpus/corpus-locks';
import { candidateColumnsAnyKept, candidateColumnsSetNull } from './candidate-columns';
import { queryRows, SqlExecutor } from './executor';
import type { DeliveryAttempt } from './webhook-delivery.repository';

/** What one erasure touched, row counts per kind (logs and the bench). */
export interface ErasureReport {
  candidates: number;
  processes: number;
  monitors: number;
  alerts: number;
  /** Reviews and disputes whose free text (a reason, the candidate's statement) was erased. */
  reviews: number;
  events: number;
  deliveries: number;
  outboxJobs: number;
  idempotencyRecords: number;
  searches: number;
  matchSets: number;
}

/**
 * Every field of the candidate map but the person type (candidate-columns.ts): a field added to
 * the candidate is erased without another edit here.
 */
const ERASED_CANDIDATE_COLUMNS = candidateColumnsSetNull(['personType']);
const CANDIDATE_NOT_ERASED = candidateColumnsAnyKept(['personType']);

/**
 * What a webhook delivery's attempt keeps through an erasure: every field an attempt is written
 * with (a field added to DeliveryAttempt does not compile until it is named here); anything else in
 * a stored attempt goes.
 */
const KEPT_ATTEMPT_FIELDS = Object.keys({
  at: true,
  httpStatus: true,
  durationMs: true,
  error: true,
} satisfies Record<keyof DeliveryAttempt, true>);
/** Attempt `a` with its kept fields only. */
const KEPT_OF_ATTEMPT = `jsonb_build_object(${KEPT_ATTEMPT_FIELDS.map((f) => `'${f}', a->'${f}'`).join(', ')})`;
/** Whether attempt `a` holds anything but its kept fields: not erased yet. */
const ATTEMPT_NOT_ERASED = `a ${KEPT_ATTEMPT_FIELDS.map((f) => `- '${f}'`).join(' ')} <> '{}'::jsonb`;

/** The idempotent operations whose kept answer names what they created, and where. */
const ANSWER_NAMES = `(r.operation = 'createCandidateRequest' AND r.response_body->>'uuid' = ANY($1::text[]))
    OR (r.operation = 'createCandidateRequestBatch' AND json_typeof(r.response_body->'items') = 'array'
        AND EXISTS (SELECT 1 FROM json_array_elements(r.response_body->'items') i WHERE i->>'uuid' = ANY($1::text[])))
    OR (r.operation = 'createLegalSearch' AND r.response_body->'data'->>'searchId' = ANY($2::text[]))`;

/**
 * One job: erase the personal data of given candidate requests and legal-records searches
 * everywhere the service kept it (docs/privacy.md, "Retention: blocking, then suppression"), in the
 * caller's transaction. What stays is ids, statuses, dates, counts and charges: the rows remain,
 * their personal columns become NULL (or empty where a column may not be NULL), and
 * `billing_charge` is not touched. Running it again on the same ids changes nothing more, and its
 * report counts nothing: each statement touches only rows not yet erased.
 *
 * - candidate: every column but its ids and person type;
 * - request_process: candidate input, executive summary, raw details;
 * - monitor: the BGC Legal name keys; monitor_alert: the match and the review note;
 * - finding_review: the reason; finding_dispute: the candidate's statement (free texts that may
 *   name the person); decisions, reviewers and dates stay;
 * - event: data keeps only the fields the event catalogue declares (ids, statuses, results);
 *   webhook_delivery: each attempt keeps its time, HTTP status, duration and error;
 * - outbox_job: the jobs of the requests' processes go;
 * - idempotency_record: the kept answer and the request's hash of the registrations, batches and
 *   searches that created them (a retry with the key then answers 422);
 * - legal_search: the query and its name key; the match set of that query, when no other search
 *   points at it, stops being current and loses its key (the folded name) and its rows.
 */
export class PersonalDataEraser {
  async erase(
    tx: SqlExecutor,
    target: { requestIds: readonly string[]; searchIds: readonly string[] },
  ): Promise<ErasureReport> {
    const requestIds = [...target.requestIds];
    const searchIds = [...target.searchIds];
    const subjects = [...requestIds, ...searchIds];
    const report: ErasureReport = {
      candidates: 0,
      processes: 0,
      monitors: 0,
      alerts: 0,
      reviews: 0,
      events: 0,
      deliveries: 0,
      outboxJobs: 0,
      idempotencyRecords: 0,
      searches: 0,
      matchSets: 0,
    };
    const count = async (sql: string, params: unknown[]) => (await queryRows(tx, sql, params)).length;

    if (requestIds.length > 0) {
      report.candidates = await count(
        `UPDATE candidate SET ${ERASED_CANDIDATE_COLUMNS}
          WHERE request_id = ANY($1::uuid[]) AND ${CANDIDATE_NOT_ERASED} RETURNING 1`,
        [requestIds],
      );
      report.processes = await count(
        `UPDATE request_process SET candidate_input = NULL, summary = NULL, raw_details = NULL
          WHERE request_id = ANY($1::uuid[])
            AND (candidate_input IS NOT NULL OR summary IS NOT NULL OR raw_details IS NOT NULL) RETURNING 1`,
        [requestIds],
      );
      report.monitors = await count(
        `UPDATE monitor SET legal_keys = '{}' WHERE request_id = ANY($1::uuid[]) AND legal_keys <> '{}' RETURNING 1`,
        [requestIds],
      );
      report.alerts = await count(
        `UPDATE monitor_alert SET match = '{}'::jsonb, note = NULL
          WHERE monitor_id IN (SELECT id FROM monitor WHERE request_id = ANY($1::uuid[]))
            AND (match <> '{}'::jsonb OR note IS NOT NULL) RETURNING 1`,
        [requestIds],
      );
      report.reviews =
        (await count(
          `UPDATE finding_review SET reason = NULL WHERE request_id = ANY($1::uuid[]) AND reason IS NOT NULL RETURNING 1`,
          [requestIds],
        )) +
        (await count(
          `UPDATE finding_dispute SET statement = NULL
            WHERE request_id = ANY($1::uuid[]) AND statement IS NOT NULL RETURNING 1`,
          [requestIds],
        ));
      report.outboxJobs = await count(
        `DELETE FROM outbox_job WHERE payload->>'requestId' = ANY($1::text[]) RETURNING 1`,
        [requestIds],
      );
    }
    if (subjects.length > 0) {
      report.deliveries = await count(
        `UPDATE webhook_delivery d
            SET attempts = (SELECT coalesce(jsonb_agg(${KEPT_OF_ATTEMPT} ORDER BY n), '[]')
                              FROM jsonb_array_elements(d.attempts) WITH ORDINALITY AS t(a, n))
           FROM event e
          WHERE e.subject = ANY($1::text[]) AND d.event_tx = e.tx_id AND d.event_seq = e.seq
            AND EXISTS (SELECT 1 FROM jsonb_array_elements(d.attempts) a WHERE ${ATTEMPT_NOT_ERASED}) RETURNING 1`,
        [subjects],
      );
      report.events = await count(
        `UPDATE event e SET data = k.data
           FROM (SELECT x.tx_id, x.seq,
                        (SELECT coalesce(jsonb_object_agg(j.key, j.value), '{}') FROM jsonb_each(x.data) j
                          WHERE x.type || '.' || j.key = ANY($2::text[])) AS data
                   FROM event x WHERE x.subject = ANY($1::text[])) k
          WHERE e.tx_id = k.tx_id AND e.seq = k.seq AND e.data <> k.data RETURNING 1`,
        [subjects, EVENT_DATA_FIELDS],
      );
      report.idempotencyRecords = await count(
        `UPDATE idempotency_record r SET response_body = NULL, request_hash = ''
          WHERE r.response_body IS NOT NULL AND (${ANSWER_NAMES}) RETURNING 1`,
        [requestIds, searchIds],
      );
    }
    if (searchIds.length > 0) {
      // Sets are the corpus's: touched only as a search that computes one on first use does.
      await lockForTransaction(tx, CORPUS_LOCK.PUBLISH, 'shared');
      const sets = await queryRows<{ id: string }>(
        tx,
        `SELECT DISTINCT match_set_id AS id FROM legal_search WHERE id = ANY($1::uuid[]) AND match_set_id IS NOT NULL`,
        [searchIds],
      );
      report.searches = await count(
        `UPDATE legal_search SET search_query = '{}'::jsonb, name_key = '', match_set_id = NULL
          WHERE id = ANY($1::uuid[]) AND (search_query <> '{}'::jsonb OR name_key <> '' OR match_set_id IS NOT NULL)
         RETURNING 1`,
        [searchIds],
      );
      // A set no other search points at stops being current and loses its key (the folded name)
      // and its rows; the hourly purge deletes it. Not deleted here: a search that looked it up a
      // moment ago may still be storing its pointer, and must not fail on it.
      report.matchSets = await count(
        `WITH orphan AS (
           SELECT ms.id FROM legal_match_set ms
            WHERE ms.id = ANY($1::bigint[]) AND NOT EXISTS (SELECT 1 FROM legal_search x WHERE x.match_set_id = ms.id)),
         cur AS (DELETE FROM legal_current_set c USING orphan WHERE c.set_id = orphan.id RETURNING 1)
         UPDATE legal_match_set ms
            SET query_key = 'erased:' || ms.id, uuids = '{}', names = '{}', counts = '{}', category_masks = '{}',
                agreement_dates = '{}', states = '{}', name_keys = NULL,
                retired_at = coalesce(ms.retired_at, clock_timestamp())
           FROM orphan WHERE ms.id = orphan.id RETURNING 1`,
        [sets.map((set) => set.id)],
      );
    }
    return report;
  }
}
