import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Real accounts (docs/behaviour.md, "Users"): a membership is invited, active or disabled; an
 * invited person has no password until they accept; invitations and password resets are links
 * whose token is kept only as a SHA-256, good once and for a while.
 */
export class Accounts1764960000000 implements MigrationInterface {
  name = 'Accounts1764960000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE app_user ALTER COLUMN password_hash DROP NOT NULL`);
    await q.query(`ALTER TABLE app_user ADD COLUMN last_sign_in_at timestamptz`);
    await q.query(`ALTER TABLE user_client
      ADD COLUMN status text NOT NULL DEFAULT 'active' CHECK (status IN ('invited', 'active', 'disabled')),
      ADD COLUMN created_at timestamptz NOT NULL DEFAULT now()`);
    await q.query(`CREATE INDEX user_client_client_idx ON user_client (client_id, user_id)`);
    // Disabling a user or resetting a password ends every live session of that user.
    await q.query(
      `CREATE INDEX auth_session_live_user_idx ON auth_session (user_id) WHERE revoked_at IS NULL`,
    );
    await q.query(`CREATE TABLE user_invitation (
      token_hash text PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
      client_id text NOT NULL REFERENCES client(id) ON DELETE CASCADE,
      role text NOT NULL CHECK (role IN ('viewer', 'analyst', 'admin')),
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    )`);
    await q.query(
      `CREATE INDEX user_invitation_member_idx ON user_invitation (user_id, client_id) WHERE used_at IS NULL`,
    );
    await q.query(`CREATE TABLE password_reset (
      token_hash text PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    )`);
    await q.query(`CREATE INDEX password_reset_user_idx ON password_reset (user_id) WHERE used_at IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE password_reset`);
    await q.query(`DROP TABLE user_invitation`);
    await q.query(`DROP INDEX auth_session_live_user_idx`);
    await q.query(`DROP INDEX user_client_client_idx`);
    await q.query(`ALTER TABLE user_client DROP COLUMN status, DROP COLUMN created_at`);
    await q.query(`ALTER TABLE app_user DROP COLUMN last_sign_in_at`);
    await q.query(`DELETE FROM app_user WHERE password_hash IS NULL`);
    await q.query(`ALTER TABLE app_user ALTER COLUMN password_hash SET NOT NULL`);
  }
}
