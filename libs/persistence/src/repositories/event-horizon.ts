import { queryRows, SqlExecutor } from './executor';

/**
 * Which transactions the event log waits for.
 *
 * A reader pages the log by (tx_id, seq) and must never pass an event that commits later behind
 * its cursor. Reading below `pg_snapshot_xmin` guaranteed that, but waited for every transaction
 * on the server: one idle in transaction in another database froze the log. Now the sessions that
 * write events announce themselves, once per connection and before their first transaction: they
 * take this advisory lock (shared: writers never wait for each other) and set `event_log.writer`,
 * which a trigger on `event` checks, so an event can only come from an announced session. A reader
 * waits only for the transactions of announced sessions.
 *
 * Why that is enough: a transaction gets its id at its first write, after its session announced
 * itself, so every event writer holds the lock for as long as it has an id. The reader computes the
 * horizon in one statement (snapshot S, then pg_locks) and reads the events in a later statement:
 * - an id below xmax(S) was either finished at S (so the later read sees it if it committed) or
 *   running at S; an event writer running at S still holds the lock when pg_locks is read (the
 *   horizon stays below it) or has finished since (the later read sees it);
 * - an id from xmax(S) on is above the horizon.
 * So every event below the horizon that will ever commit is visible to the read that follows.
 */
export const EVENT_WRITER_LOCK = { classId: 1163284052, objectId: 1 } as const; // 'EVNT', 1

/** Run once by every connection of a pool that writes events (the apps' pools), before anything else. */
export const ANNOUNCE_EVENT_WRITER = `SELECT pg_advisory_lock_shared(${EVENT_WRITER_LOCK.classId}, ${EVENT_WRITER_LOCK.objectId}),
  set_config('event_log.writer', 'on', false)`;

/**
 * The log's horizon (xid8 as text): every event of a transaction below it that will ever commit has
 * committed. It is the snapshot's xmax, lowered to the oldest transaction id of an announced session
 * in this database. 32-bit ids in pg_locks are widened to xid8 against xmax (the signed distance,
 * as PostgreSQL compares ids). Must run as its own statement, before the read that uses it.
 */
const HORIZON = `WITH snapshot AS (SELECT pg_snapshot_xmax(pg_current_snapshot())::text::numeric AS xmax),
  writers AS (
    SELECT x.transactionid::text::numeric AS xid
      FROM pg_locks a
      JOIN pg_locks x ON x.pid = a.pid AND x.locktype = 'transactionid' AND x.mode = 'ExclusiveLock' AND x.granted
     WHERE a.locktype = 'advisory' AND a.granted
       AND a.classid = ${EVENT_WRITER_LOCK.classId} AND a.objid = ${EVENT_WRITER_LOCK.objectId} AND a.objsubid = 2
       AND a.database = (SELECT oid FROM pg_database WHERE datname = current_database()))
SELECT (s.xmax + least(0, coalesce(min(mod(w.xid - mod(s.xmax, 4294967296) + 6442450944, 4294967296) - 2147483648), 0)))::text
         AS horizon
  FROM snapshot s LEFT JOIN writers w ON true
 GROUP BY s.xmax`;

/** See {@link HORIZON}. */
export async function eventLogHorizon(executor: SqlExecutor): Promise<string> {
  const rows = await queryRows<{ horizon: string }>(executor, HORIZON);
  return rows[0].horizon;
}
