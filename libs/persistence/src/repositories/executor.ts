import type { Pool, QueryResultRow } from 'pg';
import type { DataSource } from 'typeorm';
import { offsetOf } from '@app/domain';

/**
 * Anything that runs SQL: the TypeORM pool, the manager of an open transaction, or a plain `pg`
 * pool (the legal-records source). Rows come back untyped, as from the driver; callers name them.
 */
export interface SqlExecutor {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  query(sql: string, parameters?: unknown[]): Promise<any>;
}

/**
 * Rows of any statement. TypeORM answers UPDATE and DELETE with `[rows, affectedCount]` but
 * SELECT and INSERT with `rows`; this evens it out so `UPDATE ... RETURNING` reads like a SELECT.
 */
export async function queryRows<T>(executor: SqlExecutor, sql: string, params: unknown[] = []): Promise<T[]> {
  const result: unknown = await executor.query(sql, params);
  if (
    Array.isArray(result) &&
    result.length === 2 &&
    Array.isArray(result[0]) &&
    typeof result[1] === 'number'
  )
    return result[0] as T[];
  return result as T[];
}

/**
 * A hot statement as a named prepared statement of the pool's connections: PostgreSQL parses and
 * plans it once per connection instead of on every call (planning a statement of several CTEs
 * costs more than running it). Use it for statements run per delivered webhook, not everywhere:
 * each name holds a plan in every connection of the pool.
 */
export async function preparedRows<T>(
  dataSource: DataSource,
  name: string,
  sql: string,
  params: unknown[],
): Promise<T[]> {
  const result = await poolOf(dataSource).query<T & QueryResultRow>({ name, text: sql, values: params });
  return result.rows;
}

/** The `pg` pool under TypeORM's data source (for what TypeORM does not offer: prepared statements, a held connection). */
export function poolOf(dataSource: DataSource): Pool {
  return (dataSource.driver as unknown as { master: Pool }).master;
}

/**
 * One page of a filtered list and how many rows the filter keeps, read side by side. `from` is the
 * table with its WHERE on the parameters `params` ($1..$n); the page's LIMIT and OFFSET follow them.
 */
export async function pageWithTotal<T>(
  executor: SqlExecutor,
  query: { select: string; from: string; orderBy: string; params: unknown[] },
  page: { page: number; limit: number },
): Promise<{ rows: T[]; total: number }> {
  const { select, from, orderBy, params } = query;
  const n = params.length;
  const [rows, [{ total }]] = await Promise.all([
    queryRows<T>(
      executor,
      `SELECT ${select} FROM ${from} ORDER BY ${orderBy} LIMIT $${n + 1} OFFSET $${n + 2}`,
      [...params, page.limit, offsetOf(page.page, page.limit)],
    ),
    queryRows<{ total: number }>(executor, `SELECT count(*)::int AS total FROM ${from}`, params),
  ]);
  return { rows, total };
}

/** PostgreSQL's `deadlock_detected`: it rolled one transaction of a lock cycle back, to run again. */
const DEADLOCK_DETECTED = '40P01';

function isDeadlock(error: unknown): boolean {
  const { code, driverError } = (error ?? {}) as { code?: unknown; driverError?: { code?: unknown } };
  return code === DEADLOCK_DETECTED || driverError?.code === DEADLOCK_DETECTED;
}

/**
 * Runs `work` (a whole transaction, or one autocommitted statement) again when PostgreSQL chose it
 * as a deadlock's victim, up to `tries` times in all. For writes whose locks another writer takes in
 * the other order by design: an endpoint's deletion or disabling locks the endpoint, then its
 * deliveries, while the attempts' record locks deliveries, then their endpoint (docs/architecture.md,
 * "Nothing lost, nothing done twice"). The victim's work was rolled back whole: running it again is
 * safe.
 */
export async function retryingDeadlocks<T>(work: () => Promise<T>, tries = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= tries || !isDeadlock(error)) throw error;
    }
  }
}
