import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Watch lists read from the publishers' files (CONTRACT 10): a version per import of a source, its
 * entries as imported, and the ad-hoc screenings with their charge.
 *
 * - `watch_list_version`: one row per import, refused ones included (they say why). At most one
 *   active version per source (a partial unique index), so activation is one UPDATE pair in one
 *   transaction and a reader never sees two or none in between.
 * - `watch_list_entry`: entries are never updated; a superseded version keeps its entries, so a
 *   result that cites one (a process's rawDetails, a monitor's alert) can always be shown.
 *   `fingerprint` digests what matching reads (names, identifiers, dates, status): two versions'
 *   entries with the same key and fingerprint are the same for screening (the monitoring delta).
 * - `watch_list_screening`: `POST /watch-lists/screenings`; it keeps what was answered, never the
 *   screened person's name or identifiers.
 * - `billing_charge` learns a third kind. Its uniqueness on (kind, search_id, person_uuid) treated
 *   NULLs as equal so one search could not be charged twice; a screening charge has neither search
 *   nor person, so that rule is now a partial index of its own (`billing_charge_search_once_idx`),
 *   unlocks are still charged once through ON CONFLICT on (kind, search_id, person_uuid), and a
 *   screening is charged once by its own unique column.
 */
export class WatchLists1764600000000 implements MigrationInterface {
  name = 'WatchLists1764600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE watch_list_version (
      id serial PRIMARY KEY,
      source text NOT NULL,
      version integer NOT NULL,
      as_of date NOT NULL,
      sha256 text NOT NULL,
      files text[] NOT NULL,
      imported_at timestamptz NOT NULL DEFAULT now(),
      rows integer NOT NULL,
      entries integer NOT NULL,
      redacted integer NOT NULL,
      rejected integer NOT NULL,
      rejected_rows jsonb NOT NULL DEFAULT '[]',
      status text NOT NULL CHECK (status IN ('active', 'superseded', 'refused')),
      reason text,
      UNIQUE (source, version)
    )`);
    await q.query(
      `CREATE UNIQUE INDEX watch_list_version_active_idx ON watch_list_version (source) WHERE status = 'active'`,
    );

    await q.query(`CREATE TABLE watch_list_entry (
      version_id integer NOT NULL REFERENCES watch_list_version(id),
      key text NOT NULL,
      kind text NOT NULL CHECK (kind IN ('person', 'entity', 'unknown')),
      names jsonb NOT NULL,
      rfcs jsonb NOT NULL,
      curps jsonb NOT NULL,
      birth_dates jsonb NOT NULL,
      nationalities jsonb NOT NULL,
      gender text,
      list_status text NOT NULL,
      redacted boolean NOT NULL,
      fingerprint text NOT NULL,
      raw jsonb NOT NULL,
      PRIMARY KEY (version_id, key)
    )`);

    await q.query(`CREATE TABLE watch_list_screening (
      id uuid PRIMARY KEY,
      client_id text NOT NULL REFERENCES client(id),
      user_id uuid NOT NULL,
      sources text[] NOT NULL,
      lists_checked jsonb NOT NULL,
      matches jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(
      `CREATE INDEX watch_list_screening_client_idx ON watch_list_screening (client_id, created_at DESC)`,
    );

    await q.query(`ALTER TABLE billing_charge DROP CONSTRAINT billing_charge_kind_check`);
    await q.query(`ALTER TABLE billing_charge ADD CONSTRAINT billing_charge_kind_check
      CHECK (kind IN ('LEGAL_SEARCH', 'LEGAL_RECORD_UNLOCK', 'WATCH_LIST_SCREENING'))`);
    await q.query(`ALTER TABLE billing_charge ALTER COLUMN search_id DROP NOT NULL`);
    await q.query(
      `ALTER TABLE billing_charge ADD COLUMN screening_id uuid UNIQUE REFERENCES watch_list_screening(id)`,
    );
    await q.query(`ALTER TABLE billing_charge ADD CONSTRAINT billing_charge_subject_check CHECK (
      CASE kind WHEN 'WATCH_LIST_SCREENING' THEN screening_id IS NOT NULL AND search_id IS NULL
                ELSE search_id IS NOT NULL AND screening_id IS NULL END)`);
    await q.query(`ALTER TABLE billing_charge DROP CONSTRAINT billing_charge_kind_search_id_person_uuid_key`);
    await q.query(`ALTER TABLE billing_charge ADD CONSTRAINT billing_charge_kind_search_id_person_uuid_key
      UNIQUE (kind, search_id, person_uuid)`);
    await q.query(
      `CREATE UNIQUE INDEX billing_charge_search_once_idx ON billing_charge (search_id) WHERE kind = 'LEGAL_SEARCH'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM billing_charge WHERE kind = 'WATCH_LIST_SCREENING'`);
    await q.query(`DROP INDEX billing_charge_search_once_idx`);
    await q.query(`ALTER TABLE billing_charge DROP CONSTRAINT billing_charge_kind_search_id_person_uuid_key`);
    await q.query(`ALTER TABLE billing_charge ADD CONSTRAINT billing_charge_kind_search_id_person_uuid_key
      UNIQUE NULLS NOT DISTINCT (kind, search_id, person_uuid)`);
    await q.query(`ALTER TABLE billing_charge DROP CONSTRAINT billing_charge_subject_check`);
    await q.query(`ALTER TABLE billing_charge DROP COLUMN screening_id`);
    await q.query(`ALTER TABLE billing_charge ALTER COLUMN search_id SET NOT NULL`);
    await q.query(`ALTER TABLE billing_charge DROP CONSTRAINT billing_charge_kind_check`);
    await q.query(`ALTER TABLE billing_charge ADD CONSTRAINT billing_charge_kind_check
      CHECK (kind IN ('LEGAL_SEARCH', 'LEGAL_RECORD_UNLOCK'))`);
    await q.query(`DROP TABLE watch_list_screening`);
    await q.query(`DROP TABLE watch_list_entry`);
    await q.query(`DROP TABLE watch_list_version`);
  }
}
