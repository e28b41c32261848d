import type { ClientRetention, RetentionCutOff, RetentionSettings } from '@app/domain';
import { DataSource } from 'typeorm';
import { APPEND_CLIENT_EVENTS } from './hot-statements';
import { SqlExecutor } from './executor';
import { hotStatement, rows, scalar } from './hot-sql';
import { col, jsonArray, jsonObject, readStatement, type RowOf } from './read-sql';
import { ErasureReport, PersonalDataEraser } from './personal-data-eraser';

/** A time as epoch milliseconds, with their fraction (as the retention's reads always gave it). */
const ms = (column: string) => col('float8', `(extract(epoch FROM ${column}) * 1000)::float8`);

/** What the domain needs to decide whether a request is blocked now (times in epoch ms). */
const REQUEST_RETENTION_FIELDS = {
  id: col('uuid', 'r.id'),
  clientId: col('text', 'r.client_id'),
  createdAt: ms('r.created_at'),
  processes: jsonArray(
    { status: col('text', 'p.status'), endDate: ms('p.end_date').orNull() },
    'request_process p WHERE p.request_id = r.id',
    '',
  ),
  /** A monitor on the request is active. */
  monitored: col(
    'bool',
    `EXISTS (SELECT 1 FROM monitor m WHERE m.request_id = r.id AND m.status = 'active')`,
  ),
};
export type RequestRetentionRow = RowOf<typeof REQUEST_RETENTION_FIELDS>;

/**
 * Where a page of blocking candidates ends: the next page starts after it. `at` is the creation
 * time exactly as stored (microseconds: a millisecond would repeat a page of equal times forever).
 */
export interface CandidatePosition {
  at: string;
  id: string;
}

/** A blocking candidate: what the domain decides on, and where it stands in the candidates' order. */
export type BlockingCandidate = RequestRetentionRow & { position: CandidatePosition };

/** What a suppression did: the rows it marked and what the eraser touched. */
export interface Suppressed {
  ids: string[];
  erased: ErasureReport | null;
}

/** One client's cut-off (an instant in epoch ms): a row of `CUT_OFFS`. */
interface CutOffRow {
  clientId: string;
  at: number;
}

/** The cut-offs, one row per client: `unnest($1::text[], $2::timestamptz[]) AS c(client_id, cut_off)`. */
const CUT_OFFS = rows<CutOffRow>('c', {
  client_id: ['text', (c) => c.clientId],
  cut_off: ['timestamptz', (c) => new Date(c.at)],
});

/** The cut-offs as rows of `CUT_OFFS`, each client's instant picked from its cut-offs. */
function cutOffRows(cutOffs: readonly RetentionCutOff[], pick: (c: RetentionCutOff) => number): CutOffRow[] {
  return cutOffs.map((c) => ({ clientId: c.clientId, at: pick(c) }));
}

const SETTINGS_FIELDS = {
  activeDays: col('int', 'retention_active_days'),
  blockedDays: col('int', 'retention_blocked_days'),
};

/** A client's settings (locked when `lock`: a change reads them). */
const readSettings = (name: string, lock: string) =>
  readStatement(
    name,
    { clientId: scalar('text') },
    SETTINGS_FIELDS,
    (q, select) => `SELECT ${select} FROM client WHERE id = ${q.clientId}${lock}`,
  );
export const READ_RETENTION_SETTINGS = readSettings('retention-settings', '');
export const LOCK_RETENTION_SETTINGS = readSettings('retention-lock-settings', ' FOR UPDATE');

/** A client's new settings, answered. */
export const UPDATE_RETENTION_SETTINGS = readStatement(
  'retention-update-settings',
  { clientId: scalar('text'), activeDays: scalar('int'), blockedDays: scalar('int') },
  SETTINGS_FIELDS,
  (
    q,
    select,
  ) => `UPDATE client SET retention_active_days = ${q.activeDays}, retention_blocked_days = ${q.blockedDays}
 WHERE id = ${q.clientId} RETURNING ${select}`,
);

/** Every client's settings, by id. */
export const READ_CLIENTS_RETENTION = readStatement(
  'retention-clients',
  {},
  { clientId: col('text', 'id'), ...SETTINGS_FIELDS },
  (_q, select) => `SELECT ${select} FROM client ORDER BY id`,
);

/**
 * A page of unblocked requests due by their client's cut-off, after a position. The position's
 * time is sent as the text it was read as (microseconds, or '-infinity' for the first page) and
 * cast by PostgreSQL: a JS Date would keep milliseconds only.
 */
export const READ_BLOCKING_CANDIDATES = readStatement(
  'retention-blocking-candidates',
  { cutOffs: CUT_OFFS, afterAt: scalar('text'), afterId: scalar('uuid'), limit: scalar('int8') },
  {
    ...REQUEST_RETENTION_FIELDS,
    position: jsonObject({ at: col('text', 'r.created_at::text'), id: col('uuid', 'r.id') }),
  },
  (q, select) => `SELECT ${select}
  FROM ${q.cutOffs.from}
  CROSS JOIN LATERAL (
    SELECT r.id, r.client_id, r.created_at FROM candidate_request r
     WHERE r.client_id = c.client_id AND r.blocked_at IS NULL AND r.created_at <= c.cut_off
       AND (r.created_at, r.id) > (${q.afterAt}::timestamptz, ${q.afterId})
     ORDER BY r.created_at, r.id LIMIT ${q.limit}) r
 ORDER BY r.created_at, r.id LIMIT ${q.limit}`,
);

/** Those of the requests still unblocked, locked; one another processor holds is skipped. */
export const LOCK_UNBLOCKED_REQUESTS = readStatement(
  'retention-lock-unblocked-requests',
  { ids: scalar('uuid[]') },
  { id: col('uuid', 'id') },
  (q, select) => `SELECT ${select} FROM candidate_request WHERE id = ANY(${q.ids}) AND blocked_at IS NULL
 ORDER BY id FOR UPDATE SKIP LOCKED`,
);

/** What the domain decides a request's blocking on, read after its lock. */
export const READ_REQUEST_RETENTION = readStatement(
  'retention-request-facts',
  { ids: scalar('uuid[]') },
  REQUEST_RETENTION_FIELDS,
  (q, select) => `SELECT ${select} FROM candidate_request r WHERE r.id = ANY(${q.ids})`,
);

/** The requests blocked. */
export const BLOCK_REQUESTS = hotStatement<never>()(
  'retention-block-requests',
  { ids: scalar('uuid[]') },
  (q) => `UPDATE candidate_request SET blocked_at = now() WHERE id = ANY(${q.ids})`,
);

/** Up to `limit` searches due by their client's cut-off, blocked (locked rows skipped). */
export const BLOCK_DUE_SEARCHES = readStatement(
  'retention-block-due-searches',
  { cutOffs: CUT_OFFS, limit: scalar('int8') },
  { id: col('uuid', 's.id') },
  (q, select) => `WITH due AS (
  SELECT s.id FROM ${q.cutOffs.from}
   CROSS JOIN LATERAL (
     SELECT s.id FROM legal_search s
      WHERE s.client_id = c.client_id AND s.blocked_at IS NULL AND s.created_at <= c.cut_off
      ORDER BY s.created_at LIMIT ${q.limit} FOR UPDATE SKIP LOCKED) s
   LIMIT ${q.limit})
UPDATE legal_search s SET blocked_at = now() FROM due WHERE s.id = due.id AND s.blocked_at IS NULL
RETURNING ${select}`,
);

/** Up to `limit` requests blocked before their client's cut-off and not suppressed, locked. */
export const LOCK_DUE_REQUEST_SUPPRESSIONS = readStatement(
  'retention-lock-due-request-suppressions',
  { cutOffs: CUT_OFFS, limit: scalar('int8') },
  { id: col('uuid', 'r.id'), clientId: col('text', 'r.client_id') },
  (q, select) => `SELECT ${select} FROM ${q.cutOffs.from}
CROSS JOIN LATERAL (
  SELECT r.id, r.client_id FROM candidate_request r
   WHERE r.client_id = c.client_id AND r.blocked_at IS NOT NULL AND r.suppressed_at IS NULL
     AND r.blocked_at <= c.cut_off
   ORDER BY r.blocked_at LIMIT ${q.limit} FOR UPDATE SKIP LOCKED) r
LIMIT ${q.limit}`,
);

/** The requests suppressed (their personal data erased first). */
export const SUPPRESS_REQUESTS = hotStatement<never>()(
  'retention-suppress-requests',
  { ids: scalar('uuid[]') },
  (q) => `UPDATE candidate_request SET suppressed_at = now() WHERE id = ANY(${q.ids})`,
);

/** Up to `limit` searches blocked before their client's cut-off and not suppressed, locked. */
export const LOCK_DUE_SEARCH_SUPPRESSIONS = readStatement(
  'retention-lock-due-search-suppressions',
  { cutOffs: CUT_OFFS, limit: scalar('int8') },
  { id: col('uuid', 's.id') },
  (q, select) => `SELECT ${select} FROM ${q.cutOffs.from}
CROSS JOIN LATERAL (
  SELECT s.id FROM legal_search s
   WHERE s.client_id = c.client_id AND s.blocked_at IS NOT NULL AND s.suppressed_at IS NULL
     AND s.blocked_at <= c.cut_off
   ORDER BY s.blocked_at LIMIT ${q.limit} FOR UPDATE SKIP LOCKED) s
LIMIT ${q.limit}`,
);

/** The searches suppressed (their personal data erased first). */
export const SUPPRESS_SEARCHES = hotStatement<never>()(
  'retention-suppress-searches',
  { ids: scalar('uuid[]') },
  (q) => `UPDATE legal_search SET suppressed_at = now() WHERE id = ANY(${q.ids})`,
);

/** Those of the requests not blocked yet, blocked now. */
export const BLOCK_REQUESTS_NOW = readStatement(
  'retention-block-requests-now',
  { ids: scalar('uuid[]') },
  { id: col('uuid', 'id'), clientId: col('text', 'client_id') },
  (
    q,
    select,
  ) => `UPDATE candidate_request SET blocked_at = now() WHERE id = ANY(${q.ids}) AND blocked_at IS NULL
RETURNING ${select}`,
);

/** The active monitors of the requests stopped. */
export const STOP_MONITORS_OF_REQUESTS = hotStatement<never>()(
  'retention-stop-monitors',
  { ids: scalar('uuid[]') },
  (q) =>
    `UPDATE monitor SET status = 'stopped', ended_at = now() WHERE request_id = ANY(${q.ids}) AND status = 'active'`,
);

/** Those of the searches not blocked yet, blocked now. */
export const BLOCK_SEARCHES_NOW = readStatement(
  'retention-block-searches-now',
  { ids: scalar('uuid[]') },
  { id: col('uuid', 'id') },
  (q, select) =>
    `UPDATE legal_search SET blocked_at = now() WHERE id = ANY(${q.ids}) AND blocked_at IS NULL RETURNING ${select}`,
);

/** The blocking (or suppression) events of requests, one client each. */
async function appendEvents(
  tx: SqlExecutor,
  type: 'candidate_request.blocked' | 'candidate_request.suppressed',
  rows: ReadonlyArray<{ id: string; clientId: string }>,
): Promise<void> {
  if (rows.length === 0) return;
  await APPEND_CLIENT_EVENTS.query(tx, {
    events: rows.map((row) => ({ clientId: row.clientId, event: { type, data: { uuid: row.id } } })),
  });
}

/**
 * Retention of personal data (docs/privacy.md, "Retention: blocking, then suppression"): each
 * client's settings, the blocking and suppression of candidate requests and legal-records searches,
 * and `blockNow` for whoever must block at once (the cancellation right). Every change is
 * conditional (`blocked_at IS NULL`, `suppressed_at IS NULL`) on rows locked with SKIP LOCKED, so
 * two processors sweeping at once, or one sweeping twice, block and suppress each row once and
 * write each event once. The rules (what is due) are the domain's: the SQL gets cut-offs.
 */
export class RetentionRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly eraser: PersonalDataEraser,
  ) {}

  /** Null for an unknown client. */
  async settings(clientId: string): Promise<RetentionSettings | null> {
    const [row] = await READ_RETENTION_SETTINGS.query(this.dataSource, { clientId });
    return row ?? null;
  }

  /**
   * Changes a client's settings to what `change` makes of the current ones (the domain's rule),
   * read under the client row's lock so two changes at once each see the other's; null for an
   * unknown client.
   */
  async changeSettings(
    clientId: string,
    change: (current: RetentionSettings) => RetentionSettings,
  ): Promise<RetentionSettings | null> {
    return this.dataSource.transaction(async (tx) => {
      const [current] = await LOCK_RETENTION_SETTINGS.query(tx, { clientId });
      if (!current) return null;
      const next = change(current);
      const [row] = await UPDATE_RETENTION_SETTINGS.query(tx, { clientId, ...next });
      return row;
    });
  }

  /** Every client's settings: the sweep computes their cut-offs. */
  clients(): Promise<ClientRetention[]> {
    return READ_CLIENTS_RETENTION.query(this.dataSource, {});
  }

  /**
   * Unblocked requests created at or before their client's `blockFinishedBy` (a request's last
   * finish is never before its creation, so no other can be due), after `after` in (creation, id)
   * order, with what the domain needs to decide. Read from the partial index of unblocked requests.
   */
  async blockingCandidates(
    cutOffs: readonly RetentionCutOff[],
    after: CandidatePosition | null,
    limit: number,
  ): Promise<BlockingCandidate[]> {
    if (cutOffs.length === 0) return [];
    return READ_BLOCKING_CANDIDATES.query(this.dataSource, {
      cutOffs: cutOffRows(cutOffs, (c) => c.blockFinishedBy),
      afterAt: after?.at ?? '-infinity',
      afterId: after?.id ?? '00000000-0000-0000-0000-000000000000',
      limit,
    });
  }

  /**
   * Blocks those of `ids` that `stillDue` says are due when read again under their lock (a request
   * another processor holds is left to it), with their `candidate_request.blocked` events, in one
   * transaction. The lock comes first and the facts are read by a later statement, so a step or a
   * monitor committed meanwhile is seen. Answers the ids blocked.
   */
  async blockRequests(
    ids: readonly string[],
    stillDue: (row: RequestRetentionRow) => boolean,
  ): Promise<string[]> {
    if (ids.length === 0) return [];
    return this.dataSource.transaction(async (tx) => {
      const locked = await LOCK_UNBLOCKED_REQUESTS.query(tx, { ids });
      if (locked.length === 0) return [];
      const rows = await READ_REQUEST_RETENTION.query(tx, { ids: locked.map((row) => row.id) });
      const due = rows.filter(stillDue);
      if (due.length === 0) return [];
      await BLOCK_REQUESTS.query(tx, { ids: due.map((row) => row.id) });
      await appendEvents(tx, 'candidate_request.blocked', due);
      return due.map((row) => row.id);
    });
  }

  /** Blocks up to `limit` searches created at or before their client's cut-off; answers their ids. */
  async blockDueSearches(cutOffs: readonly RetentionCutOff[], limit: number): Promise<string[]> {
    if (cutOffs.length === 0) return [];
    const rows = await BLOCK_DUE_SEARCHES.query(this.dataSource, {
      cutOffs: cutOffRows(cutOffs, (c) => c.blockFinishedBy),
      limit,
    });
    return rows.map((row) => row.id);
  }

  /**
   * Suppresses up to `limit` requests blocked at or before their client's `suppressBlockedBy`: their
   * personal data erased, `suppressed_at` set and their `candidate_request.suppressed` events
   * written, in one transaction.
   */
  async suppressDueRequests(cutOffs: readonly RetentionCutOff[], limit: number): Promise<Suppressed> {
    if (cutOffs.length === 0) return { ids: [], erased: null };
    return this.dataSource.transaction(async (tx) => {
      const rows = await LOCK_DUE_REQUEST_SUPPRESSIONS.query(tx, {
        cutOffs: cutOffRows(cutOffs, (c) => c.suppressBlockedBy),
        limit,
      });
      if (rows.length === 0) return { ids: [], erased: null };
      const ids = rows.map((row) => row.id);
      const erased = await this.eraser.erase(tx, { requestIds: ids, searchIds: [] });
      await SUPPRESS_REQUESTS.query(tx, { ids });
      await appendEvents(tx, 'candidate_request.suppressed', rows);
      return { ids, erased };
    });
  }

  /** As suppressDueRequests, for searches (no events: searches emit none). */
  async suppressDueSearches(cutOffs: readonly RetentionCutOff[], limit: number): Promise<Suppressed> {
    if (cutOffs.length === 0) return { ids: [], erased: null };
    return this.dataSource.transaction(async (tx) => {
      const rows = await LOCK_DUE_SEARCH_SUPPRESSIONS.query(tx, {
        cutOffs: cutOffRows(cutOffs, (c) => c.suppressBlockedBy),
        limit,
      });
      if (rows.length === 0) return { ids: [], erased: null };
      const ids = rows.map((row) => row.id);
      const erased = await this.eraser.erase(tx, { requestIds: [], searchIds: ids });
      await SUPPRESS_SEARCHES.query(tx, { ids });
      return { ids, erased };
    });
  }

  /**
   * Blocks the given requests and searches now, whatever their age (the cancellation right): their
   * reads answer 410 at once, their active monitors stop, each request newly blocked gets its
   * `candidate_request.blocked` event, and the sweep suppresses them `blockedDays` later. Rows
   * already blocked are left as they are. Answers the ids newly blocked.
   */
  async blockNow(target: {
    requestIds: readonly string[];
    searchIds: readonly string[];
  }): Promise<{ requestIds: string[]; searchIds: string[] }> {
    return this.dataSource.transaction(async (tx) => {
      const requests = await BLOCK_REQUESTS_NOW.query(tx, { ids: target.requestIds });
      if (requests.length > 0) {
        await STOP_MONITORS_OF_REQUESTS.query(tx, { ids: requests.map((row) => row.id) });
        await appendEvents(tx, 'candidate_request.blocked', requests);
      }
      const searches = await BLOCK_SEARCHES_NOW.query(tx, { ids: target.searchIds });
      return { requestIds: requests.map((row) => row.id), searchIds: searches.map((row) => row.id) };
    });
  }
}
