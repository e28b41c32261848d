import { Injectable } from '@nestjs/common';
import type { SearchListFilter } from '@app/domain';
import { DataSource } from 'typeorm';
import { queryRows } from './executor';
import { col, type RowOf, selectList } from './read-sql';

/** A search as the list shows it: the name it searched and its outcome. */
const SEARCH_LIST_FIELDS = {
  searchId: col('uuid', 'id'),
  name: col('text', "search_query->>'name'"),
  lastName: col('text', "search_query->>'lastName'").orNull(),
  secondLastName: col('text', "search_query->>'secondLastName'").orNull(),
  outcome: col('text', 'outcome'),
  totalMatches: col('int', 'total_in_source'),
  createdAt: col('timestamptz', 'created_at'),
  recoverableUntil: col('timestamptz', 'recoverable_until'),
};
export type SearchListRow = RowOf<typeof SEARCH_LIST_FIELDS>;

/** `from` / `to` are calendar dates in `timeZone`, both included. */
export type SearchListQuery = Omit<SearchListFilter, 'page' | 'limit'> & {
  timeZone: string;
  limit: number;
  offset: number;
};

/** SQL of a query's conditions with its numbered parameters. */
interface Conditions {
  params: unknown[];
  /** The instants the range starts and ends at (`to` included: the next local midnight), or NULL. */
  lo: string;
  hi: string;
  where: string;
}

function conditionsOf(clientId: string, q: SearchListQuery): Conditions {
  const params: unknown[] = [clientId];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const zone = q.from !== undefined || q.to !== undefined ? param(q.timeZone) : '';
  const lo = q.from !== undefined ? `((${param(q.from)}::date)::timestamp AT TIME ZONE ${zone})` : '';
  const hi = q.to !== undefined ? `((${param(q.to)}::date + 1)::timestamp AT TIME ZONE ${zone})` : '';
  // `%` and `_` in a name filter are letters to find, not wildcards.
  const name = q.nameContains !== undefined ? param(`%${q.nameContains.replace(/[\\%_]/g, '\\$&')}%`) : '';
  const where = [
    'client_id = $1',
    // Blocked searches leave the list (docs/privacy.md); the tally counts only the others.
    'blocked_at IS NULL',
    ...(lo ? [`created_at >= ${lo}`] : []),
    ...(hi ? [`created_at < ${hi}`] : []),
    ...(name ? [`name_key LIKE ${name}`] : []),
  ].join(' AND ');
  return { params, lo: lo || 'NULL::timestamptz', hi: hi || 'NULL::timestamptz', where };
}

/**
 * One client's stored searches, newest first (`GET /risks/legal-records/searches`). The page walks
 * (client_id, created_at DESC); the name filter uses the trigram index on (client_id, name_key).
 */
@Injectable()
export class LegalSearchListRepository {
  constructor(private readonly dataSource: DataSource) {}

  async list(clientId: string, q: SearchListQuery): Promise<{ total: number; rows: SearchListRow[] }> {
    const conditions = conditionsOf(clientId, q);
    const [rows, total] = await Promise.all([
      this.page(conditions, q),
      q.nameContains !== undefined ? this.countMatches(conditions) : this.countFromTally(conditions),
    ]);
    return { rows, total };
  }

  /** The WHERE has only the conditions given (see the indexes above); the fields are the declared ones. */
  private page({ where, params }: Conditions, q: SearchListQuery): Promise<SearchListRow[]> {
    return queryRows<SearchListRow>(
      this.dataSource,
      `SELECT ${selectList(SEARCH_LIST_FIELDS)}
         FROM legal_search WHERE ${where}
        ORDER BY created_at DESC, id DESC
        LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, q.limit, q.offset],
    );
  }

  /** With a name filter: the matches, counted through the trigram index. */
  private async countMatches({ where, params }: Conditions): Promise<number> {
    const rows: Array<{ n: number }> = await this.dataSource.query(
      `SELECT count(*)::int AS n FROM legal_search WHERE ${where}`,
      params,
    );
    return rows[0].n;
  }

  /**
   * Without one: whole UTC days inside the range are summed from `legal_search_tally` (searches per
   * client and UTC day, kept by a trigger), and only the hours at either end, where a local
   * midnight cuts a UTC day, are counted row by row.
   */
  private async countFromTally({ params, lo, hi }: Conditions): Promise<number> {
    const rows: Array<{ n: string }> = await this.dataSource.query(
      `WITH bounds AS (SELECT ${lo} AS lo, ${hi} AS hi),
       range AS (
         SELECT lo, hi, date_trunc('day', hi, 'UTC') AS hi_mid,
                date_trunc('day', lo, 'UTC')
                  + CASE WHEN date_trunc('day', lo, 'UTC') = lo THEN interval '0' ELSE interval '1 day' END AS lo_mid
           FROM bounds)
       SELECT (SELECT coalesce(sum(t.searches), 0) FROM legal_search_tally t, range r
                WHERE t.client_id = $1
                  AND (r.lo_mid IS NULL OR t.day >= (r.lo_mid AT TIME ZONE 'UTC')::date)
                  AND (r.hi_mid IS NULL OR t.day < (r.hi_mid AT TIME ZONE 'UTC')::date))
            + (SELECT count(*) FROM legal_search s, range r
                WHERE r.lo IS NOT NULL AND s.client_id = $1 AND s.blocked_at IS NULL
                  AND s.created_at >= r.lo AND s.created_at < least(r.lo_mid, r.hi))
            + (SELECT count(*) FROM legal_search s, range r
                WHERE r.hi IS NOT NULL AND s.client_id = $1 AND s.blocked_at IS NULL
                  AND s.created_at >= greatest(r.hi_mid, r.lo_mid) AND s.created_at < r.hi) AS n`,
      params,
    );
    return Number(rows[0].n);
  }
}
