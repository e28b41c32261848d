import { LegalMatchSummary, LegalPersonFound, MAX_LEGAL_PERSONS_SHOWN, offsetOf } from '@app/domain';
import { SqlExecutor } from '../repositories/executor';
import { CORPUS_LOCK, lockForTransaction } from './corpus-locks';
import { CORPUS_CATEGORIES, STATE_NAMES } from './vocabulary';
import { categoriesNamed, statesNamed } from './vocabulary-filters';

/** A search as the source understands it: normalized given-name words and surnames. */
export interface MatchQuery {
  givenWords: string[];
  lastName?: string;
  secondLastName?: string;
}

export interface LawsuitFilter {
  categories?: string[];
  states?: string[];
  startDate?: string;
  endDate?: string;
  role?: 'Applicant' | 'Defendant';
  limit: number;
  page: number;
}

export interface LawsuitRow {
  id: string;
  judgement_type: string;
  plaintiff: string;
  defendant: string;
  state: string;
  type: string;
  agreement_date: string;
  file_number: string;
  source: string;
  court: string;
  circuit: string;
  synthesis: string;
  synthesis_url: string;
  source_url: string;
}

export interface LawsuitPage {
  total: number;
  rows: LawsuitRow[];
}

/**
 * Combined index keys: a given-name word with the paternal ('gl') or the maternal ('gs') surname,
 * both already folded by the domain's normalizeName. A name pair is one posting list of the GIN
 * index. `pairKeySql` is the same encoding for the loader, which builds keys from folded columns.
 */
export function pairKey(kind: 'gl' | 'gs', given: string, surname: string): string {
  return `${kind}:${given}|${surname}`;
}

export function pairKeySql(kind: 'gl' | 'gs', givenExpr: string, surnameExpr: string): string {
  return `'${kind}:' || ${givenExpr} || '|' || ${surnameExpr}`;
}

/** The keys a person must all carry to match (sorted, no repeats); none when nothing can match. */
export function matchKeys(q: MatchQuery): string[] {
  const keys = new Set<string>();
  for (const word of q.givenWords) {
    if (q.lastName) keys.add(pairKey('gl', word, q.lastName));
    if (q.secondLastName) keys.add(pairKey('gs', word, q.secondLastName));
  }
  return [...keys].sort();
}

/** What a match set is cached under for one corpus version: its sorted keys (a pair: its one key). */
export function queryKeyOf(keys: string[]): string {
  return keys.join('\n');
}

/** docs/behaviour.md ranking of matches: most lawsuits first, then name (uuid breaks exact ties). */
export const RANK_ORDER = 'lawsuit_count DESC, name_key, uuid';
/** Top states: most persons first, then state name; ten of them. */
const TOP_STATES = 10;

/** Persons per category of a set of persons, counted from their category bit masks. */
function perCategorySql(): string {
  return `ARRAY[${CORPUS_CATEGORIES.map((_, k) => `coalesce(sum((category_mask >> ${k}) & 1), 0)::int`).join(', ')}]`;
}

/** The 32 states as an SQL array literal: `per_state` counts persons in this order. */
export const STATES_SQL = `ARRAY[${STATE_NAMES.map((s) => `'${s.replace(/'/g, "''")}'`).join(', ')}]::text[]`;

/** Persons per state (STATES_SQL order) of the rows of `relation`, which has a `state` column. */
function perStateSql(relation: string): string {
  return `(SELECT array_agg(coalesce(c.n, 0) ORDER BY s.ord)
             FROM unnest(${STATES_SQL}) WITH ORDINALITY AS s(state, ord)
             LEFT JOIN (SELECT state, count(*)::int AS n FROM ${relation} GROUP BY state) c USING (state))`;
}

/**
 * The `top_states` KPI of a set from its persons per state: most persons first, then state name,
 * ten of them. One expression for every writer of sets (load, first use, ingest).
 */
export function topStatesSql(perStateExpr: string): string {
  return `(SELECT coalesce(jsonb_agg(jsonb_build_object('state', t.state, 'count', t.n) ORDER BY t.n DESC, t.state), '[]')
             FROM (SELECT state, n FROM unnest(${STATES_SQL}, ${perStateExpr}) AS x(state, n)
                    WHERE n > 0 ORDER BY n DESC, state LIMIT ${TOP_STATES}) t)`;
}

/** Every column of a set; `corpus_version` is the version it was computed from. */
export const SET_COLUMNS = `corpus_version, query_key, total, per_category, per_state, top_states, uuids, names, counts,
  category_masks, agreement_dates, states, name_keys`;

/** What the ranking and the stored matches read of a person. */
const RANKED_COLUMNS = 'uuid, full_name, name_key, lawsuit_count, category_mask, latest_agreement, state';

/** The ranked arrays of a set, in SET_COLUMNS order, and the person column each one holds. */
export const SET_ARRAY_COLUMNS = [
  ['uuid', 'uuids'],
  ['full_name', 'names'],
  ['lawsuit_count', 'counts'],
  ['category_mask', 'category_masks'],
  ['latest_agreement', 'agreement_dates'],
  ['state', 'states'],
  // The name order of the ranking, kept so that an ingest can merge new persons into the set.
  ['name_key', 'name_keys'],
] as const;

/** Array aggregates of the ranked matches in `r` (rows ordered by RANK_ORDER), for one set. */
const SET_ARRAYS = SET_ARRAY_COLUMNS.map(
  ([column, name]) => `coalesce(array_agg(${column} ORDER BY ${RANK_ORDER}), '{}') AS ${name}`,
).join(', ');

/** The handle of a stored match set: enough for the search's KPIs; its matches stay in PostgreSQL. */
export interface MatchSetHandle {
  setId: string;
  /** The corpus version the search answers from: its record details are read as of it. */
  corpusVersion: string;
  totalMatches: number;
  topCategories: Array<{ category: string; count: number }>;
  topStates: Array<{ state: string; count: number }>;
}

interface SetRow {
  id: string;
  total: number;
  per_category: number[];
  top_states: MatchSetHandle['topStates'];
}

/** The newest corpus version a search can see (0 before the first load). */
export const CURRENT_VERSION_SQL = `SELECT coalesce(max(version), 0) AS version FROM legal_corpus_load WHERE finished_at IS NOT NULL`;

/**
 * The current corpus version and, when the query has one, its current set: one statement, so
 * both come from the same snapshot (an ingest that commits meanwhile is seen whole or not at all).
 * `legal_current_set` points each query at its set; loads and ingests repoint it.
 */
export const LOOKUP_SET_SQL = `SELECT v.version, s.id, s.total, s.per_category, s.top_states
   FROM (${CURRENT_VERSION_SQL}) v
   LEFT JOIN legal_current_set c ON c.query_key = $1
   LEFT JOIN legal_match_set s ON s.id = c.set_id`;

/**
 * A set computed from the corpus: `WITH ${setCtes(condition)} INSERT ... SELECT <version>, <key>,
 * ${SET_FROM_ROWS(cap)}`. `m` holds the matching persons, `ps` their count per state; one
 * aggregate row even when nothing matches. The writers of sets on first use and in an ingest share it.
 */
function setCtes(matchCondition: string): string {
  return `m AS MATERIALIZED (SELECT ${RANKED_COLUMNS} FROM legal_person WHERE ${matchCondition}),
       ps AS (SELECT ${perStateSql('m')} AS per_state)`;
}

function setFromRowsSql(cap: string): string {
  return `(SELECT count(*)::int FROM m), (SELECT ${perCategorySql()} FROM m), (SELECT per_state FROM ps),
          ${topStatesSql('(SELECT per_state FROM ps)')}, ${SET_ARRAYS}
     FROM (SELECT * FROM m ORDER BY ${RANK_ORDER} LIMIT ${cap}) r`;
}

/**
 * Computes the set of one query from the corpus, stores it for the corpus version its snapshot
 * sees, and makes it the query's current set ($1 query key, $2 match keys, $3 cap). Run it inside
 * a transaction that holds CORPUS_LOCK.PUBLISH shared (see corpus-locks.ts). When another search
 * stored the same set first, it answers no row and the caller looks the set up again.
 */
export function computeSetSql(): string {
  return `WITH v AS (${CURRENT_VERSION_SQL}), ${setCtes('search_keys @> $2::text[]')},
       ins AS (
         INSERT INTO legal_match_set (${SET_COLUMNS})
         SELECT (SELECT version FROM v), $1, ${setFromRowsSql('$3')}
         ON CONFLICT (corpus_version, query_key) DO NOTHING
         RETURNING id, corpus_version, total, per_category, top_states),
       cur AS (
         INSERT INTO legal_current_set (query_key, set_id) SELECT $1, id FROM ins
         ON CONFLICT (query_key) DO NOTHING RETURNING set_id)
     SELECT ins.corpus_version AS version, ins.id, ins.total, ins.per_category, ins.top_states
       FROM ins JOIN cur ON cur.set_id = ins.id`;
}

/**
 * The set of one key (a name pair) computed from the corpus for version $1 ($2 key, $3 cap), not
 * made current: an ingest makes it current with the rest of its sets. Returns its id.
 */
export function computeKeySetSql(): string {
  return `WITH ${setCtes('search_keys @> ARRAY[$2::text]')}
     INSERT INTO legal_match_set (${SET_COLUMNS})
     SELECT $1, $2, ${setFromRowsSql('$3')}
     RETURNING id`;
}

/**
 * Single-key sets (name pairs) for version $1, with the same ranking, top states and counts as
 * `computeSetSql` ($2 = cap), not made current here:
 * - `{ slice: true }`, a load: every pair of the corpus, split into $3 slices by hash, this one
 *   computing slice $4 (slices run in parallel sessions);
 * - `{ keys: true }`, an ingest: the pairs listed in $3 (text[]), read from the corpus through the
 *   index once for all of them; answers each set's `query_key` and `id`. A listed pair nobody
 *   has gets no set.
 *
 * Two passes over the persons, no sort of all (key, person) rows (32M at 10M persons):
 * - one pass of hash aggregates counts persons per (key, lawsuit count) and per (key, state);
 * - from the first, each key's cut: the highest lawsuit count that at least $2 persons reach. Its
 *   top $2 all have at least that many lawsuits (the ranking puts more lawsuits first), so only
 *   those candidates are ranked: a few hundred per key instead of up to 95,000.
 */
export function precomputePairSetsSql(scope: { slice: true } | { keys: true } = { slice: true }): string {
  const perCategory = CORPUS_CATEGORIES.map((_, k) => `sum((category_mask >> ${k}) & 1)::int AS c${k}`);
  const byKeys = 'keys' in scope;
  // One row per (key, person), unnested in the select list (a lateral join memoizes every array).
  // Keys compare in byte order: the same equality as the locale's, with far cheaper sorts.
  const pairs = (columns: string) =>
    `(SELECT unnest(search_keys) COLLATE "C" AS key, ${columns} FROM ${byKeys ? 'listed' : 'legal_person'}) u`;
  const inScope = byKeys ? `u.key = ANY($3::text[])` : `(hashtext(u.key) & 2147483647) % $3 = $4`;
  return `WITH ${byKeys ? `listed AS MATERIALIZED (SELECT search_keys, ${RANKED_COLUMNS} FROM legal_person WHERE search_keys && $3::text[]),` : ''}
       agg AS MATERIALIZED (
         SELECT key, lawsuit_count, state, GROUPING(state) = 1 AS by_count, count(*)::int AS n,
                ${perCategory.join(', ')}
           FROM ${pairs('lawsuit_count, state, category_mask')} WHERE ${inScope}
          GROUP BY GROUPING SETS ((key, lawsuit_count), (key, state))),
       totals AS (
         SELECT key, sum(n)::int AS total,
                ARRAY[${CORPUS_CATEGORIES.map((_, k) => `sum(c${k})::int`).join(', ')}] AS per_category
           FROM agg WHERE by_count GROUP BY key),
       states AS (
         SELECT key, ARRAY(SELECT coalesce(x.n, 0) FROM generate_series(1, cardinality(${STATES_SQL})) AS g(i)
                             LEFT JOIN unnest(array_agg(array_position(${STATES_SQL}, state)), array_agg(n)) AS x(i, n)
                             USING (i) ORDER BY g.i) AS per_state
           FROM agg WHERE NOT by_count GROUP BY key),
       cuts AS (
         SELECT key, coalesce(max(lawsuit_count) FILTER (WHERE reaching >= $2), 0) AS cut
           FROM (SELECT key, lawsuit_count, sum(n) OVER (PARTITION BY key ORDER BY lawsuit_count DESC) AS reaching
                   FROM agg WHERE by_count) c
          GROUP BY key),
       ranked AS (
         SELECT key, ${SET_ARRAYS}
           FROM (SELECT u.*, row_number() OVER (PARTITION BY u.key ORDER BY ${RANK_ORDER}) AS rn
                   FROM ${pairs(RANKED_COLUMNS)} JOIN cuts c ON c.key = u.key
                  WHERE ${inScope} AND u.lawsuit_count >= c.cut) x
          WHERE rn <= $2 GROUP BY key)
     INSERT INTO legal_match_set (${SET_COLUMNS})
     SELECT $1, key, t.total, t.per_category, s.per_state, ${topStatesSql('s.per_state')},
            ${SET_ARRAY_COLUMNS.map(([, name]) => `r.${name}`).join(', ')}
       FROM totals t JOIN states s USING (key) JOIN ranked r USING (key)
     ON CONFLICT (corpus_version, query_key) DO NOTHING${byKeys ? ' RETURNING query_key, id' : ''}`;
}

/**
 * Makes the sets of `version` the current set of every query, in the transaction of the caller
 * (which holds CORPUS_LOCK.PUBLISH): a load's last step. Every earlier set stops being current;
 * searches keep pointing at theirs.
 */
export async function publishVersionSets(tx: SqlExecutor, version: string): Promise<void> {
  await tx.query(
    `UPDATE legal_match_set SET retired_at = clock_timestamp()
      WHERE id IN (SELECT set_id FROM legal_current_set) AND corpus_version <> $1`,
    [version],
  );
  await tx.query(`DELETE FROM legal_current_set`);
  await tx.query(
    `INSERT INTO legal_current_set (query_key, set_id)
     SELECT query_key, id FROM legal_match_set WHERE corpus_version = $1`,
    [version],
  );
}

/**
 * How long a set that stopped being current stays when no search points at it: a search that
 * looked it up just before stores its pointer a moment later (within the source's timeout).
 */
export const SET_RETIREMENT_GRACE_SECONDS = 600;

/**
 * A set nobody reads any more, as a condition on `ms` ($1 = grace in seconds): not current, not
 * pointed at by a search, and retired longer than the grace ago (or never current: a first-use
 * computation that lost a race). Deleted by loads and by the processor's purge, as the corpus's
 * writer (a load's new sets are not current until it finishes).
 */
export const RETIRED_SET = `NOT EXISTS (SELECT 1 FROM legal_current_set c WHERE c.set_id = ms.id)
    AND (ms.retired_at IS NULL OR ms.retired_at < clock_timestamp() - $1::int * interval '1 second')
    AND NOT EXISTS (SELECT 1 FROM legal_search s WHERE s.match_set_id = ms.id)`;

export const DELETE_RETIRED_SETS_SQL = `DELETE FROM legal_match_set ms WHERE ${RETIRED_SET}`;

function topCategoriesOf(perCategory: number[]): MatchSetHandle['topCategories'] {
  return CORPUS_CATEGORIES.map((category, k) => ({ category, count: perCategory[k] ?? 0 }))
    .filter((c) => c.count > 0)
    .sort((a, b) => b.count - a.count || a.category.localeCompare(b.category))
    .slice(0, 10);
}

function handleOf(row: SetRow & { version: string }): MatchSetHandle {
  return {
    setId: String(row.id),
    corpusVersion: String(row.version),
    totalMatches: row.total,
    topCategories: topCategoriesOf(row.per_category),
    topStates: row.top_states,
  };
}

/** A way to run SQL, and to run several statements in one transaction of one session. */
export interface TransactionalExecutor extends SqlExecutor {
  inTransaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T>;
}

/**
 * The match set of a query on the current corpus version: a lookup when the loader, an ingest or
 * an earlier search stored it, else computed once from the corpus and kept for the next search.
 */
export async function findMatchSet(
  db: TransactionalExecutor,
  q: MatchQuery,
  cap: number,
): Promise<MatchSetHandle> {
  const keys = matchKeys(q);
  if (keys.length === 0) throw new Error('a match query needs a given name and a surname');
  const key = queryKeyOf(keys);
  // A computation that loses a race (another search stored the set first, or an ingest dropped it
  // between the two) looks again; three rounds are more than any race needs.
  for (let round = 0; ; round++) {
    const [hit]: Array<SetRow & { version: string }> = await db.query(LOOKUP_SET_SQL, [key]);
    if (hit.id !== null) return handleOf(hit);
    const [computed]: Array<SetRow & { version: string }> = await db.inTransaction(async (tx) => {
      await lockForTransaction(tx, CORPUS_LOCK.PUBLISH, 'shared');
      return tx.query(computeSetSql(), [key, keys, cap]);
    });
    if (computed) return handleOf(computed);
    if (round === 2) throw new Error(`the match set of ${key} could not be stored`);
  }
}

/** The columns of a lawsuit entry (docs/behaviour.md), in the corpus tables' names. */
const LAWSUIT_COLUMNS = `id, judgement_type, plaintiff, defendant, state, type, agreement_date, file_number, source, court,
  circuit, synthesis, synthesis_url, source_url, category, role`;

/**
 * The lawsuits of one person as they stood at corpus version $2 (null: as they stand now). An
 * ingest stamps the lawsuits it writes with its version and keeps the ones it replaced in
 * `legal_lawsuit_history` until then, so the detail of a search reads the corpus its search saw.
 */
function lawsuitsAsOfSql(): string {
  return `(SELECT ${LAWSUIT_COLUMNS} FROM legal_lawsuit
            WHERE person_uuid = $1 AND ($2::bigint IS NULL OR since_version IS NULL OR since_version <= $2::bigint)
           UNION ALL
           SELECT ${LAWSUIT_COLUMNS} FROM legal_lawsuit_history
            WHERE $2::bigint IS NOT NULL AND person_uuid = $1
              AND (since_version IS NULL OR since_version <= $2::bigint) AND until_version > $2::bigint) l`;
}

/**
 * The lawsuits of one person, filtered and paged, newest first, as of `asOfVersion` (the corpus
 * version of the search reading them; null: the current corpus). Filter values arrive normalized;
 * they are compared as the corpus spells them (the names whose normalizeName they are), so the
 * folding rule stays the domain's alone and the comparison is a plain equality.
 */
export async function findLawsuits(
  db: SqlExecutor,
  personUuid: string,
  f: LawsuitFilter,
  asOfVersion: string | null = null,
): Promise<LawsuitPage> {
  const params = [
    personUuid,
    asOfVersion,
    f.categories ? categoriesNamed(f.categories) : null,
    f.states ? statesNamed(f.states) : null,
    f.startDate ?? null,
    f.endDate ?? null,
    f.role ?? null,
  ];
  const where = `($3::text[] IS NULL OR category = ANY($3::text[]))
      AND ($4::text[] IS NULL OR state = ANY($4::text[]))
      AND ($5::date IS NULL OR agreement_date >= $5::date)
      AND ($6::date IS NULL OR agreement_date <= $6::date)
      AND ($7::text IS NULL OR role = $7::text)`;
  const rows: Array<LawsuitRow & { total: number }> = await db.query(
    `SELECT id, judgement_type, plaintiff, defendant, state, type, to_char(agreement_date, 'YYYY-MM-DD') AS agreement_date,
            file_number, source, court, circuit, synthesis, synthesis_url, source_url, count(*) OVER ()::int AS total
       FROM ${lawsuitsAsOfSql()} WHERE ${where}
      ORDER BY agreement_date DESC, id LIMIT $8 OFFSET $9`,
    [...params, f.limit, offsetOf(f.page, f.limit)],
  );
  if (rows.length > 0) return { total: rows[0].total, rows: rows.map(({ total: _t, ...r }) => r) };
  const counted: Array<{ n: number }> = await db.query(
    `SELECT count(*)::int AS n FROM ${lawsuitsAsOfSql()} WHERE ${where}`,
    params,
  );
  return { total: counted[0].n, rows: [] };
}

/**
 * What BGC Legal needs from the corpus for screened candidates (never billed), in one round trip:
 * one summary per query, in the queries' order.
 */
export async function summarizeManyForScreening(
  db: SqlExecutor,
  queries: readonly MatchQuery[],
): Promise<LegalMatchSummary[]> {
  const keys = queries.map(matchKeys);
  const asked = keys.flatMap((k, n) => k.map((key) => ({ n, key })));
  const rows: Array<{
    n: number;
    lawsuits: number;
    defendant: number;
    categories: string[];
    persons: LegalPersonFound[];
  }> =
    asked.length === 0
      ? []
      : await db.query(
          // One (query number, key) row per key: PostgreSQL arrays of arrays must be rectangular.
          `WITH q AS (SELECT n, array_agg(key) AS keys FROM unnest($1::int[], $2::text[]) AS a(n, key) GROUP BY n)
           SELECT q.n, s.lawsuits, s.defendant, s.categories, s.persons
             FROM q CROSS JOIN LATERAL (
               SELECT coalesce(sum(lawsuit_count), 0)::int AS lawsuits, coalesce(sum(as_defendant), 0)::int AS defendant,
                      coalesce((SELECT array_agg(DISTINCT c ORDER BY c) FROM legal_person p2, unnest(p2.categories) c
                                 WHERE p2.search_keys @> q.keys), '{}') AS categories,
                      coalesce((SELECT json_agg(json_build_object('entryId', p3.uuid, 'fullName', p3.full_name,
                                  'lawsuits', p3.lawsuit_count, 'asDefendant', p3.as_defendant, 'categories', p3.categories)
                                  ORDER BY p3.lawsuit_count DESC, p3.uuid)
                                  FROM (SELECT * FROM legal_person p3 WHERE p3.search_keys @> q.keys
                                         ORDER BY p3.lawsuit_count DESC, p3.uuid LIMIT $3) p3), '[]') AS persons
                 FROM legal_person WHERE search_keys @> q.keys) s`,
          [asked.map((a) => a.n), asked.map((a) => a.key), MAX_LEGAL_PERSONS_SHOWN],
        );
  const byQuery = new Map(rows.map((row) => [Number(row.n), row]));
  return queries.map((_, n) => {
    const row = byQuery.get(n);
    return row
      ? {
          lawsuitsFound: row.lawsuits,
          asDefendant: row.defendant,
          categories: row.categories,
          persons: row.persons,
        }
      : { lawsuitsFound: 0, asDefendant: 0, categories: [], persons: [] };
  });
}
