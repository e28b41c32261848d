import { givenNameWords, IngestLawsuit, IngestPerson, MAX_MATCHES, normalizeName } from '@app/domain';
import { SqlExecutor } from '../repositories/executor';
import { CORPUS_LOCK, lockForTransaction } from './corpus-locks';
import {
  computeKeySetSql,
  matchKeys,
  precomputePairSetsSql,
  SET_ARRAY_COLUMNS,
  SET_COLUMNS,
  STATES_SQL,
  topStatesSql,
} from './legal-corpus.queries';
import { CORPUS_CATEGORIES } from './vocabulary';

/** The categories as an SQL array literal, in bit order of `category_mask`. */
const CATEGORIES_SQL = `ARRAY[${CORPUS_CATEGORIES.map((c) => `'${c.replace(/'/g, "''")}'`).join(', ')}]::text[]`;

/** A person's figures over the lawsuits `l` (role, category, agreement_date; id NULL: none). */
const FIGURES_OF = (l: string) => `count(${l}.id)::int AS lawsuit_count,
  (count(${l}.id) FILTER (WHERE ${l}.role = 'Defendant'))::int AS as_defendant,
  coalesce(bit_or(1 << (array_position(${CATEGORIES_SQL}, ${l}.category) - 1)), 0) AS category_mask,
  max(${l}.agreement_date) AS latest_agreement`;

/** A record of the file with the line it came from (errors name lines). */
export interface IngestLine<T> {
  line: number;
  record: T;
}

export interface IngestOutcome {
  version: string;
  /** Persons in the corpus after the ingest. */
  persons: number;
  personsAdded: number;
  personsReplaced: number;
  lawsuitsAdded: number;
  lawsuitsReplaced: number;
  /** Name-pair sets rewritten by merging the changed persons into them. */
  setsMerged: number;
  /** Name-pair sets computed again from the corpus (a member left a full set, or a new pair; see `mergeSets`). */
  setsRecomputed: number;
  /** Sets of other queries (several names) that shared a changed pair: computed again on next use. */
  setsDropped: number;
}

/** Columns of legal_lawsuit and of its history (which adds until_version). */
const LAWSUIT_TABLE_COLUMNS = `id, person_uuid, role, category, judgement_type, plaintiff, defendant, state, type,
  agreement_date, file_number, source, court, circuit, synthesis, synthesis_url, source_url, since_version`;

/** Columns of a person that its sets hold: what the ingest compares before and after. */
const RANKED =
  'uuid, search_keys, lawsuit_count, name_key, full_name, category_mask, latest_agreement, state';

/** Statements this slow are reported to `onStatement`. */
const SLOW_STATEMENT_MS = 100;

/** Rows per staging statement: a few MB of parameters each. */
const STAGING_BATCH = 2_000;

/**
 * One ingest of a corpus file (docs/operations.md) in one transaction of one session: the file's records
 * are staged in temporary tables, then `apply` writes persons and lawsuits, rewrites the sets of the
 * name pairs they touch and makes them current, and the caller commits. Nothing is visible to
 * searches before the commit; everything is after it.
 *
 * Cost grows with the file and the pairs it touches, not with the corpus: persons and lawsuits are
 * written through their keys, and a touched pair's set is merged from its stored ranked 300 and
 * the changed persons, without reading the pair's other matches (see `mergeSets`).
 */
export class CorpusIngest {
  /** Hears each statement of `apply` that took long, with its milliseconds (`--verbose`). */
  onStatement?: (what: string, ms: number) => void;

  private constructor(
    private readonly db: SqlExecutor,
    readonly version: string,
    private readonly personsBefore: number,
  ) {}

  /**
   * Opens the transaction on `db` (one session), waits for any other writer of the corpus (an
   * ingest or a load: `onWait` hears it), and takes the version number the ingest will publish.
   */
  static async begin(db: SqlExecutor, onWait?: () => void): Promise<CorpusIngest> {
    await db.query('BEGIN');
    try {
      const [{ free }]: Array<{ free: boolean }> = await db.query(
        `SELECT pg_try_advisory_xact_lock($1) AS free`,
        [CORPUS_LOCK.WRITE],
      );
      if (!free) {
        onWait?.();
        await lockForTransaction(db, CORPUS_LOCK.WRITE);
      }
      await db.query(`SET LOCAL work_mem = '256MB'`);
      // Statements of a few seconds at most, planned once: compiling them would cost more.
      await db.query(`SET LOCAL jit = off`);
      const [{ persons }]: Array<{ persons: number }> = await db.query(
        `SELECT coalesce((SELECT persons FROM legal_corpus_load WHERE finished_at IS NOT NULL
                           ORDER BY version DESC LIMIT 1), 0) AS persons`,
      );
      const [{ version }]: Array<{ version: string }> = await db.query(
        `INSERT INTO legal_corpus_load (persons, kind) VALUES ($1, 'ingest') RETURNING version::text`,
        [persons],
      );
      await db.query(`CREATE TEMP TABLE ingest_person (
        line integer NOT NULL, uuid uuid NOT NULL, given_names text NOT NULL, last_name text NOT NULL,
        second_last_name text, state text NOT NULL, full_name text NOT NULL, name_key text COLLATE "C" NOT NULL,
        search_keys text[] NOT NULL) ON COMMIT DROP`);
      await db.query(`CREATE TEMP TABLE ingest_lawsuit (
        line integer NOT NULL, id text COLLATE "C" NOT NULL, person_uuid uuid NOT NULL, role text NOT NULL, category text NOT NULL,
        judgement_type text NOT NULL, plaintiff text NOT NULL, defendant text NOT NULL, state text NOT NULL,
        type text NOT NULL, agreement_date date NOT NULL, file_number text NOT NULL, source text NOT NULL,
        court text NOT NULL, circuit text NOT NULL, synthesis text NOT NULL, synthesis_url text NOT NULL,
        source_url text NOT NULL) ON COMMIT DROP`);
      const ingest: CorpusIngest = new CorpusIngest(
        {
          query: async (sql: string, params?: unknown[]) => {
            const started = Date.now();
            try {
              return await db.query(sql, params);
            } finally {
              const ms = Date.now() - started;
              if (ms >= SLOW_STATEMENT_MS) ingest.onStatement?.(sql.replace(/\s+/g, ' ').slice(0, 100), ms);
            }
          },
        },
        version,
        persons,
      );
      return ingest;
    } catch (error) {
      await db.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  }

  /** Stages persons with what the corpus derives from their names (full name, name order, match keys). */
  async stagePersons(lines: ReadonlyArray<IngestLine<IngestPerson>>): Promise<void> {
    for (let start = 0; start < lines.length; start += STAGING_BATCH) {
      const batch = lines.slice(start, start + STAGING_BATCH);
      const columns = batch.map(({ line, record: p }) => {
        const fullName = [p.givenNames, p.paternalSurname, p.maternalSurname].filter(Boolean).join(' ');
        const keys = matchKeys({
          givenWords: givenNameWords(p.givenNames),
          lastName: normalizeName(p.paternalSurname),
          secondLastName: p.maternalSurname === null ? undefined : normalizeName(p.maternalSurname),
        });
        return [
          line,
          p.uuid,
          p.givenNames,
          p.paternalSurname,
          p.maternalSurname,
          p.state,
          fullName,
          normalizeName(fullName),
          keys.join('\n'),
        ];
      });
      await this.db.query(
        `INSERT INTO ingest_person
         SELECT line, uuid, given_names, last_name, second_last_name, state, full_name, name_key,
                string_to_array(keys, E'\\n')
           FROM unnest($1::int[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
                       $9::text[]) AS t(line, uuid, given_names, last_name, second_last_name, state, full_name, name_key, keys)`,
        transpose(columns, 9),
      );
    }
  }

  async stageLawsuits(lines: ReadonlyArray<IngestLine<IngestLawsuit>>): Promise<void> {
    for (let start = 0; start < lines.length; start += STAGING_BATCH) {
      const columns = lines
        .slice(start, start + STAGING_BATCH)
        .map(({ line, record: l }) => [
          line,
          l.id,
          l.personUuid,
          l.role,
          l.category,
          l.judgementType,
          l.plaintiff,
          l.defendant,
          l.state,
          l.lawsuitType,
          l.agreementDate,
          l.fileNumber,
          l.source,
          l.court,
          l.circuit,
          l.synthesis,
          l.synthesisUrl,
          l.sourceUrl,
        ]);
      const types = ['int', 'text', 'uuid', ...Array(7).fill('text'), 'date', ...Array(7).fill('text')];
      await this.db.query(
        `INSERT INTO ingest_lawsuit SELECT * FROM unnest(${types.map((t, i) => `$${i + 1}::${t}[]`).join(', ')})`,
        transpose(columns, types.length),
      );
    }
  }

  /**
   * Indexes the staged records and answers the lawsuits whose person is neither in the file nor in
   * the corpus (at most `limit`, by line): the file must then be refused.
   */
  async lawsuitsOfUnknownPersons(limit: number): Promise<Array<{ line: number; personUuid: string }>> {
    await this.sql(
      `CREATE UNIQUE INDEX ON ingest_person (uuid)`,
      `CREATE UNIQUE INDEX ON ingest_lawsuit (id)`,
      `CREATE INDEX ON ingest_lawsuit (person_uuid)`,
      `ANALYZE ingest_person`,
      `ANALYZE ingest_lawsuit`,
    );
    // Corpus tables are read through LATERAL lookups by key, here and below: one index probe per
    // record of the file, whatever the planner thinks of the corpus's size. (OFFSET 0 keeps the
    // planner from flattening a lookup into a join that scans the whole table: 4 s instead of
    // 0.2 s for 100,000 lawsuit ids at 1M persons.)
    return this.db.query(
      `SELECT l.line, l.person_uuid AS "personUuid" FROM ingest_lawsuit l
         LEFT JOIN LATERAL (SELECT 1 AS found FROM legal_person p WHERE p.uuid = l.person_uuid OFFSET 0) c ON true
        WHERE c.found IS NULL AND NOT EXISTS (SELECT 1 FROM ingest_person p WHERE p.uuid = l.person_uuid)
        ORDER BY l.line LIMIT $1`,
      [limit],
    );
  }

  /**
   * Writes the staged records and everything that depends on them, then publishes the version:
   * 1. the persons the ingest changes (its persons, the persons of its lawsuits, and the former
   *    persons of lawsuits it moves) are read as they were, and their counts, categories and
   *    latest date computed from the lawsuits they keep and the file's;
   * 2. replaced lawsuits go to `legal_lawsuit_history` (older searches still read them); persons
   *    (with those figures) and lawsuits are upserted, each row written once;
   * 3. each name pair a changed person enters, leaves or changes in gets a new set (`mergeSets`);
   * 4. the record the monitors read (`legal_corpus_ingest`, `legal_corpus_ingest_person`);
   * 5. under CORPUS_LOCK.PUBLISH: sets of other queries sharing a touched pair stop being current
   *    (computed again on their next search), the new pair sets become current, and the version is
   *    finished. The caller commits.
   */
  async apply(fileName: string): Promise<IngestOutcome> {
    const v = [this.version];
    await this.sql(
      `CREATE TEMP TABLE ingest_replaced ON COMMIT DROP AS
         SELECT i.id, l.person_uuid AS old_person_uuid
           FROM (SELECT id FROM ingest_lawsuit ORDER BY id) i
          CROSS JOIN LATERAL (SELECT person_uuid FROM legal_lawsuit l WHERE l.id = i.id OFFSET 0) l`,
      `CREATE TEMP TABLE ingest_affected ON COMMIT DROP AS
         SELECT uuid FROM ingest_person UNION SELECT person_uuid FROM ingest_lawsuit
         UNION SELECT old_person_uuid FROM ingest_replaced`,
      `CREATE TEMP TABLE ingest_before ON COMMIT DROP AS
         SELECT p.* FROM (SELECT uuid FROM ingest_affected ORDER BY uuid) a
          CROSS JOIN LATERAL (SELECT ${RANKED}, as_defendant FROM legal_person p WHERE p.uuid = a.uuid OFFSET 0) p`,
      `CREATE UNIQUE INDEX ON ingest_replaced (id)`,
      `CREATE UNIQUE INDEX ON ingest_before (uuid)`,
      `ANALYZE ingest_replaced`,
      `ANALYZE ingest_affected`,
      `ANALYZE ingest_before`,
      // What each changed person has once the file is in. A person that only gains lawsuits (or a
      // new one) adds the file's to its figures as they were; a person a replaced lawsuit leaves
      // or reaches is counted again from the lawsuits it keeps and the file's (a read of the
      // corpus for those few only).
      `CREATE TEMP TABLE ingest_agg ON COMMIT DROP AS
         WITH file AS (
           SELECT person_uuid AS uuid, ${FIGURES_OF('l')} FROM ingest_lawsuit l GROUP BY person_uuid),
         recounted AS (
           SELECT x.uuid, ${FIGURES_OF('l')}
             FROM (SELECT person_uuid AS uuid FROM ingest_lawsuit i JOIN ingest_replaced USING (id)
                   UNION SELECT old_person_uuid FROM ingest_replaced) x
             LEFT JOIN (SELECT k.person_uuid, k.id, k.role, k.category, k.agreement_date
                          FROM (SELECT old_person_uuid AS uuid FROM ingest_replaced
                                UNION SELECT person_uuid FROM ingest_lawsuit i JOIN ingest_replaced USING (id)
                                ORDER BY 1) y
                         CROSS JOIN LATERAL (SELECT person_uuid, id, role, category, agreement_date
                                               FROM legal_lawsuit k WHERE k.person_uuid = y.uuid OFFSET 0) k
                         WHERE NOT EXISTS (SELECT 1 FROM ingest_lawsuit i WHERE i.id = k.id)
                        UNION ALL
                        SELECT person_uuid, id, role, category, agreement_date FROM ingest_lawsuit) l
               ON l.person_uuid = x.uuid
            GROUP BY x.uuid),
         figures AS (
           SELECT a.uuid,
                  CASE WHEN r.uuid IS NOT NULL THEN r.lawsuit_count
                       ELSE coalesce(b.lawsuit_count, 0) + coalesce(f.lawsuit_count, 0) END AS lawsuit_count,
                  CASE WHEN r.uuid IS NOT NULL THEN r.as_defendant
                       ELSE coalesce(b.as_defendant, 0) + coalesce(f.as_defendant, 0) END AS as_defendant,
                  CASE WHEN r.uuid IS NOT NULL THEN r.category_mask
                       ELSE coalesce(b.category_mask, 0) | coalesce(f.category_mask, 0) END AS category_mask,
                  CASE WHEN r.uuid IS NOT NULL THEN r.latest_agreement
                       ELSE greatest(b.latest_agreement, f.latest_agreement) END AS latest_agreement
             FROM ingest_affected a LEFT JOIN ingest_before b USING (uuid) LEFT JOIN file f USING (uuid)
             LEFT JOIN recounted r USING (uuid))
         SELECT uuid, lawsuit_count, as_defendant,
                -- The categories of the mask, by name (as a load lists them).
                ARRAY(SELECT c FROM unnest(${CATEGORIES_SQL}) WITH ORDINALITY AS m(c, bit)
                       WHERE (category_mask >> (bit::int - 1)) & 1 = 1 ORDER BY c) AS categories,
                category_mask, latest_agreement
           FROM figures`,
      `CREATE UNIQUE INDEX ON ingest_agg (uuid)`,
      `ANALYZE ingest_agg`,
      // The same persons as they will be: the file's names (or the ones they had), those figures.
      `CREATE TEMP TABLE ingest_after ON COMMIT DROP AS
         SELECT g.uuid, coalesce(p.search_keys, b.search_keys) AS search_keys, g.lawsuit_count,
                coalesce(p.name_key, b.name_key) AS name_key, coalesce(p.full_name, b.full_name) AS full_name,
                g.category_mask, g.latest_agreement, coalesce(p.state, b.state) AS state
           FROM ingest_agg g LEFT JOIN ingest_person p USING (uuid) LEFT JOIN ingest_before b USING (uuid)`,
    );
    const [counts]: Array<{ persons: number; replaced: number; lawsuits: number; moved: number }> =
      await this.db.query(
        `SELECT (SELECT count(*)::int FROM ingest_person) AS persons,
                (SELECT count(*)::int FROM ingest_person p JOIN ingest_before b USING (uuid)) AS replaced,
                (SELECT count(*)::int FROM ingest_lawsuit) AS lawsuits,
                (SELECT count(*)::int FROM ingest_replaced) AS moved`,
      );
    await this.writeRecords();
    const sets = await this.mergeSets();
    const outcome: IngestOutcome = {
      version: this.version,
      persons: this.personsBefore + counts.persons - counts.replaced,
      personsAdded: counts.persons - counts.replaced,
      personsReplaced: counts.replaced,
      lawsuitsAdded: counts.lawsuits - counts.moved,
      lawsuitsReplaced: counts.moved,
      setsMerged: sets.merged,
      setsRecomputed: sets.recomputed,
      setsDropped: 0,
    };
    await this.recordForMonitors(fileName, outcome);

    // Written already, invisible until the commit: only the repointing needs the lock.
    await this.db.query(
      `UPDATE legal_match_set s SET retired_at = clock_timestamp()
         FROM ingest_base b WHERE s.id = b.set_id`,
    );
    await lockForTransaction(this.db, CORPUS_LOCK.PUBLISH);
    const [{ dropped }]: Array<{ dropped: number }> = await this.db.query(
      `WITH gone AS (
         DELETE FROM legal_current_set c
          WHERE strpos(c.query_key, E'\\n') > 0
            AND EXISTS (SELECT 1 FROM unnest(string_to_array(c.query_key, E'\\n')) AS k(key)
                          JOIN ingest_base b ON b.key = k.key COLLATE "C")
         RETURNING set_id),
       retired AS (UPDATE legal_match_set SET retired_at = clock_timestamp() WHERE id IN (SELECT set_id FROM gone))
       SELECT count(*)::int AS dropped FROM gone`,
    );
    outcome.setsDropped = dropped;
    await this.db.query(
      `INSERT INTO legal_current_set (query_key, set_id) SELECT key, set_id FROM ingest_new_set
       ON CONFLICT (query_key) DO UPDATE SET set_id = excluded.set_id`,
    );
    await this.db.query(
      `WITH load AS (UPDATE legal_corpus_load SET finished_at = clock_timestamp(), persons = $2 WHERE version = $1
                     RETURNING finished_at)
       UPDATE legal_corpus_ingest SET committed_at = (SELECT finished_at FROM load), sets_dropped = $3 WHERE version = $1`,
      [...v, outcome.persons, dropped],
    );
    return outcome;
  }

  async commit(): Promise<void> {
    await this.db.query('COMMIT');
  }

  async rollback(): Promise<void> {
    await this.db.query('ROLLBACK');
  }

  private async writeRecords(): Promise<void> {
    const v = [this.version];
    await this.db.query(
      `INSERT INTO legal_lawsuit_history (${LAWSUIT_TABLE_COLUMNS}, until_version)
       SELECT l.*, $1 FROM ingest_replaced r
        CROSS JOIN LATERAL (SELECT ${LAWSUIT_TABLE_COLUMNS} FROM legal_lawsuit l WHERE l.id = r.id OFFSET 0) l`,
      v,
    );
    // A replaced person keeps its lawsuits; its figures come from ingest_agg like everyone's.
    const figures = 'lawsuit_count, as_defendant, categories, category_mask, latest_agreement';
    await this.db.query(
      `INSERT INTO legal_person (uuid, full_name, given_names, last_name, second_last_name, state, search_keys,
                                 name_key, ${figures})
       SELECT p.uuid, p.full_name, p.given_names, p.last_name, p.second_last_name, p.state, p.search_keys, p.name_key,
              ${prefixed('g', figures)}
         FROM ingest_person p JOIN ingest_agg g USING (uuid)
        ORDER BY p.uuid
       ON CONFLICT (uuid) DO UPDATE SET ${assignments(
         `full_name, given_names, last_name, second_last_name, state, search_keys, name_key, ${figures}`,
       )}`,
    );
    await this.db.query(
      `INSERT INTO legal_lawsuit (${LAWSUIT_TABLE_COLUMNS})
       SELECT id, person_uuid, role, category, judgement_type, plaintiff, defendant, state, type, agreement_date,
              file_number, source, court, circuit, synthesis, synthesis_url, source_url, $1
         FROM ingest_lawsuit
        -- The person's key order: its foreign key checks and person-index entries land near each
        -- other (5.7 s instead of 9.3 s for 90,000 lawsuits at 1M persons).
        ORDER BY person_uuid
       ON CONFLICT (id) DO UPDATE SET ${assignments(LAWSUIT_TABLE_COLUMNS.replace('id, ', ''))}`,
      v,
    );
    // Persons not in the file whose lawsuits changed: their figures, when they moved. By key:
    // a scan of the corpus would cost more than the file.
    await this.withoutCorpusScans(() =>
      this.db.query(
        `UPDATE legal_person p SET ${assignments(figures, 'g')}
           FROM (SELECT g.* FROM ingest_agg g JOIN ingest_before b USING (uuid)
                  WHERE NOT EXISTS (SELECT 1 FROM ingest_person i WHERE i.uuid = g.uuid)
                    AND (g.lawsuit_count, g.as_defendant, g.category_mask, g.latest_agreement) IS DISTINCT FROM
                        (b.lawsuit_count, b.as_defendant, b.category_mask, b.latest_agreement)) g
          WHERE p.uuid = g.uuid`,
      ),
    );
  }

  /** Runs `work` with sequential scans priced out: the plan reads the corpus by its indexes. */
  private async withoutCorpusScans<T>(work: () => Promise<T>): Promise<T> {
    await this.db.query(`SET LOCAL enable_seqscan = off`);
    try {
      return await work();
    } finally {
      await this.db.query(`SET LOCAL enable_seqscan = on`);
    }
  }

  /**
   * The new set of every name pair a changed person enters, leaves or changes in (its count,
   * name, categories, latest date or state), merged from the pair's current set:
   * - the universe's total, persons per category and per state move by the persons that left and
   *   entered (counted with their masks and states as they were and as they are);
   * - the ranked matches are the set's stored ones without the changed persons, plus the changed
   *   persons that are in the pair now, ranked again. When the set held every match (at most 300)
   *   that is exact. When it was cut at 300, only the candidates ranked at or above its last match
   *   are sure of their place (a match below the cut, never stored, may outrank the others): if
   *   there are still 300 of them (or every match), those are the new set; if not (a member left or
   *   lost lawsuits), the pair's set is computed again from the corpus. That is rare: new persons
   *   and new lawsuits only move persons up.
   */
  private async mergeSets(): Promise<{ merged: number; recomputed: number }> {
    const columns = (t: string) =>
      `unnest(${t}.search_keys) COLLATE "C" AS key, ${t}.uuid, ${t}.lawsuit_count, ${t}.name_key,
       ${t}.full_name, ${t}.category_mask, ${t}.latest_agreement, ${t}.state`;
    await this.sql(
      // One row per (pair, changed person) whose place in the pair's set may move.
      `CREATE TEMP TABLE ingest_delta ON COMMIT DROP AS
         SELECT coalesce(a.key, b.key) AS key, coalesce(a.uuid, b.uuid) AS uuid,
                b.uuid IS NOT NULL AS was_in, a.uuid IS NOT NULL AS is_in,
                b.lawsuit_count AS old_count, b.name_key AS old_name_key, b.category_mask AS old_mask, b.state AS old_state,
                a.lawsuit_count AS count, a.name_key, a.full_name AS name, a.category_mask AS mask,
                a.latest_agreement AS date, a.state
           FROM (SELECT ${columns('x')} FROM ingest_before x) b
           FULL JOIN (SELECT ${columns('y')} FROM ingest_after y) a ON a.key = b.key AND a.uuid = b.uuid
          WHERE b.uuid IS NULL OR a.uuid IS NULL
             OR (a.lawsuit_count, a.name_key, a.full_name, a.category_mask, a.latest_agreement, a.state)
                IS DISTINCT FROM (b.lawsuit_count, b.name_key, b.full_name, b.category_mask, b.latest_agreement, b.state)`,
      `CREATE INDEX ON ingest_delta (key, uuid)`,
      `ANALYZE ingest_delta`,
      // Each touched pair's current set; a set cut at the cap holds exactly the cap's matches, and
      // its last one bounds what the merge can be sure of. A pair without one (a name new to the
      // corpus, as a rule) is computed from the corpus instead: it holds few persons.
      `CREATE TEMP TABLE ingest_base ON COMMIT DROP AS
         SELECT k.key, s.id AS set_id, coalesce(s.per_state IS NOT NULL AND s.name_keys IS NOT NULL, false) AS has_base,
                coalesce(s.total, 0) AS total, coalesce(s.total, 0) > ${MAX_MATCHES} AS truncated,
                s.per_category, s.per_state,
                CASE WHEN s.total > ${MAX_MATCHES} THEN s.counts[${MAX_MATCHES}] END AS edge_count,
                CASE WHEN s.total > ${MAX_MATCHES} THEN s.name_keys[${MAX_MATCHES}] END AS edge_name_key,
                CASE WHEN s.total > ${MAX_MATCHES} THEN s.uuids[${MAX_MATCHES}] END AS edge_uuid
           FROM (SELECT DISTINCT key FROM ingest_delta) k
           LEFT JOIN legal_current_set c ON c.query_key = k.key
           LEFT JOIN legal_match_set s ON s.id = c.set_id`,
      `CREATE UNIQUE INDEX ON ingest_base (key)`,
      `ANALYZE ingest_base`,
    );
    const bit = (k: number, mask: string) => `(${mask} >> ${k}) & 1`;
    await this.db.query(
      `CREATE TEMP TABLE ingest_kpi ON COMMIT DROP AS
       WITH d AS (
         SELECT d.key, sum(is_in::int - was_in::int)::int AS dtotal,
                -- The set's stored matches that changed (every match of a full set, of a cut set
                -- those at or above its last one), and the changed persons now sure of a place.
                coalesce(array_agg(d.uuid) FILTER (WHERE was_in AND (NOT b.truncated OR ${atOrAbove('d.old_count', 'd.old_name_key')})),
                         '{}') AS changed,
                (count(*) FILTER (WHERE is_in AND (NOT b.truncated OR ${atOrAbove('d.count', 'd.name_key')})))::int AS entering,
                ARRAY[${CORPUS_CATEGORIES.map(
                  (_, k) =>
                    `sum(CASE WHEN is_in THEN ${bit(k, 'mask')} ELSE 0 END - CASE WHEN was_in THEN ${bit(k, 'old_mask')} ELSE 0 END)::int`,
                ).join(', ')}] AS dcat
           FROM ingest_delta d JOIN ingest_base b USING (key) GROUP BY d.key),
       moved AS (
         SELECT key, array_agg(array_position(${STATES_SQL}, state)) AS states, array_agg(n) AS n
           FROM (SELECT key, state, sum(n)::int AS n
                   FROM (SELECT key, state, 1 AS n FROM ingest_delta WHERE is_in
                         UNION ALL SELECT key, old_state, -1 FROM ingest_delta WHERE was_in) x
                  GROUP BY key, state) y
          GROUP BY key)
       SELECT b.key, b.set_id, b.has_base, b.total + d.dtotal AS total, b.truncated, b.edge_count,
              b.edge_name_key, b.edge_uuid, d.changed, d.entering,
              least(b.total, ${MAX_MATCHES}) - cardinality(d.changed) + d.entering AS sure,
              ARRAY(SELECT coalesce(x, 0) + y FROM unnest(b.per_category, d.dcat) WITH ORDINALITY AS t(x, y, o)
                     ORDER BY o) AS per_category,
              ARRAY(SELECT coalesce(b.per_state[g.i], 0) + coalesce(m.n, 0)
                      FROM generate_series(1, cardinality(${STATES_SQL})) AS g(i)
                      LEFT JOIN unnest(mv.states, mv.n) AS m(i, n) USING (i) ORDER BY g.i) AS per_state
         FROM ingest_base b JOIN d USING (key) JOIN moved mv USING (key)`,
    );
    await this.sql(
      `CREATE TEMP TABLE ingest_new_set (key text COLLATE "C" PRIMARY KEY, set_id bigint NOT NULL) ON COMMIT DROP`,
    );
    // Per pair, the new set's ranked arrays: the stored ones as they are when none of its matches
    // changed and no changed person is sure of a place (most cut sets: new persons rank below
    // their last match); otherwise the stored matches without the changed ones, plus the changed
    // persons sure of a place, ranked, the first `need` of them (aggregated in ranking order).
    // Mergeable: a set to merge into and enough sure candidates for the new one; a merge that
    // yields another number of matches than it should (an inconsistency) is not stored either, and
    // the pair is computed again below.
    const need = `least(${MAX_MATCHES}, k.total)`;
    const fields = ['uuid', 'name', 'count', 'mask', 'date', 'state', 'name_key'];
    // (Only a cut set can keep its arrays: in a full one every changed person changes them.)
    const keep = `(cardinality(k.changed) = 0 AND k.entering = 0)`;
    await this.db.query(
      `WITH ins AS (
         INSERT INTO legal_match_set (${SET_COLUMNS})
         SELECT $1, k.key, k.total, k.per_category, k.per_state, ${topStatesSql('k.per_state')},
                ${SET_ARRAY_COLUMNS.map(([, a]) => `CASE WHEN ${keep} THEN s.${a} ELSE coalesce(r.${a}, '{}') END`).join(',\n                ')}
           FROM ingest_kpi k JOIN legal_match_set s ON s.id = k.set_id
           LEFT JOIN LATERAL (
             SELECT count(*)::int AS n, ${SET_ARRAY_COLUMNS.map(([, a], i) => `array_agg(c.${fields[i]}) AS ${a}`).join(', ')}
               FROM (SELECT * FROM (
                       SELECT t.* FROM unnest(${SET_ARRAY_COLUMNS.map(([, a]) => `s.${a}`).join(', ')})
                                       AS t(uuid, name, count, mask, date, state, name_key)
                        WHERE t.uuid <> ALL (k.changed)
                       UNION ALL
                       SELECT uuid, name, count, mask, date, state, name_key FROM ingest_delta d
                        WHERE d.key = k.key AND d.is_in
                          AND (NOT k.truncated OR ${atOrAbove('d.count', 'd.name_key', 'k')})) x
                      ORDER BY x.count DESC, x.name_key COLLATE "C", x.uuid LIMIT greatest(0, ${need})) c
              WHERE NOT (${keep})) r ON true
          WHERE k.has_base AND k.total >= 0 AND k.sure >= ${need} AND (${keep} OR r.n = ${need})
         RETURNING query_key, id)
       INSERT INTO ingest_new_set (key, set_id) SELECT query_key, id FROM ins`,
      [this.version],
    );
    const [{ n: merged }]: Array<{ n: number }> = await this.db.query(
      `SELECT count(*)::int AS n FROM ingest_new_set`,
    );
    // The rest are computed from the corpus, all in one statement (one index read of their persons);
    // a pair nobody has any more gets an empty set.
    const refill: Array<{ key: string }> = await this.db.query(
      `SELECT k.key FROM ingest_kpi k WHERE NOT EXISTS (SELECT 1 FROM ingest_new_set n WHERE n.key = k.key)
        ORDER BY k.key`,
    );
    if (refill.length > 0) {
      const keys = refill.map((r) => r.key);
      await this.db.query(
        `WITH computed AS (${precomputePairSetsSql({ keys: true })})
         INSERT INTO ingest_new_set (key, set_id) SELECT query_key, id FROM computed`,
        [this.version, MAX_MATCHES, keys],
      );
      const empty: Array<{ key: string }> = await this.db.query(
        `SELECT key FROM unnest($1::text[]) AS k(key)
          WHERE NOT EXISTS (SELECT 1 FROM ingest_new_set n WHERE n.key = k.key COLLATE "C")`,
        [keys],
      );
      for (const { key } of empty) {
        const [{ id }]: Array<{ id: string }> = await this.db.query(computeKeySetSql(), [
          this.version,
          key,
          MAX_MATCHES,
        ]);
        await this.db.query(`INSERT INTO ingest_new_set (key, set_id) VALUES ($1, $2)`, [key, id]);
      }
    }
    return { merged, recomputed: refill.length };
  }

  /**
   * What the monitors (docs/monitoring.md) compare after the ingest, written in its transaction: the
   * ingest, and each person it added or changed with the lawsuits that now name them.
   */
  private async recordForMonitors(fileName: string, o: IngestOutcome): Promise<void> {
    await this.db.query(
      `INSERT INTO legal_corpus_ingest (version, file_name, persons_added, persons_replaced, lawsuits_added,
                                        lawsuits_replaced, sets_merged, sets_recomputed, sets_dropped, committed_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 0, clock_timestamp())`,
      [
        this.version,
        fileName,
        o.personsAdded,
        o.personsReplaced,
        o.lawsuitsAdded,
        o.lawsuitsReplaced,
        o.setsMerged,
        o.setsRecomputed,
      ],
    );
    const ids = (where: string, person = 'l.person_uuid') =>
      `SELECT ${person} AS uuid, array_agg(l.id ORDER BY l.id) AS ids FROM lawsuits l WHERE ${where} GROUP BY 1`;
    await this.db.query(
      `WITH lawsuits AS (SELECT l.id, l.person_uuid, r.old_person_uuid
                           FROM ingest_lawsuit l LEFT JOIN ingest_replaced r USING (id)),
            added AS (${ids('l.old_person_uuid IS DISTINCT FROM l.person_uuid')}),
            replaced AS (${ids('l.old_person_uuid = l.person_uuid')}),
            removed AS (${ids('l.old_person_uuid <> l.person_uuid', 'l.old_person_uuid')})
       INSERT INTO legal_corpus_ingest_person (version, person_uuid, person_change, lawsuits_added, lawsuits_replaced,
                                               lawsuits_removed)
       SELECT $1, x.uuid,
              CASE WHEN p.uuid IS NULL THEN NULL WHEN b.uuid IS NULL THEN 'added' ELSE 'replaced' END,
              coalesce(a.ids, '{}'), coalesce(r.ids, '{}'), coalesce(m.ids, '{}')
         FROM ingest_affected x
         LEFT JOIN ingest_person p ON p.uuid = x.uuid
         LEFT JOIN ingest_before b ON b.uuid = x.uuid
         LEFT JOIN added a ON a.uuid = x.uuid
         LEFT JOIN replaced r ON r.uuid = x.uuid
         LEFT JOIN removed m ON m.uuid = x.uuid`,
      [this.version],
    );
  }

  private async sql(...statements: string[]): Promise<void> {
    for (const statement of statements) await this.db.query(statement);
  }
}

/** Row-major values as one array per column (the shape `unnest($1::t[], ...)` takes). */
function transpose(rows: unknown[][], width: number): unknown[][] {
  const columns: unknown[][] = Array.from({ length: width }, () => []);
  for (const row of rows) for (let i = 0; i < width; i++) columns[i].push(row[i]);
  return columns;
}

/**
 * SQL: a person ranked (`count`, `nameKey`, `uuid`) at or above the last match of its pair's cut set
 * (the columns edge_count, edge_name_key, edge_uuid of `base`): most lawsuits first, then name.
 */
function atOrAbove(count: string, nameKey: string, base = 'b', uuid = 'd.uuid'): string {
  return `ROW(-${count}, ${nameKey} COLLATE "C", ${uuid})
          <= ROW(-${base}.edge_count, ${base}.edge_name_key COLLATE "C", ${base}.edge_uuid)`;
}

/** `a = excluded.a, ...` (or `a = <alias>.a`) for a list of columns. */
function assignments(columns: string, from = 'excluded'): string {
  return columns
    .split(',')
    .map((c) => `${c.trim()} = ${from}.${c.trim()}`)
    .join(', ');
}

function prefixed(alias: string, columns: string): string {
  return columns
    .split(',')
    .map((c) => `${alias}.${c.trim()}`)
    .join(', ');
}
