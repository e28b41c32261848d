import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The audit log (docs/security.md, "Audit log"): one row per audited operation, chained by hash in
 * `seq` order; `audit_chain_head` holds the last event's place, time and hash, and its row lock
 * orders appends across every api instance. Append-only: a trigger refuses UPDATE and DELETE.
 */
export class AuditLog1764920000000 implements MigrationInterface {
  name = 'AuditLog1764920000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE audit_event (
      seq bigint PRIMARY KEY,
      at timestamptz NOT NULL,
      at_ms bigint NOT NULL,
      actor_type text NOT NULL CHECK (actor_type IN ('user', 'api_key', 'operator', 'system')),
      actor_id text NOT NULL,
      actor_email text,
      client_id text,
      action text NOT NULL,
      subject_type text NOT NULL,
      subject_id text,
      status smallint NOT NULL,
      request_id text,
      ip text,
      hash text NOT NULL
    )`);
    // A client's page walks its events in chain order; "who read this candidate" has its own index.
    // Every index is paid on every audited request, so there are few: `at` grows with `seq`, so a
    // BRIN index finds a time's place in the chain for the cost of a few pages. (The actor and action
    // filters have their own since AuditLogFilters1764955000000.)
    await q.query(`CREATE INDEX audit_event_client_idx ON audit_event (client_id, seq)`);
    await q.query(`CREATE INDEX audit_event_subject_idx ON audit_event (client_id, subject_id, seq)`);
    await q.query(`CREATE INDEX audit_event_at_idx ON audit_event USING brin (at_ms)`);
    await q.query(`CREATE TABLE audit_chain_head (
      only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
      seq bigint NOT NULL,
      at_ms bigint NOT NULL,
      hash text NOT NULL
    )`);
    await q.query(`INSERT INTO audit_chain_head (seq, at_ms, hash) VALUES (0, 0, repeat('0', 64))`);
    await q.query(`CREATE FUNCTION audit_event_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'the audit log is append-only: % refused', TG_OP;
      END $$`);
    await q.query(`CREATE TRIGGER audit_event_append_only BEFORE UPDATE OR DELETE ON audit_event
      FOR EACH ROW EXECUTE FUNCTION audit_event_append_only()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE audit_chain_head`);
    await q.query(`DROP TABLE audit_event`);
    await q.query(`DROP FUNCTION audit_event_append_only()`);
  }
}
