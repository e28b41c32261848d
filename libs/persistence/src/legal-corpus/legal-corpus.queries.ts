import { LegalMatchSummary, offsetOf } from '@app/domain';
import { SqlExecutor } from '../repositories/executor';
import { CORPUS_CATEGORIES } from './vocabulary';

/** A search as the source understands it: normalized given-name words and surnames. */
export interface MatchQuery {
  givenWords: string[];
  lastName?: string;
  secondLastName?: string;
}

export interface MatchedPersonRow {
  uuid: string;
  name: string;
  count: number;
  categories: string[];
  /** Latest agreement date, YYYY-MM-DD. */
  agreement_date: string | null;
  state: string;
}

export interface MatchUniverse {
  totalMatches: number;
  topCategories: Array<{ category: string; count: number }>;
  topStates: Array<{ state: string; count: number }>;
  records: MatchedPersonRow[];
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

/** 'g:juan', 'l:hernandez', 's:lopez': the GIN index intersects these posting lists. */
export function matchKeys(q: MatchQuery): string[] {
  return [
    ...q.givenWords.map((w) => `g:${w}`),
    ...(q.lastName ? [`l:${q.lastName}`] : []),
    ...(q.secondLastName ? [`s:${q.secondLastName}`] : []),
  ];
}

/**
 * The whole universe of a search in one round trip: its size, persons per category (counted
 * from each person's category bit mask) and per state (top 10), and the first `cap` persons by
 * most lawsuits, then name.
 */
/** The search query (also EXPLAINed by the benchmark): $1 = match keys, $2 = cap. */
export function matchesSql(): string {
  const perCategory = CORPUS_CATEGORIES.map((_, k) => `sum((category_mask >> ${k}) & 1)::int`).join(', ');
  return `WITH m AS MATERIALIZED (
         SELECT uuid, full_name, name_key, lawsuit_count, categories, category_mask, latest_agreement, state
           FROM legal_person WHERE search_keys @> $1::text[])
       SELECT s.total, s.per_category,
              (SELECT coalesce(json_agg(t), '[]') FROM (
                 SELECT state, count(*)::int AS count FROM m GROUP BY state ORDER BY count(*) DESC, state LIMIT 10) t) AS top_states,
              (SELECT coalesce(json_agg(t), '[]') FROM (
                 SELECT uuid, full_name AS name, lawsuit_count AS count, categories,
                        to_char(latest_agreement, 'YYYY-MM-DD') AS agreement_date, state
                   FROM m ORDER BY lawsuit_count DESC, name_key, uuid LIMIT $2) t) AS records
         FROM (SELECT count(*)::int AS total, ARRAY[${perCategory}] AS per_category FROM m) s`;
}

export async function findMatches(db: SqlExecutor, q: MatchQuery, cap: number): Promise<MatchUniverse> {
  const rows: Array<{
    total: number;
    per_category: number[];
    top_states: MatchUniverse['topStates'];
    records: MatchedPersonRow[];
  }> = await db.query(matchesSql(), [matchKeys(q), cap]);
  const row = rows[0];
  const topCategories = CORPUS_CATEGORIES.map((category, k) => ({
    category,
    count: row.per_category[k] ?? 0,
  }))
    .filter((c) => c.count > 0)
    .sort((a, b) => b.count - a.count || a.category.localeCompare(b.category))
    .slice(0, 10);
  return { totalMatches: row.total, topCategories, topStates: row.top_states, records: row.records };
}

const FOLD = (expr: string) => `translate(lower(${expr}), 'áéíóúüñ', 'aeiouun')`;

/** The lawsuits of one person, filtered and paged, newest first; filter values arrive normalized. */
export async function findLawsuits(
  db: SqlExecutor,
  personUuid: string,
  f: LawsuitFilter,
): Promise<LawsuitPage> {
  const params = [
    personUuid,
    f.categories ?? null,
    f.states ?? null,
    f.startDate ?? null,
    f.endDate ?? null,
    f.role ?? null,
  ];
  const where = `person_uuid = $1
      AND ($2::text[] IS NULL OR ${FOLD('category')} = ANY($2::text[]))
      AND ($3::text[] IS NULL OR ${FOLD('state')} = ANY($3::text[]))
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

/** What BGC Legal needs from the corpus for a screened candidate (never billed). */
export async function summarizeForScreening(db: SqlExecutor, q: MatchQuery): Promise<LegalMatchSummary> {
  const rows: Array<{ lawsuits: number; defendant: number; categories: string[] }> = await db.query(
    `SELECT coalesce(sum(lawsuit_count), 0)::int AS lawsuits, coalesce(sum(as_defendant), 0)::int AS defendant,
            coalesce((SELECT array_agg(DISTINCT c ORDER BY c) FROM legal_person p2, unnest(p2.categories) c
                       WHERE p2.search_keys @> $1::text[]), '{}') AS categories
       FROM legal_person WHERE search_keys @> $1::text[]`,
    [matchKeys(q)],
  );
  return { lawsuitsFound: rows[0].lawsuits, asDefendant: rows[0].defendant, categories: rows[0].categories };
}
