import type { Pool, QueryResultRow } from 'pg';
import type { DataSource } from 'typeorm';

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
  const pool = (dataSource.driver as unknown as { master: Pool }).master;
  const result = await pool.query<T & QueryResultRow>({ name, text: sql, values: params });
  return result.rows;
}
