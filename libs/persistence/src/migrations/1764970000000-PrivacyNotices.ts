import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Consent and the rights of the people screened (docs/privacy.md): each client's privacy notices
 * (the newest is the current one), the consent each registration records, and the ARCO requests a
 * client answers with their due dates.
 */
export class PrivacyNotices1764970000000 implements MigrationInterface {
  name = 'PrivacyNotices1764970000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE privacy_notice (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      seq bigserial NOT NULL UNIQUE,
      client_id text NOT NULL REFERENCES client(id) ON DELETE CASCADE,
      version text NOT NULL,
      url text NOT NULL,
      purposes jsonb NOT NULL,
      created_by text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (client_id, version)
    )`);
    await q.query(`CREATE INDEX privacy_notice_current_idx ON privacy_notice (client_id, seq DESC)`);
    // Null for requests registered before consent was recorded.
    await q.query(`ALTER TABLE candidate_request ADD COLUMN consent jsonb`);
    await q.query(`CREATE TABLE privacy_request (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      client_id text NOT NULL REFERENCES client(id) ON DELETE CASCADE,
      "right" text NOT NULL CHECK ("right" IN ('access', 'rectification', 'cancellation', 'opposition')),
      subject jsonb NOT NULL,
      subject_rfc text,
      subject_curp text,
      subject_name_key text,
      subject_birth_date date,
      received_at date NOT NULL,
      due_date date NOT NULL,
      due_soon_date date NOT NULL,
      channel text NOT NULL,
      details text,
      status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'resolved')),
      matches jsonb NOT NULL DEFAULT '[]',
      decision text CHECK (decision IN ('granted', 'denied')),
      reason text,
      changes jsonb,
      created_by text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      resolved_by text,
      resolved_at timestamptz,
      due_soon_announced_at timestamptz
    )`);
    await q.query(
      `CREATE INDEX privacy_request_client_idx ON privacy_request (client_id, created_at DESC, id DESC)`,
    );
    await q.query(
      `CREATE INDEX privacy_request_due_soon_idx ON privacy_request (due_soon_date) WHERE status = 'open' AND due_soon_announced_at IS NULL`,
    );
    // Opposition granted: no monitor may be created on the subject; looked up at each monitor creation
    // by the subject's RFC, CURP or birth date among the client's few granted oppositions.
    await q.query(`CREATE INDEX privacy_request_opposed_idx ON privacy_request (client_id)
      WHERE "right" = 'opposition' AND decision = 'granted'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE privacy_request`);
    await q.query(`ALTER TABLE candidate_request DROP COLUMN consent`);
    await q.query(`DROP TABLE privacy_notice`);
  }
}
