import { MigrationInterface, QueryRunner } from 'typeorm';
import { MAX_MATCHES } from '@app/domain';
import { precomputePairSetsSql, publishVersionSets } from '../legal-corpus/legal-corpus.queries';

/**
 * The corpus changes while the apps serve (CONTRACT 12, issue 26):
 * - `legal_corpus_load.kind`: a version is a load, an ingest, or this migration's re-index.
 * - `legal_current_set`: which set answers each query now. Sets stay immutable; a load or an ingest
 *   writes new ones and repoints the queries they change in one commit. `retired_at`: when a set
 *   stopped being current (it is deleted a while later unless a search points at it).
 * - `per_state` and `name_keys` on sets: what an ingest needs to merge persons into a set without
 *   reading the corpus (persons per state for the top states, the name order of the ranking).
 * - `legal_lawsuit.since_version` and `legal_lawsuit_history`: lawsuits as each version saw them,
 *   so a search's record details stay those of its corpus version (`legal_search.corpus_version`).
 * - `legal_corpus_ingest` and `legal_corpus_ingest_person`: what each ingest added and changed,
 *   written in the ingest's transaction, for the monitors (CONTRACT 11) to compare.
 *
 * The current sets get the new columns by a re-index: every name pair's set computed again under a
 * new corpus version (as a load does, about 20 s at 1M persons), with the same answers.
 */
export class LegalCorpusIngest1764550000001 implements MigrationInterface {
  name = 'LegalCorpusIngest1764550000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE legal_corpus_load
      ADD COLUMN kind text NOT NULL DEFAULT 'load' CHECK (kind IN ('load', 'ingest', 'reindex'))`);
    await q.query(`ALTER TABLE legal_match_set
      ADD COLUMN per_state integer[],
      ADD COLUMN name_keys text[] COLLATE "C",
      ADD COLUMN retired_at timestamptz`);
    // lz4 compresses and decompresses the sets' arrays several times faster than pglz, and an
    // ingest rewrites thousands of sets; a server built without lz4 keeps pglz.
    await q.query(`DO $$ BEGIN
        ALTER TABLE legal_match_set ${[
          'uuids',
          'names',
          'counts',
          'category_masks',
          'agreement_dates',
          'states',
          'name_keys',
        ]
          .map((c) => `ALTER COLUMN ${c} SET COMPRESSION lz4`)
          .join(', ')};
      EXCEPTION WHEN feature_not_supported THEN NULL;
      END $$`);
    // Every ingest repoints thousands of its rows: half-empty pages let those updates stay on
    // their page (HOT), so the index every search looks up does not grow with each ingest.
    await q.query(`CREATE TABLE legal_current_set (
      query_key text COLLATE "C" PRIMARY KEY,
      set_id bigint NOT NULL REFERENCES legal_match_set(id)
    ) WITH (fillfactor = 50)`);
    await q.query(`ALTER TABLE legal_lawsuit ADD COLUMN since_version bigint`);
    await q.query(`CREATE TABLE legal_lawsuit_history (LIKE legal_lawsuit, until_version bigint NOT NULL)`);
    await q.query(
      `CREATE INDEX legal_lawsuit_history_person_idx ON legal_lawsuit_history (person_uuid, until_version)`,
    );
    await q.query(`ALTER TABLE legal_search ADD COLUMN corpus_version bigint`);

    await q.query(`CREATE TABLE legal_corpus_ingest (
      version bigint PRIMARY KEY REFERENCES legal_corpus_load(version),
      file_name text NOT NULL,
      persons_added integer NOT NULL,
      persons_replaced integer NOT NULL,
      lawsuits_added integer NOT NULL,
      lawsuits_replaced integer NOT NULL,
      -- Name-pair sets the ingest merged, computed again from the corpus, and other sets it dropped.
      sets_merged integer NOT NULL,
      sets_recomputed integer NOT NULL,
      sets_dropped integer NOT NULL,
      committed_at timestamptz NOT NULL,
      -- Set by the monitoring comparison (CONTRACT 11) once it has compared this ingest's persons.
      monitors_compared_at timestamptz
    )`);
    await q.query(`CREATE INDEX legal_corpus_ingest_pending_idx ON legal_corpus_ingest (version)
      WHERE monitors_compared_at IS NULL`);
    await q.query(`CREATE TABLE legal_corpus_ingest_person (
      version bigint NOT NULL REFERENCES legal_corpus_ingest(version),
      person_uuid uuid NOT NULL,
      -- The person's own line: a new person or a replaced one; NULL when only lawsuits changed.
      person_change text CHECK (person_change IN ('added', 'replaced')),
      -- Lawsuits that name the person now and did not before (new ones, or moved from another person).
      lawsuits_added uuid[] NOT NULL,
      -- Lawsuits of the person replaced by a line of the file.
      lawsuits_replaced uuid[] NOT NULL,
      -- Lawsuits that named the person before and now name another.
      lawsuits_removed uuid[] NOT NULL,
      PRIMARY KEY (version, person_uuid)
    )`);
    await this.reindex(q);
  }

  private async reindex(q: QueryRunner): Promise<void> {
    const [current]: Array<{ version: string; persons: number; seed: number; generator: number }> =
      await q.query(
        `SELECT version, persons, seed, generator FROM legal_corpus_load
          WHERE finished_at IS NOT NULL ORDER BY version DESC LIMIT 1`,
      );
    if (!current) return;
    const [{ version }]: Array<{ version: string }> = await q.query(
      `INSERT INTO legal_corpus_load (persons, seed, generator, kind, finished_at)
       VALUES ($1, $2, $3, 'reindex', clock_timestamp()) RETURNING version`,
      [current.persons, current.seed, current.generator],
    );
    await q.query(`SET LOCAL work_mem = '256MB'`);
    await q.query(precomputePairSetsSql(), [version, MAX_MATCHES, 1, 0]);
    await publishVersionSets(q, version);
    await q.query(`ANALYZE legal_match_set`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE legal_corpus_ingest_person`);
    await q.query(`DROP TABLE legal_corpus_ingest`);
    await q.query(`ALTER TABLE legal_search DROP COLUMN corpus_version`);
    // Lawsuits replaced by ingests are lost with their history; the live ones stay.
    await q.query(`DROP TABLE legal_lawsuit_history`);
    await q.query(`ALTER TABLE legal_lawsuit DROP COLUMN since_version`);
    await q.query(`DROP TABLE legal_current_set`);
    // Sets were looked up by (corpus_version, query_key) under the newest finished version.
    await q.query(`ALTER TABLE legal_match_set DROP COLUMN retired_at, DROP COLUMN name_keys,
                                               DROP COLUMN per_state`);
    await q.query(`ALTER TABLE legal_corpus_load DROP COLUMN kind`);
  }
}
