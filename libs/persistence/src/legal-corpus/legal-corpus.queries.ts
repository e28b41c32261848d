import { LegalMatchSummary, offsetOf } from '@app/domain';
import { SqlExecutor } from '../repositories/executor';
import { CORPUS_CATEGORIES } from './vocabulary';
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

/** CONTRACT 5 ranking of matches: most lawsuits first, then name (uuid breaks exact ties). */
export const RANK_ORDER = 'lawsuit_count DESC, name_key, uuid';
/** Top states: most persons first, then state name; ten of them. */
const TOP_STATES = 10;

/** Persons per category of a set of persons, counted from their category bit masks. */
function perCategorySql(): string {
  return `ARRAY[${CORPUS_CATEGORIES.map((_, k) => `coalesce(sum((category_mask >> ${k}) & 1), 0)::int`).join(', ')}]`;
}

const SET_COLUMNS = `corpus_version, query_key, total, per_category, top_states, uuids, names, counts, category_masks,
  agreement_dates, states`;

/** What the ranking and the stored matches read of a person. */
const RANKED_COLUMNS = 'uuid, full_name, name_key, lawsuit_count, category_mask, latest_agreement, state';

/** Array aggregates of the ranked matches in `r` (rows ordered by RANK_ORDER), for one set. */
const SET_ARRAYS = [
  ['uuid', 'uuids'],
  ['full_name', 'names'],
  ['lawsuit_count', 'counts'],
  ['category_mask', 'category_masks'],
  ['latest_agreement', 'agreement_dates'],
  ['state', 'states'],
]
  .map(([column, name]) => `coalesce(array_agg(${column} ORDER BY ${RANK_ORDER}), '{}') AS ${name}`)
  .join(', ');

/** The handle of a stored match set: enough for the search's KPIs; its matches stay in PostgreSQL. */
export interface MatchSetHandle {
  setId: string;
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

/** The current corpus version and, when it is cached, the set of a query: one indexed lookup. */
export const LOOKUP_SET_SQL = `SELECT v.version, s.id, s.total, s.per_category, s.top_states
   FROM (SELECT coalesce(max(version), 0) AS version FROM legal_corpus_load WHERE finished_at IS NOT NULL) v
   LEFT JOIN legal_match_set s ON s.corpus_version = v.version AND s.query_key = $1`;

/**
 * Computes the set of one query from the corpus and stores it for the version ($1 version, $2 query
 * key, $3 match keys, $4 cap). A concurrent computation of the same set wins; the caller re-reads it.
 */
export function computeSetSql(): string {
  return `WITH m AS MATERIALIZED (
         SELECT ${RANKED_COLUMNS} FROM legal_person WHERE search_keys @> $3::text[]),
       r AS (SELECT * FROM m ORDER BY ${RANK_ORDER} LIMIT $4)
     INSERT INTO legal_match_set (${SET_COLUMNS})
     SELECT $1, $2, (SELECT count(*)::int FROM m), (SELECT ${perCategorySql()} FROM m),
            (SELECT coalesce(jsonb_agg(t), '[]') FROM (
               SELECT state, count(*)::int AS count FROM m GROUP BY state ORDER BY count(*) DESC, state LIMIT ${TOP_STATES}) t),
            ${SET_ARRAYS}
       FROM r
     ON CONFLICT (corpus_version, query_key) DO NOTHING
     RETURNING id, total, per_category, top_states`;
}

/**
 * Every single-key set of the corpus (every name pair) for version $1, with the same ranking, top
 * states and category counts as `computeSetSql` ($2 = cap). Keys are split into $3 slices by hash
 * and this computes slice $4, so slices can run in parallel sessions.
 *
 * Two scans of the corpus, no sort of all (key, person) rows (32M at 10M persons):
 * - one pass of hash aggregates counts persons per (key, lawsuit count) and per (key, state);
 * - from the first, each key's cut: the highest lawsuit count that at least $2 persons reach. Its
 *   top $2 all have at least that many lawsuits (the ranking puts more lawsuits first), so only
 *   those candidates are ranked: a few hundred per key instead of up to 95,000.
 */
export function precomputePairSetsSql(): string {
  const perCategory = CORPUS_CATEGORIES.map((_, k) => `sum((category_mask >> ${k}) & 1)::int AS c${k}`);
  // One row per (key, person), unnested in the select list (a lateral join memoizes every array).
  // Keys compare in byte order: the same equality as the locale's, with far cheaper sorts.
  const pairs = (columns: string) =>
    `(SELECT unnest(search_keys) COLLATE "C" AS key, ${columns} FROM legal_person) u`;
  const inSlice = `(hashtext(u.key) & 2147483647) % $3 = $4`;
  return `WITH agg AS MATERIALIZED (
         SELECT key, lawsuit_count, state, GROUPING(state) = 1 AS by_count, count(*)::int AS n,
                ${perCategory.join(', ')}
           FROM ${pairs('lawsuit_count, state, category_mask')} WHERE ${inSlice}
          GROUP BY GROUPING SETS ((key, lawsuit_count), (key, state))),
       totals AS (
         SELECT key, sum(n)::int AS total,
                ARRAY[${CORPUS_CATEGORIES.map((_, k) => `sum(c${k})::int`).join(', ')}] AS per_category
           FROM agg WHERE by_count GROUP BY key),
       states AS (
         SELECT key, jsonb_agg(jsonb_build_object('state', state, 'count', n) ORDER BY rn) AS top_states
           FROM (SELECT key, state, n, row_number() OVER (PARTITION BY key ORDER BY n DESC, state) AS rn
                   FROM agg WHERE NOT by_count) b
          WHERE rn <= ${TOP_STATES} GROUP BY key),
       cuts AS (
         SELECT key, coalesce(max(lawsuit_count) FILTER (WHERE reaching >= $2), 0) AS cut
           FROM (SELECT key, lawsuit_count, sum(n) OVER (PARTITION BY key ORDER BY lawsuit_count DESC) AS reaching
                   FROM agg WHERE by_count) c
          GROUP BY key),
       ranked AS (
         SELECT key, ${SET_ARRAYS}
           FROM (SELECT u.*, row_number() OVER (PARTITION BY u.key ORDER BY ${RANK_ORDER}) AS rn
                   FROM ${pairs(RANKED_COLUMNS)} JOIN cuts c ON c.key = u.key
                  WHERE ${inSlice} AND u.lawsuit_count >= c.cut) x
          WHERE rn <= $2 GROUP BY key)
     INSERT INTO legal_match_set (${SET_COLUMNS})
     SELECT $1, key, t.total, t.per_category, s.top_states,
            r.uuids, r.names, r.counts, r.category_masks, r.agreement_dates, r.states
       FROM totals t JOIN states s USING (key) JOIN ranked r USING (key)
     ON CONFLICT (corpus_version, query_key) DO NOTHING`;
}

function topCategoriesOf(perCategory: number[]): MatchSetHandle['topCategories'] {
  return CORPUS_CATEGORIES.map((category, k) => ({ category, count: perCategory[k] ?? 0 }))
    .filter((c) => c.count > 0)
    .sort((a, b) => b.count - a.count || a.category.localeCompare(b.category))
    .slice(0, 10);
}

function handleOf(row: SetRow): MatchSetHandle {
  return {
    setId: String(row.id),
    totalMatches: row.total,
    topCategories: topCategoriesOf(row.per_category),
    topStates: row.top_states,
  };
}

/**
 * The match set of a query on the current corpus version: a lookup when the loader (or an earlier
 * search) computed it, else computed once from the corpus and kept for the next search.
 */
export async function findMatchSet(db: SqlExecutor, q: MatchQuery, cap: number): Promise<MatchSetHandle> {
  const keys = matchKeys(q);
  if (keys.length === 0) throw new Error('a match query needs a given name and a surname');
  const key = queryKeyOf(keys);
  const [hit]: Array<SetRow & { version: string }> = await db.query(LOOKUP_SET_SQL, [key]);
  if (hit.id !== null) return handleOf(hit);
  const inserted: SetRow[] = await db.query(computeSetSql(), [hit.version, key, keys, cap]);
  if (inserted[0]) return handleOf(inserted[0]);
  const [raced]: SetRow[] = await db.query(LOOKUP_SET_SQL, [key]);
  return handleOf(raced);
}

/**
 * The lawsuits of one person, filtered and paged, newest first. Filter values arrive normalized;
 * they are compared as the corpus spells them (the names whose normalizeName they are), so the
 * folding rule stays the domain's alone and the comparison is a plain equality.
 */
export async function findLawsuits(
  db: SqlExecutor,
  personUuid: string,
  f: LawsuitFilter,
): Promise<LawsuitPage> {
  const params = [
    personUuid,
    f.categories ? categoriesNamed(f.categories) : null,
    f.states ? statesNamed(f.states) : null,
    f.startDate ?? null,
    f.endDate ?? null,
    f.role ?? null,
  ];
  const where = `person_uuid = $1
      AND ($2::text[] IS NULL OR category = ANY($2::text[]))
      AND ($3::text[] IS NULL OR state = ANY($3::text[]))
      AND ($4::date IS NULL OR agreement_date >= $4::date)
      AND ($5::date IS NULL OR agreement_date <= $5::date)
      AND ($6::text IS NULL OR role = $6::text)`;
  const rows: Array<LawsuitRow & { total: number }> = await db.query(
    `SELECT id, judgement_type, plaintiff, defendant, state, type, to_char(agreement_date, 'YYYY-MM-DD') AS agreement_date,
            file_number, source, court, circuit, synthesis, synthesis_url, source_url, count(*) OVER ()::int AS total
       FROM legal_lawsuit WHERE ${where}
      ORDER BY agreement_date DESC, id LIMIT $7 OFFSET $8`,
    [...params, f.limit, offsetOf(f.page, f.limit)],
  );
  if (rows.length > 0) return { total: rows[0].total, rows: rows.map(({ total: _t, ...r }) => r) };
  const counted: Array<{ n: number }> = await db.query(
    `SELECT count(*)::int AS n FROM legal_lawsuit WHERE ${where}`,
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
  const rows: Array<{ n: number; lawsuits: number; defendant: number; categories: string[] }> =
    asked.length === 0
      ? []
      : await db.query(
          // One (query number, key) row per key: PostgreSQL arrays of arrays must be rectangular.
          `WITH q AS (SELECT n, array_agg(key) AS keys FROM unnest($1::int[], $2::text[]) AS a(n, key) GROUP BY n)
           SELECT q.n, s.lawsuits, s.defendant, s.categories
             FROM q CROSS JOIN LATERAL (
               SELECT coalesce(sum(lawsuit_count), 0)::int AS lawsuits, coalesce(sum(as_defendant), 0)::int AS defendant,
                      coalesce((SELECT array_agg(DISTINCT c ORDER BY c) FROM legal_person p2, unnest(p2.categories) c
                                 WHERE p2.search_keys @> q.keys), '{}') AS categories
                 FROM legal_person WHERE search_keys @> q.keys) s`,
          [asked.map((a) => a.n), asked.map((a) => a.key)],
        );
  const byQuery = new Map(rows.map((row) => [Number(row.n), row]));
  return queries.map((_, n) => {
    const row = byQuery.get(n);
    return row
      ? { lawsuitsFound: row.lawsuits, asDefendant: row.defendant, categories: row.categories }
      : { lawsuitsFound: 0, asDefendant: 0, categories: [] };
  });
}
