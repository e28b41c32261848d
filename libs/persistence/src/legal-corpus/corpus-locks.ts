import { SqlExecutor } from '../repositories/executor';

/**
 * Advisory locks of the corpus (PostgreSQL's, so they hold across every api, processor and CLI).
 *
 * - WRITE: one writer of the corpus at a time. An ingest holds it for its transaction, a load for
 *   its whole run; a second writer waits for the first.
 * - PUBLISH: the moment an ingest makes its match sets current. A search that computes a set on
 *   first use (a query that is not a name pair) holds it shared while it computes and stores the
 *   set, and the ingest holds it exclusively from dropping the sets it made stale to its commit. So
 *   a set computed from the corpus before the ingest is either visible to the ingest (which drops
 *   it when it shares a touched key) or computed after the commit: no stale set survives an ingest.
 *   Lookups of stored sets (every name pair) never take it.
 */
export const CORPUS_LOCK = { WRITE: 7_263_001, PUBLISH: 7_263_002 } as const;

/** Takes a lock for the current transaction (exclusive unless `shared`). */
export async function lockForTransaction(
  executor: SqlExecutor,
  lock: number,
  mode: 'exclusive' | 'shared' = 'exclusive',
): Promise<void> {
  await executor.query(
    mode === 'shared' ? `SELECT pg_advisory_xact_lock_shared($1)` : `SELECT pg_advisory_xact_lock($1)`,
    [lock],
  );
}
