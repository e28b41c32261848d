import { MAX_MATCHES, normalizeName } from '@app/domain';
import { SqlExecutor } from '../repositories/executor';
import { pairKeySql, precomputePairSetsSql } from './legal-corpus.queries';
import { urlSlug } from './url-slug';
import {
  CATEGORIES,
  CORPUS_CATEGORIES,
  COMPANIES,
  expand,
  FEMALE_NAMES,
  JUDGEMENT_TYPES,
  MALE_NAMES,
  ORDINALS,
  STATES,
  SURNAMES,
} from './vocabulary';

/** The corpus loaded on first start: large enough that Juan Hernández passes the 300 cap. */
export const DEMO_CORPUS = { persons: 60_000, seed: 2026 } as const;

/**
 * Version of what the generator produces for a (persons, seed): a loaded corpus whose load row
 * carries the same three values is the same corpus (the benchmark reuses it). Bump it whenever the
 * rows, keys or match sets a load writes change.
 */
export const CORPUS_GENERATOR = 2;

const CHUNK = 100_000;

/** The corpus version a load of these parameters produced, when the newest finished load was one. */
export async function loadedCorpusMatches(
  executor: SqlExecutor,
  options: { persons: number; seed?: number },
): Promise<boolean> {
  const rows: Array<{ persons: number; seed: number; generator: number; finished: boolean }> =
    await executor.query(
      `SELECT persons, seed, generator, finished_at IS NOT NULL AS finished
         FROM legal_corpus_load ORDER BY version DESC LIMIT 1`,
    );
  const last = rows[0];
  return (
    last !== undefined &&
    last.finished &&
    last.persons === options.persons &&
    last.seed === Math.trunc(options.seed ?? DEMO_CORPUS.seed) &&
    last.generator === CORPUS_GENERATOR
  );
}

/**
 * Fills the corpus tables deterministically (same seed, same rows) with set-based SQL: each
 * chunk of persons and their lawsuits is generated inside PostgreSQL from a hash of (seed, row),
 * so no row crosses the wire and a million persons load in a few minutes.
 * `executor` must be one session (a query runner): the generator uses temporary objects.
 */
export async function loadCorpus(
  executor: SqlExecutor,
  options: {
    persons: number;
    seed?: number;
    onProgress?: (done: number, total: number) => void;
    /** Called after each step past generation, with its name. */
    onStep?: (step: string) => void;
  },
): Promise<void> {
  const seed = Math.trunc(options.seed ?? DEMO_CORPUS.seed);
  const q = (sql: string, params: unknown[] = []) => executor.query(sql, params);
  // A cheap deterministic hash of (row key, field): PostgreSQL's own 64-bit integer hash, salted.
  let salt = 0;
  const h = (key: string) => `(hashint8extended((${key})::bigint, ${seed * 1000 + ++salt}) & 2147483647)`;
  // A new corpus version: searches keep using the previous version's match sets until it is finished.
  const [{ version }]: Array<{ version: string }> = await q(
    `INSERT INTO legal_corpus_load (persons, seed, generator) VALUES ($1, $2, $3) RETURNING version`,
    [options.persons, seed, CORPUS_GENERATOR],
  );
  await q(`TRUNCATE legal_lawsuit, legal_person`);
  // Indexes are rebuilt once at the end: far cheaper than maintaining them row by row.
  await q(`DROP INDEX IF EXISTS legal_person_search_keys_idx`);
  await q(`DROP INDEX IF EXISTS legal_lawsuit_person_idx`);
  // So are the keys: a random uuid per row makes a B-tree that outgrows memory cost a random write
  // per insert, and the foreign key a lookup per lawsuit. Both come back, checked, at the end.
  await q(
    `ALTER TABLE legal_lawsuit DROP CONSTRAINT IF EXISTS legal_lawsuit_person_uuid_fkey,
                               DROP CONSTRAINT IF EXISTS legal_lawsuit_pkey`,
  );
  await q(`ALTER TABLE legal_person DROP CONSTRAINT IF EXISTS legal_person_pkey`);
  await q(`SET work_mem = '256MB'`);
  await q(`SET maintenance_work_mem = '512MB'`);
  const vocabulary = [
    expand(MALE_NAMES),
    expand(FEMALE_NAMES),
    expand(SURNAMES),
    expand(STATES),
    expand(CATEGORIES),
    expand(JUDGEMENT_TYPES),
    expand(COMPANIES),
    [...ORDINALS],
    STATES.map(([s]) => s),
  ];
  // Index keys and the name order come from the domain's normalizeName, applied here to the
  // vocabulary the generator picks from (same positions): SQL never folds a name itself.
  const folded = [
    vocabulary[0].map(normalizeName),
    vocabulary[1].map(normalizeName),
    vocabulary[2].map(normalizeName),
  ];
  // URL path segment of each state, same order as vocabulary[8]: ASCII only ("nuevo-leon").
  const stateSlugs = vocabulary[8].map(urlSlug);
  for (let start = 1; start <= options.persons; start += CHUNK) {
    const end = Math.min(options.persons, start + CHUNK - 1);
    salt = 0; // every chunk hashes its fields alike: row i does not depend on the chunking
    await q(`DROP TABLE IF EXISTS pg_temp.gen_person`);
    await q(
      `CREATE TEMP TABLE gen_person AS
       SELECT b.i, b.uuid, b.state, b.n,
              CASE WHEN b.sex = 0 THEN ($3::text[])[1 + b.r1 % cardinality($3::text[])]
                   ELSE ($4::text[])[1 + b.r1 % cardinality($4::text[])] END AS given1,
              CASE WHEN b.sex = 0 THEN ($8::text[])[1 + b.r1 % cardinality($3::text[])]
                   ELSE ($9::text[])[1 + b.r1 % cardinality($4::text[])] END AS given1_key,
              CASE WHEN b.r2 % 100 >= 40 THEN NULL
                   WHEN b.sex = 0 THEN ($3::text[])[1 + b.r3 % cardinality($3::text[])]
                   ELSE ($4::text[])[1 + b.r3 % cardinality($4::text[])] END AS given2,
              CASE WHEN b.r2 % 100 >= 40 THEN NULL
                   WHEN b.sex = 0 THEN ($8::text[])[1 + b.r3 % cardinality($3::text[])]
                   ELSE ($9::text[])[1 + b.r3 % cardinality($4::text[])] END AS given2_key,
              ($5::text[])[1 + b.r4 % cardinality($5::text[])] AS last_name,
              ($10::text[])[1 + b.r4 % cardinality($5::text[])] AS last_key,
              CASE WHEN b.r5 % 100 < 97 THEN ($5::text[])[1 + b.r6 % cardinality($5::text[])] END AS second_last_name,
              CASE WHEN b.r5 % 100 < 97 THEN ($10::text[])[1 + b.r6 % cardinality($5::text[])] END AS second_key
         FROM (SELECT i, md5($1::text || ':p:' || i)::uuid AS uuid,
                      ${h('i')} % 2 AS sex,
                      ${h('i')} AS r1, ${h('i')} AS r2, ${h('i')} AS r3,
                      ${h('i')} AS r4, ${h('i')} AS r5, ${h('i')} AS r6,
                      ($6::text[])[1 + ${h('i')} % cardinality($6::text[])] AS state,
                      1 + floor(power((${h('i')} % 1000000) / 1000000.0, 10) * 30)::int AS n
                 FROM generate_series($2::int, $7::int) AS i) b`,
      [String(seed), start, vocabulary[0], vocabulary[1], vocabulary[2], vocabulary[3], end, ...folded],
    );
    await q(`UPDATE gen_person SET given2 = NULL, given2_key = NULL WHERE given2 = given1`);
    await q(`DROP TABLE IF EXISTS pg_temp.gen_lawsuit`);
    await q(
      `CREATE TEMP TABLE gen_lawsuit AS
       SELECT l.*,
              CASE WHEN l.role = 'Applicant' THEN l.person_name ELSE l.counterpart END AS plaintiff,
              CASE WHEN l.role = 'Defendant' THEN l.person_name ELSE l.counterpart END AS defendant
         FROM (SELECT md5(p.uuid::text || ':' || k)::uuid AS id, p.uuid AS person_uuid,
                      concat_ws(' ', p.given1, p.given2, p.last_name, p.second_last_name) AS person_name,
                      CASE WHEN ${h('p.i * 64 + k')} % 100 < 55 THEN 'Defendant' ELSE 'Applicant' END AS role,
                      ($1::text[])[1 + ${h('p.i * 64 + k')} % cardinality($1::text[])] AS category,
                      ($2::text[])[1 + ${h('p.i * 64 + k')} % cardinality($2::text[])] AS judgement_type,
                      CASE WHEN ${h('p.i * 64 + k')} % 100 < 60
                           THEN ($3::text[])[1 + ${h('p.i * 64 + k')} % cardinality($3::text[])]
                           ELSE concat_ws(' ', ($6::text[])[1 + ${h('p.i * 64 + k')} % cardinality($6::text[])],
                                          ($7::text[])[1 + ${h('p.i * 64 + k')} % cardinality($7::text[])]) END AS counterpart,
                      CASE WHEN ${h('p.i * 64 + k')} % 100 < 80 THEN p.state
                           ELSE ($5::text[])[1 + ${h('p.i * 64 + k')} % cardinality($5::text[])] END AS state,
                      date '2005-01-01' + (${h('p.i * 64 + k')} % 7600)::int AS agreement_date,
                      ${h('p.i * 64 + k')} % 9999 + 1 AS file_seq,
                      ($4::text[])[1 + ${h('p.i * 64 + k')} % cardinality($4::text[])] AS ordinal
                 FROM gen_person p, generate_series(1, p.n) AS k) l`,
      [
        vocabulary[4],
        vocabulary[5],
        vocabulary[6],
        vocabulary[7],
        vocabulary[8],
        vocabulary[0],
        vocabulary[2],
      ],
    );
    await q(
      `INSERT INTO legal_person (uuid, full_name, given_names, last_name, second_last_name, state, search_keys,
                                 lawsuit_count, as_defendant, categories, category_mask, name_key, latest_agreement)
       SELECT p.uuid, concat_ws(' ', p.given1, p.given2, p.last_name, p.second_last_name), concat_ws(' ', p.given1, p.given2),
              p.last_name, p.second_last_name, p.state,
              array_remove(ARRAY[${pairKeySql('gl', 'p.given1_key', 'p.last_key')}, ${pairKeySql('gl', 'p.given2_key', 'p.last_key')},
                                 ${pairKeySql('gs', 'p.given1_key', 'p.second_key')}, ${pairKeySql('gs', 'p.given2_key', 'p.second_key')}], NULL),
              a.n, a.defendant, a.categories, a.mask,
              concat_ws(' ', p.given1_key, p.given2_key, p.last_key, p.second_key), a.latest
         FROM gen_person p
         JOIN (SELECT person_uuid, count(*)::int AS n, count(*) FILTER (WHERE role = 'Defendant')::int AS defendant,
                      array_agg(DISTINCT category ORDER BY category) AS categories,
                      bit_or(1 << (array_position($1::text[], category) - 1)) AS mask, max(agreement_date) AS latest
                 FROM gen_lawsuit GROUP BY person_uuid) a ON a.person_uuid = p.uuid
        -- Physical order by surname then given name: the rows of one search sit on few pages.
        ORDER BY p.last_name, p.given1`,
      [CORPUS_CATEGORIES],
    );
    await q(
      `INSERT INTO legal_lawsuit (id, person_uuid, role, category, judgement_type, plaintiff, defendant, state, type,
                                  agreement_date, file_number, source, court, circuit, synthesis, synthesis_url, source_url)
       SELECT id, person_uuid, role, category, judgement_type, plaintiff, defendant, state, category, agreement_date,
              file_seq || '/' || extract(year FROM agreement_date)::int,
              'Boletín Judicial del Estado de ' || state,
              ordinal || ' Juzgado de lo ' || category || ' de ' || state,
              ordinal || ' Circuito',
              judgement_type || ' en el expediente ' || file_seq || '/' || extract(year FROM agreement_date)::int ||
                ' (materia ' || lower(category) || '): ' || plaintiff || ' contra ' || defendant || '.',
              'https://records.example.mx/sintesis/' || id,
              -- An unknown state gives NULL, which the NOT NULL column refuses: no silent bad URL.
              'https://records.example.mx/expedientes/' || ($2::text[])[array_position($1::text[], state)] || '/' ||
                file_seq || '-' || extract(year FROM agreement_date)::int
         FROM gen_lawsuit`,
      [vocabulary[8], stateSlugs],
    );
    options.onProgress?.(end, options.persons);
  }
  if (options.persons > CHUNK) {
    // Each chunk is stored in surname order; one global reordering puts every surname's persons on
    // contiguous pages, so a common-name search reads a few hundred pages instead of thousands.
    await q(`CREATE INDEX legal_person_order_tmp ON legal_person (last_name, given_names)`);
    await q(`CLUSTER legal_person USING legal_person_order_tmp`);
    await q(`DROP INDEX legal_person_order_tmp`);
    options.onStep?.('CLUSTER');
  }
  await q(`ALTER TABLE legal_person ADD CONSTRAINT legal_person_pkey PRIMARY KEY (uuid)`);
  await q(`ALTER TABLE legal_lawsuit ADD CONSTRAINT legal_lawsuit_pkey PRIMARY KEY (id)`);
  await q(
    `ALTER TABLE legal_lawsuit ADD CONSTRAINT legal_lawsuit_person_uuid_fkey
       FOREIGN KEY (person_uuid) REFERENCES legal_person(uuid) ON DELETE CASCADE`,
  );
  options.onStep?.('primary and foreign keys');
  await q(`CREATE INDEX IF NOT EXISTS legal_person_search_keys_idx ON legal_person USING gin (search_keys)`);
  await q(
    `CREATE INDEX IF NOT EXISTS legal_lawsuit_person_idx ON legal_lawsuit (person_uuid, agreement_date DESC, id)`,
  );
  await q(`ANALYZE legal_person`);
  await q(`ANALYZE legal_lawsuit`);
  options.onStep?.('indexes and statistics');
  // Every name pair's match set, so that creating a search is a lookup whatever the corpus size;
  // other queries (three names, several given names) compute theirs on first use.
  await q(precomputePairSetsSql(), [version, MAX_MATCHES]);
  options.onStep?.('match sets of every name pair');
  await q(`RESET work_mem`);
  await q(`RESET maintenance_work_mem`);
  await q(`UPDATE legal_corpus_load SET finished_at = now() WHERE version = $1`, [version]);
  // Sets of older versions that no search points at are never read again.
  await q(
    `DELETE FROM legal_match_set ms WHERE ms.corpus_version <> $1
        AND NOT EXISTS (SELECT 1 FROM legal_search s WHERE s.match_set_id = ms.id)`,
    [version],
  );
  await q(`ANALYZE legal_match_set`);
}
