/**
 * The SQL of one page of a legal search's match set, shared by the statement that stores a search
 * (`INSERT_SEARCH` of hot-statements.ts) and the reads of `LegalSearchRepository`.
 */

/** A match as the page's JSON holds it. */
export interface MatchJson {
  uuid: string;
  name: string;
  count: number | null;
  mask: number;
  date: string | null;
  state: string;
}

export const MATCH_FIELDS = `t.uuid, t.name, t.count, t.mask, t.date, t.state`;
/** The set's parallel arrays, in the order of MATCH_FIELDS. */
const SET_COLUMNS_IN_ORDER = ['uuids', 'names', 'counts', 'category_masks', 'agreement_dates', 'states'];
export const UNNEST_SET = `unnest(${SET_COLUMNS_IN_ORDER.map((c) => `ms.${c}`).join(', ')})
  WITH ORDINALITY AS t(uuid, name, count, mask, date, state, ord)`;

/**
 * The page's parameters as the SQL refers to them, each with its type: `$3::int` (a category bit
 * mask), `$4::text[]` (state names), `$5::bigint` (limit), `$6::bigint` (offset).
 */
export interface MatchPageParams {
  mask: string;
  states: string;
  limit: string;
  offset: string;
}

/**
 * One page of the filtered matches of the set `setExpr` (a scalar expression), with the filtered
 * total, as one row `{ total, rows }`: the set holds at most 300 matches, so filtering and counting
 * them all costs less than a second statement.
 *
 * Without a filter (`filtered` false: the caller passes null for both) the page is a slice of the
 * set's arrays and the total their length, which skips unnesting and numbering all 300 matches:
 * about 0.2 ms less of PostgreSQL per search created, on the most common pair.
 */
export function matchPageSql(setExpr: string, filtered: boolean, p: MatchPageParams): string {
  const page = `json_agg(json_build_object('uuid', uuid, 'name', name, 'count', count, 'mask', mask, 'date', date,
                                          'state', state) ORDER BY ord)`;
  if (!filtered) {
    // Array subscripts are int4 and pages go up to 2^53: a clamped bound past the set slices nothing.
    const bound = (expr: string) => `least(${expr}, 2147483646)::int`;
    const slice = (column: string) =>
      `ms.${column}[${bound(`${p.offset} + 1`)} : ${bound(`${p.offset} + ${p.limit}`)}]`;
    return `SELECT cardinality(ms.uuids) AS total,
              (SELECT coalesce(${page}, '[]')
                 FROM unnest(${SET_COLUMNS_IN_ORDER.map(slice).join(', ')})
                      WITH ORDINALITY AS t(uuid, name, count, mask, date, state, ord)) AS rows
         FROM legal_match_set ms
        WHERE ms.id = ${setExpr} AND ${p.mask} IS NULL AND ${p.states} IS NULL`;
  }
  return `SELECT count(*)::int AS total,
            coalesce(${page} FILTER (WHERE rn > ${p.offset} AND rn <= ${p.offset} + ${p.limit}), '[]') AS rows
       FROM (SELECT ${MATCH_FIELDS}, t.ord, row_number() OVER (ORDER BY t.ord) AS rn
               FROM legal_match_set ms, ${UNNEST_SET}
              WHERE ms.id = ${setExpr}
                AND (${p.mask} IS NULL OR t.mask & ${p.mask} <> 0)
                AND (${p.states} IS NULL OR t.state = ANY(${p.states}))) f`;
}
