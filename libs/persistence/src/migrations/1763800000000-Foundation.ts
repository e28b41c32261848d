import { MigrationInterface, QueryRunner } from 'typeorm';

export class Foundation1763800000000 implements MigrationInterface {
  name = 'Foundation1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE client (
      id text PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 64),
      name text NOT NULL
    )`);
    await q.query(`CREATE TABLE app_user (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      email text NOT NULL UNIQUE CHECK (email = lower(email)),
      password_hash text NOT NULL,
      name text NOT NULL,
      profile text NOT NULL,
      photo_url text NOT NULL DEFAULT '',
      default_client_id text NOT NULL REFERENCES client(id),
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE TABLE user_client (
      user_id uuid NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
      client_id text NOT NULL REFERENCES client(id) ON DELETE CASCADE,
      PRIMARY KEY (user_id, client_id)
    )`);
    await q.query(`CREATE TABLE package (
      id text PRIMARY KEY,
      client_id text NOT NULL REFERENCES client(id),
      name text NOT NULL,
      processes text[] NOT NULL CHECK (cardinality(processes) > 0)
    )`);
    await q.query(`CREATE INDEX package_client_idx ON package (client_id)`);
    await q.query(`CREATE TABLE auth_session (
      id uuid PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      revoked_at timestamptz,
      revoked_reason text
    )`);
    await q.query(`CREATE TABLE refresh_token (
      token_hash text PRIMARY KEY,
      session_id uuid NOT NULL REFERENCES auth_session(id) ON DELETE CASCADE,
      expires_at timestamptz NOT NULL,
      retired_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE INDEX refresh_token_session_idx ON refresh_token (session_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE refresh_token`);
    await q.query(`DROP TABLE auth_session`);
    await q.query(`DROP TABLE package`);
    await q.query(`DROP TABLE user_client`);
    await q.query(`DROP TABLE app_user`);
    await q.query(`DROP TABLE client`);
  }
}
