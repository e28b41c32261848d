import { MigrationInterface, QueryRunner } from 'typeorm';

export class Screening1763850000000 implements MigrationInterface {
  name = 'Screening1763850000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE candidate_request (
      id uuid PRIMARY KEY,
      client_id text NOT NULL REFERENCES client(id),
      package_id text NOT NULL REFERENCES package(id),
      created_by uuid NOT NULL REFERENCES app_user(id),
      person_type text NOT NULL CHECK (person_type IN ('individual', 'corporate')),
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    // Newest first per client: the list endpoint and its pagination.
    await q.query(
      `CREATE INDEX candidate_request_client_created_idx ON candidate_request (client_id, created_at DESC, id DESC)`,
    );
    await q.query(`CREATE TABLE candidate (
      id uuid PRIMARY KEY,
      request_id uuid NOT NULL UNIQUE REFERENCES candidate_request(id) ON DELETE CASCADE,
      person_type text NOT NULL,
      name text, last_name text, second_last_name text,
      birth_date date,
      nationality text NOT NULL,
      gender text,
      rfc text, curp text, consent_nip text,
      regime text, business_name text,
      email text, phone text
    )`);
    await q.query(`CREATE TABLE request_process (
      id uuid PRIMARY KEY,
      request_id uuid NOT NULL REFERENCES candidate_request(id) ON DELETE CASCADE,
      name text NOT NULL,
      position smallint NOT NULL,
      depends_on text,
      status text NOT NULL CHECK (status IN ('En proceso', 'Con dependencia', 'Pendiente Candidato', 'Finalizado')),
      result text NOT NULL DEFAULT 'Pendiente'
        CHECK (result IN ('Pendiente', 'Aprobado', 'Riesgo Bajo', 'Riesgo Medio', 'Riesgo Alto', 'No disponible')),
      start_date timestamptz,
      end_date timestamptz,
      candidate_input jsonb,
      summary jsonb,
      raw_details jsonb,
      -- Bumped each time the process is (re)queued; part of the deterministic job id.
      generation smallint NOT NULL DEFAULT 0,
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (request_id, name),
      CHECK (status <> 'Finalizado' OR (start_date IS NOT NULL AND end_date IS NOT NULL AND result <> 'Pendiente')),
      CHECK (status <> 'Con dependencia' OR (start_date IS NULL AND end_date IS NULL)),
      CHECK (status <> 'Pendiente Candidato' OR (start_date IS NOT NULL AND end_date IS NULL))
    )`);
    await q.query(`CREATE INDEX request_process_request_idx ON request_process (request_id, position)`);
    // The transactional outbox: jobs to publish to Bull, written in the same transaction as the
    // state change that calls for them, so a registration answered 202 can never lose its work.
    await q.query(`CREATE TABLE outbox_job (
      id bigserial PRIMARY KEY,
      queue text NOT NULL,
      job_name text NOT NULL,
      job_id text NOT NULL UNIQUE,
      payload jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      published_at timestamptz
    )`);
    await q.query(`CREATE INDEX outbox_job_pending_idx ON outbox_job (id) WHERE published_at IS NULL`);
    // Idempotency-Key records (CONTRACT 1): one per caller, operation and key, kept 24 hours.
    await q.query(`CREATE TABLE idempotency_record (
      user_id uuid NOT NULL,
      operation text NOT NULL,
      key text NOT NULL,
      request_hash text NOT NULL,
      -- Filled in the same transaction that claimed the key, so nobody ever reads it empty.
      status_code smallint,
      response_body jsonb,
      response_headers jsonb NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, operation, key)
    )`);
    await q.query(`CREATE INDEX idempotency_record_created_idx ON idempotency_record (created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE idempotency_record`);
    await q.query(`DROP TABLE outbox_job`);
    await q.query(`DROP TABLE request_process`);
    await q.query(`DROP TABLE candidate`);
    await q.query(`DROP TABLE candidate_request`);
  }
}
