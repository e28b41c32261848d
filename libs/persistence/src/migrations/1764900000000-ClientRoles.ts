import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A user's role in each of its clients (docs/behaviour.md, "Roles"). Every user before this
 * migration could do everything, so each keeps that as `admin`.
 */
export class ClientRoles1764900000000 implements MigrationInterface {
  name = 'ClientRoles1764900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE user_client ADD COLUMN role text NOT NULL DEFAULT 'admin'
         CHECK (role IN ('viewer', 'analyst', 'admin'))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE user_client DROP COLUMN role`);
  }
}
