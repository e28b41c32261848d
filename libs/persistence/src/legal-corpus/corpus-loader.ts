import { MAX_MATCHES, normalizeName } from '@app/domain';
import { SqlExecutor } from '../repositories/executor';
import { CORPUS_LOCK, lockForTransaction } from './corpus-locks';
import {
  DELETE_RETIRED_SETS_SQL,
  pairKeySql,
  precomputePairSetsSql,
  publishVersionSets,
  SET_RETIREMENT_GRACE_SECONDS,
} from './legal-corpus.queries';
import { runSteps, Step } from './parallel-steps';
import { rfcUuidFromHexSql } from './record-uuids';
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
 * carries the same three values, and that no ingest changed since, is the same corpus (the
 * benchmark reuses it). Bump it whenever the rows, keys or match sets a load writes change.
 * 3: person uuids and lawsuit ids are RFC 9562 version 8 UUIDs; sets carry per_state and name_keys.
 */
export const CORPUS_GENERATOR = 3;

const CHUNK = 100_000;

/** Sessions a load runs its steps in when it may open more than its own: one per core here. */
export const LOAD_SESSIONS = 2;

/** Slices of the pair sets' computation: each scans the corpus twice, several keep sessions busy. */
const PAIR_SET_SLICES = 4;

/** A database session of its own (a query runner), for the steps that run beside the main one. */
export interface CorpusSession extends SqlExecutor {
  release(): Promise<void>;
}

/** Persons land here unordered, from every session, before one sorted insert into legal_person. */
const STAGING = 'legal_person_staging';

/**
 * Salt of each generated field's hash (seed * 1000 + salt). They are part of the generator's
 * output: renumbering one changes the rows (bump CORPUS_GENERATOR).
 */
const SALT = {
  sex: 1,
  given1: 2,
  hasGiven2: 3,
  given2: 4,
  lastName: 5,
  hasSecondLastName: 6,
  secondLastName: 7,
  state: 8,
  lawsuits: 9,
  role: 10,
  category: 11,
  judgementType: 12,
  counterpartKind: 13,
  company: 14,
  counterpartGiven: 15,
  counterpartSurname: 16,
  stateKind: 17,
  lawsuitState: 18,
  agreementDate: 19,
  fileSeq: 20,
  ordinal: 21,
} as const;

/** Session settings of a load, reset when it ends. */
const LOAD_SETTINGS: Array<[string, string]> = [
  ['work_mem', '256MB'],
  ['maintenance_work_mem', '1GB'],
  // Compiling every chunk's statements costs about what it saves; keep the CPU for the rows.
  ['jit', 'off'],
  // A crash loses the load either way (finished_at stays NULL); no need to wait for each commit's flush.
  ['synchronous_commit', 'off'],
];

/**
 * Whether the corpus is what a load of these parameters produced: the newest load had them and
 * finished, and no ingest changed the corpus since.
 */
export async function loadedCorpusMatches(
  executor: SqlExecutor,
  options: { persons: number; seed?: number },
): Promise<boolean> {
  const rows: Array<{
    persons: number;
    seed: number;
    generator: number;
    finished: boolean;
    ingested: boolean;
  }> = await executor.query(
    `SELECT persons, seed, generator, finished_at IS NOT NULL AS finished,
            EXISTS (SELECT 1 FROM legal_corpus_load i WHERE i.version > l.version AND i.kind = 'ingest') AS ingested
       FROM legal_corpus_load l WHERE kind = 'load' ORDER BY version DESC LIMIT 1`,
  );
  const last = rows[0];
  return (
    last !== undefined &&
    last.finished &&
    !last.ingested &&
    last.persons === options.persons &&
    last.seed === Math.trunc(options.seed ?? DEMO_CORPUS.seed) &&
    last.generator === CORPUS_GENERATOR
  );
}

/**
 * Fills the corpus tables deterministically (same seed, same rows) with set-based SQL: each
 * chunk of persons and their lawsuits is generated inside PostgreSQL from a hash of (seed, row),
 * so no row crosses the wire. `executor` must be one session (a query runner): the generator uses
 * temporary objects. With `openSession`, the load opens LOAD_SESSIONS - 1 more and runs chunks,
 * index builds and match sets in all of them at once; without it everything runs in `executor`.
 *
 * A load replaces the corpus: searches keep answering from the previous version's sets until the
 * load makes its own current, but record details read the corpus being loaded. It waits for an
 * ingest in progress (CORPUS_LOCK.WRITE) and holds that lock until it has finished.
 */
export async function loadCorpus(
  executor: SqlExecutor,
  options: {
    persons: number;
    seed?: number;
    onProgress?: (done: number, total: number) => void;
    /** Called after each step past generation, with its name. */
    onStep?: (step: string) => void;
    openSession?: () => Promise<CorpusSession>;
  },
): Promise<void> {
  const seed = Math.trunc(options.seed ?? DEMO_CORPUS.seed);
  await executor.query(`SELECT pg_advisory_lock($1)`, [CORPUS_LOCK.WRITE]);
  try {
    await load(executor, { ...options, seed });
  } finally {
    await executor.query(`SELECT pg_advisory_unlock($1)`, [CORPUS_LOCK.WRITE]);
  }
}

async function load(
  executor: SqlExecutor,
  options: Parameters<typeof loadCorpus>[1] & { seed: number },
): Promise<void> {
  const { seed } = options;
  // A new corpus version: searches keep using the previous version's match sets until it is finished.
  const [{ version }]: Array<{ version: string }> = await executor.query(
    `INSERT INTO legal_corpus_load (persons, seed, generator, kind) VALUES ($1, $2, $3, 'load') RETURNING version`,
    [options.persons, seed, CORPUS_GENERATOR],
  );
  await prepareTables(executor);
  const extra: CorpusSession[] = [];
  try {
    while (options.openSession && extra.length < LOAD_SESSIONS - 1) extra.push(await options.openSession());
    const sessions = [executor, ...extra];
    for (const session of sessions) await applySettings(session, 'SET');
    let done = 0;
    await runSteps(
      sessions,
      generationSteps(options.persons, seed, (persons) =>
        options.onProgress?.((done += persons), options.persons),
      ),
    );
    await runSteps(sessions, finishingSteps(version), (step) => options.onStep?.(step.name));
  } finally {
    await Promise.all(extra.map((session) => session.release()));
  }
  await applySettings(executor, 'RESET');
  // The version and its sets become what searches see in one commit, while no search is storing a
  // set computed on first use (CORPUS_LOCK.PUBLISH).
  await executor.query('BEGIN');
  try {
    await lockForTransaction(executor, CORPUS_LOCK.PUBLISH);
    await publishVersionSets(executor, version);
    await executor.query(`UPDATE legal_corpus_load SET finished_at = clock_timestamp() WHERE version = $1`, [
      version,
    ]);
    await executor.query('COMMIT');
  } catch (error) {
    await executor.query('ROLLBACK');
    throw error;
  }
  await executor.query(DELETE_RETIRED_SETS_SQL, [SET_RETIREMENT_GRACE_SECONDS]);
  await executor.query(`ANALYZE legal_match_set`);
}

async function applySettings(session: SqlExecutor, verb: 'SET' | 'RESET'): Promise<void> {
  for (const [name, value] of LOAD_SETTINGS)
    await session.query(verb === 'SET' ? `SET ${name} = '${value}'` : `RESET ${name}`);
}

/** Empty corpus tables without indexes or keys, and an empty staging table. */
async function prepareTables(q: SqlExecutor): Promise<void> {
  // Replaced lawsuits kept for older searches go with the corpus they belonged to.
  await q.query(`TRUNCATE legal_lawsuit, legal_person, legal_lawsuit_history`);
  // Indexes are rebuilt once at the end: far cheaper than maintaining them row by row.
  await q.query(`DROP INDEX IF EXISTS legal_person_search_keys_idx`);
  await q.query(`DROP INDEX IF EXISTS legal_lawsuit_person_idx`);
  // So are the keys: a random uuid per row makes a B-tree that outgrows memory cost a random write
  // per insert, and the foreign key a lookup per lawsuit. Both come back, checked, at the end.
  await q.query(
    `ALTER TABLE legal_lawsuit DROP CONSTRAINT IF EXISTS legal_lawsuit_person_uuid_fkey,
                               DROP CONSTRAINT IF EXISTS legal_lawsuit_pkey`,
  );
  await q.query(`ALTER TABLE legal_person DROP CONSTRAINT IF EXISTS legal_person_pkey`);
  // Unlogged: it writes no WAL, and a crash mid-load (which empties it) leaves an unfinished load anyway.
  await q.query(`DROP TABLE IF EXISTS ${STAGING}`);
  await q.query(`CREATE UNLOGGED TABLE ${STAGING} (LIKE legal_person)`);
}

/** One step per chunk of persons; `onChunk` hears how many persons each finished chunk held. */
function generationSteps(
  persons: number,
  seed: number,
  onChunk: (persons: number) => void,
): Array<Step<SqlExecutor>> {
  const vocabulary = vocabularyArrays();
  const steps: Array<Step<SqlExecutor>> = [];
  for (let start = 1; start <= persons; start += CHUNK) {
    const end = Math.min(persons, start + CHUNK - 1);
    steps.push({
      name: `persons ${start} to ${end}`,
      run: async (session) => {
        await generateChunk(session, seed, start, end, vocabulary);
        onChunk(end - start + 1);
      },
    });
  }
  return steps;
}

/**
 * After generation: persons in name order, keys, indexes, statistics and every pair's match set.
 * Steps on one table are chained where their locks conflict (a key's ALTER TABLE, ANALYZE, the
 * foreign key); B-trees and the pair sets only read, and run beside each other.
 */
function finishingSteps(version: string): Array<Step<SqlExecutor>> {
  const sql =
    (...statements: string[]) =>
    async (session: SqlExecutor) => {
      for (const statement of statements) await session.query(statement);
    };
  const pairSets = Array.from({ length: PAIR_SET_SLICES }, (_, slice) => ({
    name: `match sets of name pairs, slice ${slice + 1}/${PAIR_SET_SLICES}`,
    after: ['primary key of persons'],
    // Every name pair's match set, so that creating a search is a lookup whatever the corpus size;
    // other queries (three names, several given names) compute theirs on first use.
    run: async (session: SqlExecutor) => {
      await session.query(precomputePairSetsSql(), [version, MAX_MATCHES, PAIR_SET_SLICES, slice]);
    },
  }));
  return [
    {
      name: 'persons in name order',
      // One sorted insert puts every surname's persons on contiguous pages, so a common-name search
      // reads a few hundred pages instead of thousands. Byte order ("C") groups the same surnames
      // and sorts far faster than the locale's.
      run: sql(
        `INSERT INTO legal_person SELECT * FROM ${STAGING} ORDER BY last_name COLLATE "C", given_names COLLATE "C"`,
        `DROP TABLE ${STAGING}`,
      ),
    },
    { name: 'lawsuit id index', run: sql(`CREATE UNIQUE INDEX legal_lawsuit_pkey ON legal_lawsuit (id)`) },
    {
      name: 'primary key of persons',
      after: ['persons in name order'],
      run: sql(
        `CREATE UNIQUE INDEX legal_person_pkey ON legal_person (uuid)`,
        `ALTER TABLE legal_person ADD CONSTRAINT legal_person_pkey PRIMARY KEY USING INDEX legal_person_pkey`,
      ),
    },
    {
      name: 'lawsuit person index',
      run: sql(
        `CREATE INDEX legal_lawsuit_person_idx ON legal_lawsuit (person_uuid, agreement_date DESC, id)`,
      ),
    },
    ...pairSets,
    {
      name: 'person search index and statistics',
      after: ['primary key of persons'],
      run: sql(
        `CREATE INDEX legal_person_search_keys_idx ON legal_person USING gin (search_keys)`,
        `ANALYZE legal_person`,
      ),
    },
    {
      name: 'lawsuit keys and statistics',
      after: ['lawsuit id index', 'lawsuit person index', 'person search index and statistics'],
      run: sql(
        `ALTER TABLE legal_lawsuit ADD CONSTRAINT legal_lawsuit_pkey PRIMARY KEY USING INDEX legal_lawsuit_pkey,
           ADD CONSTRAINT legal_lawsuit_person_uuid_fkey
             FOREIGN KEY (person_uuid) REFERENCES legal_person(uuid) ON DELETE CASCADE`,
        `ANALYZE legal_lawsuit`,
      ),
    },
  ];
}

/** The vocabulary the generator picks from, and what the domain folds it to. */
function vocabularyArrays() {
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
  return { vocabulary, folded, stateSlugs };
}

type Vocabulary = ReturnType<typeof vocabularyArrays>;

/**
 * A uniform hash in [0, 2^31) of a row key for one field: PostgreSQL's own 64-bit integer hash,
 * salted per field. A row's values depend only on (seed, row), never on the chunking.
 */
function hashOf(seed: number, field: keyof typeof SALT, key: string): string {
  return `(hashint8extended((${key})::bigint, ${seed * 1000 + SALT[field]}) & 2147483647)`;
}

/** Persons `start` to `end` into the staging table, their lawsuits into legal_lawsuit. */
async function generateChunk(
  session: SqlExecutor,
  seed: number,
  start: number,
  end: number,
  { vocabulary, folded, stateSlugs }: Vocabulary,
): Promise<void> {
  const q = (sql: string, params: unknown[] = []) => session.query(sql, params);
  const h = (field: keyof typeof SALT, key = 'i') => hashOf(seed, field, key);
  const hl = (field: keyof typeof SALT) => hashOf(seed, field, 'p.i * 64 + k');
  await q(`DROP TABLE IF EXISTS pg_temp.gen_person`);
  await q(
    `CREATE TEMP TABLE gen_person AS
     SELECT b.i, ${rfcUuidFromHexSql('b.digest')} AS uuid, b.digest::uuid AS digest_uuid, b.state, b.n,
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
       FROM (SELECT i, md5($1::text || ':p:' || i) AS digest,
                    ${h('sex')} % 2 AS sex,
                    ${h('given1')} AS r1, ${h('hasGiven2')} AS r2, ${h('given2')} AS r3,
                    ${h('lastName')} AS r4, ${h('hasSecondLastName')} AS r5, ${h('secondLastName')} AS r6,
                    ($6::text[])[1 + ${h('state')} % cardinality($6::text[])] AS state,
                    1 + floor(power((${h('lawsuits')} % 1000000) / 1000000.0, 10) * 30)::int AS n
               FROM generate_series($2::int, $7::int) AS i) b`,
    [String(seed), start, vocabulary[0], vocabulary[1], vocabulary[2], vocabulary[3], end, ...folded],
  );
  await q(`UPDATE gen_person SET given2 = NULL, given2_key = NULL WHERE given2 = given1`);
  await q(`DROP TABLE IF EXISTS pg_temp.gen_lawsuit`);
  await q(
    `CREATE TEMP TABLE gen_lawsuit AS
     SELECT ${rfcUuidFromHexSql('l.digest')} AS id, l.*,
            CASE WHEN l.role = 'Applicant' THEN l.person_name ELSE l.counterpart END AS plaintiff,
            CASE WHEN l.role = 'Defendant' THEN l.person_name ELSE l.counterpart END AS defendant
       FROM (SELECT md5(p.digest_uuid::text || ':' || k) AS digest, p.uuid AS person_uuid,
                    concat_ws(' ', p.given1, p.given2, p.last_name, p.second_last_name) AS person_name,
                    CASE WHEN ${hl('role')} % 100 < 55 THEN 'Defendant' ELSE 'Applicant' END AS role,
                    ($1::text[])[1 + ${hl('category')} % cardinality($1::text[])] AS category,
                    ($2::text[])[1 + ${hl('judgementType')} % cardinality($2::text[])] AS judgement_type,
                    CASE WHEN ${hl('counterpartKind')} % 100 < 60
                         THEN ($3::text[])[1 + ${hl('company')} % cardinality($3::text[])]
                         ELSE concat_ws(' ', ($6::text[])[1 + ${hl('counterpartGiven')} % cardinality($6::text[])],
                                        ($7::text[])[1 + ${hl('counterpartSurname')} % cardinality($7::text[])]) END AS counterpart,
                    CASE WHEN ${hl('stateKind')} % 100 < 80 THEN p.state
                         ELSE ($5::text[])[1 + ${hl('lawsuitState')} % cardinality($5::text[])] END AS state,
                    date '2005-01-01' + (${hl('agreementDate')} % 7600)::int AS agreement_date,
                    ${hl('fileSeq')} % 9999 + 1 AS file_seq,
                    ($4::text[])[1 + ${hl('ordinal')} % cardinality($4::text[])] AS ordinal
               FROM gen_person p, generate_series(1, p.n) AS k) l`,
    [vocabulary[4], vocabulary[5], vocabulary[6], vocabulary[7], vocabulary[8], vocabulary[0], vocabulary[2]],
  );
  await q(
    `INSERT INTO ${STAGING} (uuid, full_name, given_names, last_name, second_last_name, state, search_keys,
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
               FROM gen_lawsuit GROUP BY person_uuid) a ON a.person_uuid = p.uuid`,
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
}
