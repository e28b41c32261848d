import { MigrationInterface, QueryRunner } from 'typeorm';

export class LegalCorpus1763900000000 implements MigrationInterface {
  name = 'LegalCorpus1763900000000';

  async up(q: QueryRunner): Promise<void> {
    // One row per person found in judicial records, with the aggregates a search shows
    // precomputed so that matching never touches the lawsuits.
    await q.query(`CREATE TABLE legal_person (
      uuid uuid PRIMARY KEY,
      full_name text NOT NULL,
      given_names text NOT NULL,
      last_name text NOT NULL,
      second_last_name text,
      state text NOT NULL,
      -- Normalized match keys: 'g:<given name>', 'l:<paternal surname>', 's:<maternal surname>'.
      search_keys text[] NOT NULL,
      lawsuit_count integer NOT NULL,
      as_defendant integer NOT NULL,
      categories text[] NOT NULL,
      -- Bit k set when the person has a lawsuit of CORPUS_CATEGORIES[k]: KPIs count bits, no unnest.
      category_mask integer NOT NULL,
      -- Accent-free lower-case name in byte order: "then name" sorts without locale-aware comparisons.
      name_key text COLLATE "C" NOT NULL,
      latest_agreement date
    )`);
    await q.query(`CREATE INDEX legal_person_search_keys_idx ON legal_person USING gin (search_keys)`);
    await q.query(`CREATE TABLE legal_lawsuit (
      id uuid PRIMARY KEY,
      person_uuid uuid NOT NULL REFERENCES legal_person(uuid) ON DELETE CASCADE,
      role text NOT NULL CHECK (role IN ('Applicant', 'Defendant')),
      category text NOT NULL,
      judgement_type text NOT NULL,
      plaintiff text NOT NULL,
      defendant text NOT NULL,
      state text NOT NULL,
      type text NOT NULL,
      agreement_date date NOT NULL,
      file_number text NOT NULL,
      source text NOT NULL,
      court text NOT NULL,
      circuit text NOT NULL,
      synthesis text NOT NULL,
      synthesis_url text NOT NULL,
      source_url text NOT NULL
    )`);
    await q.query(
      `CREATE INDEX legal_lawsuit_person_idx ON legal_lawsuit (person_uuid, agreement_date DESC, id)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE legal_lawsuit`);
    await q.query(`DROP TABLE legal_person`);
  }
}
