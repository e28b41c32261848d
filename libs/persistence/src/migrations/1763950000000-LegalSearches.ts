import { MigrationInterface, QueryRunner } from 'typeorm';

export class LegalSearches1763950000000 implements MigrationInterface {
  name = 'LegalSearches1763950000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE legal_search (
      id uuid PRIMARY KEY,
      client_id text NOT NULL REFERENCES client(id),
      created_by uuid NOT NULL REFERENCES app_user(id),
      search_query jsonb NOT NULL,
      outcome text NOT NULL CHECK (outcome IN ('SUCCESS', 'EMPTY', 'FAILED')),
      total_in_source integer NOT NULL,
      kpis jsonb NOT NULL,
      slow_response boolean NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      recoverable_until timestamptz NOT NULL
    )`);
    await q.query(`CREATE INDEX legal_search_client_idx ON legal_search (client_id, created_at DESC)`);
    // The reachable matches (at most 300) stored with the search, in their ranking order.
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
    // A record unlocked in a search: the primary key makes the first reading the only one that charges.
    await q.query(`CREATE TABLE legal_unlock (
      search_id uuid NOT NULL REFERENCES legal_search(id) ON DELETE CASCADE,
      person_uuid uuid NOT NULL,
      unlocked_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (search_id, person_uuid)
    )`);
    // The billing ledger: one row per billable event, never two for the same event.
    await q.query(`CREATE TABLE billing_charge (
      id bigserial PRIMARY KEY,
      client_id text NOT NULL REFERENCES client(id),
      kind text NOT NULL CHECK (kind IN ('LEGAL_SEARCH', 'LEGAL_RECORD_UNLOCK')),
      search_id uuid NOT NULL REFERENCES legal_search(id),
      person_uuid uuid,
      charged_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE NULLS NOT DISTINCT (kind, search_id, person_uuid)
    )`);
    await q.query(`CREATE INDEX billing_charge_client_idx ON billing_charge (client_id, charged_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE billing_charge`);
    await q.query(`DROP TABLE legal_unlock`);
    await q.query(`DROP TABLE legal_search_match`);
    await q.query(`DROP TABLE legal_search`);
  }
}
