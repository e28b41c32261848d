import { MigrationInterface, QueryRunner } from 'typeorm';
import { CORPUS_CATEGORIES } from '../legal-corpus/vocabulary';

/**
 * Search creation as a lookup (issue 14):
 * - `legal_corpus_load`: one row per corpus load; the newest finished one is the corpus version
 *   that match sets are cached against.
 * - `legal_match_set`: the answer of one normalized query on one corpus version: the universe's
 *   size, persons per category, top states, and the ranked first 300 matches as parallel arrays.
 *   The loader computes one for every (given name, surname) pair; any other query computes its set
 *   on first use. Sets are immutable: a search points at one (`legal_search.match_set_id`) instead
 *   of copying 300 rows, and keeps it through later loads.
 * - `legal_person.search_keys` become combined keys ('gl:juan|hernandez', 'gs:juan|lopez'): a pair
 *   is one posting list of the GIN index instead of the intersection of two huge ones. Existing keys
 *   are already folded; they are recombined here, not re-folded.
 * - The matches of existing searches move into one set each, and `legal_search_match` goes.
 */
export class LegalMatchSets1764400000000 implements MigrationInterface {
  name = 'LegalMatchSets1764400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE legal_corpus_load (
      version bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      persons integer NOT NULL,
      seed integer,
      generator integer,
      started_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz
    )`);
    await q.query(`CREATE TABLE legal_match_set (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      corpus_version bigint NOT NULL,
      query_key text COLLATE "C" NOT NULL,
      total integer NOT NULL,
      -- Persons per category, in bit order of legal_person.category_mask.
      per_category integer[] NOT NULL,
      top_states jsonb NOT NULL,
      -- The ranked matches (at most 300), one array per field, same order.
      uuids uuid[] NOT NULL,
      names text[] NOT NULL,
      counts integer[] NOT NULL,
      category_masks integer[] NOT NULL,
      agreement_dates date[] NOT NULL,
      states text[] NOT NULL,
      UNIQUE (corpus_version, query_key)
    )`);
    await q.query(`ALTER TABLE legal_search ADD COLUMN match_set_id bigint REFERENCES legal_match_set(id)`);
    await q.query(`CREATE INDEX legal_search_match_set_idx ON legal_search (match_set_id)`);

    // Existing searches: their stored matches become a set of their own (version 0, never looked up).
    await q.query(
      `INSERT INTO legal_match_set (corpus_version, query_key, total, per_category, top_states, uuids, names, counts,
                                    category_masks, agreement_dates, states)
       SELECT 0, 'search:' || m.search_id, s.total_in_source, '{}', '[]',
              array_agg(m.person_uuid ORDER BY m.position), array_agg(m.name ORDER BY m.position),
              array_agg(m.lawsuit_count ORDER BY m.position),
              array_agg((SELECT coalesce(bit_or(1 << (array_position($1::text[], c) - 1)), 0)
                           FROM unnest(m.categories) c) ORDER BY m.position),
              array_agg(m.agreement_date ORDER BY m.position), array_agg(m.state ORDER BY m.position)
         FROM legal_search_match m JOIN legal_search s ON s.id = m.search_id
        GROUP BY m.search_id, s.total_in_source`,
      [CORPUS_CATEGORIES],
    );
    await q.query(
      `UPDATE legal_search s SET match_set_id = ms.id
         FROM legal_match_set ms WHERE ms.corpus_version = 0 AND ms.query_key = 'search:' || s.id`,
    );
    await q.query(`DROP TABLE legal_search_match`);

    await q.query(`DROP INDEX legal_person_search_keys_idx`);
    await q.query(
      `UPDATE legal_person SET search_keys = ARRAY(
         SELECT kind || substr(g, 3) || '|' || substr(s, 3)
           FROM unnest(search_keys) g, unnest(search_keys) s,
                LATERAL (SELECT CASE left(s, 2) WHEN 'l:' THEN 'gl:' WHEN 's:' THEN 'gs:' END AS kind) k
          WHERE left(g, 2) = 'g:' AND kind IS NOT NULL)`,
    );
    await q.query(`CREATE INDEX legal_person_search_keys_idx ON legal_person USING gin (search_keys)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX legal_person_search_keys_idx`);
    await q.query(
      `UPDATE legal_person SET search_keys = ARRAY(
         SELECT DISTINCT k FROM unnest(search_keys) x,
                LATERAL (VALUES ('g:' || split_part(substr(x, 4), '|', 1)),
                                (substr(x, 2, 1) || ':' || split_part(substr(x, 4), '|', 2))) v(k))`,
    );
    await q.query(`CREATE INDEX legal_person_search_keys_idx ON legal_person USING gin (search_keys)`);
    await q.query(`CREATE TABLE legal_search_match (
      search_id uuid NOT NULL REFERENCES legal_search(id) ON DELETE CASCADE,
      position smallint NOT NULL,
      person_uuid uuid NOT NULL,
      name text NOT NULL,
      lawsuit_count integer,
      categories text[] NOT NULL,
      norm_categories text[] NOT NULL,
      agreement_date date,
      state text NOT NULL,
      norm_state text NOT NULL,
      PRIMARY KEY (search_id, position)
    )`);
    await q.query(
      `CREATE UNIQUE INDEX legal_search_match_person_idx ON legal_search_match (search_id, person_uuid)`,
    );
    // Normalized columns are refilled with lower() only: down is for development databases.
    await q.query(
      `INSERT INTO legal_search_match (search_id, position, person_uuid, name, lawsuit_count, categories,
                                       norm_categories, agreement_date, state, norm_state)
       SELECT s.id, t.ord - 1, t.uuid, t.name, t.count, c.categories, c.categories, t.date, t.state, lower(t.state)
         FROM legal_search s JOIN legal_match_set ms ON ms.id = s.match_set_id,
              unnest(ms.uuids, ms.names, ms.counts, ms.category_masks, ms.agreement_dates, ms.states)
                WITH ORDINALITY AS t(uuid, name, count, mask, date, state, ord),
              LATERAL (SELECT coalesce(array_agg(cat ORDER BY cat), '{}') AS categories
                         FROM unnest($1::text[]) WITH ORDINALITY AS v(cat, bit)
                        WHERE (t.mask >> (bit::int - 1)) & 1 = 1) c`,
      [CORPUS_CATEGORIES],
    );
    await q.query(`ALTER TABLE legal_search DROP COLUMN match_set_id`);
    await q.query(`DROP TABLE legal_match_set`);
    await q.query(`DROP TABLE legal_corpus_load`);
  }
}
