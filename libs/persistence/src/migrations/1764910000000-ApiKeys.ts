import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * API keys (docs/behaviour.md, "API keys"): one client and one role each, stored as the SHA-256
 * of the key (the key itself is shown once, at creation), revocable, with the time of last use.
 */
export class ApiKeys1764910000000 implements MigrationInterface {
  name = 'ApiKeys1764910000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE api_key (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      client_id text NOT NULL REFERENCES client(id) ON DELETE CASCADE,
      name text NOT NULL,
      role text NOT NULL CHECK (role IN ('viewer', 'analyst')),
      prefix text NOT NULL,
      key_hash text NOT NULL UNIQUE,
      created_by uuid NOT NULL REFERENCES app_user(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz,
      revoked_at timestamptz,
      last_used_at timestamptz
    )`);
    await q.query(`CREATE INDEX api_key_client_idx ON api_key (client_id, created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE api_key`);
  }
}
