import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The event log (CONTRACT 7.1, 7.2), webhook endpoints and their deliveries (7.3, 7.4), delayed
 * jobs in the outbox (a delivery retried in five minutes is a row now, a Bull job later), and the
 * overall status of a request stored as the lifecycle decides it (the list filters on it).
 */
export class EventsAndWebhooks1764100000000 implements MigrationInterface {
  name = 'EventsAndWebhooks1764100000000';

  async up(q: QueryRunner): Promise<void> {
    // Ordered by (tx_id, seq): a sequence value is taken at insert but becomes visible at commit, so
    // readers only see rows whose writing transaction is older than every one still running (see
    // EventRepository). tx_id is the writer's transaction id.
    await q.query(`CREATE TABLE event (
      tx_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
      seq bigserial NOT NULL,
      client_id text NOT NULL REFERENCES client(id),
      type text NOT NULL,
      subject text NOT NULL,
      data jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      PRIMARY KEY (tx_id, seq)
    )`);
    await q.query(`CREATE INDEX event_client_order_idx ON event (client_id, tx_id, seq)`);
    await q.query(`CREATE INDEX event_created_at_idx ON event (created_at)`);
    // Where a reader of the whole log (the webhook dispatcher) has got to.
    await q.query(`CREATE TABLE event_cursor (
      name text PRIMARY KEY,
      tx_id xid8 NOT NULL,
      seq bigint NOT NULL
    )`);

    await q.query(`CREATE TABLE webhook_endpoint (
      id uuid PRIMARY KEY,
      client_id text NOT NULL REFERENCES client(id),
      url text NOT NULL,
      events text[],
      description text,
      enabled boolean NOT NULL DEFAULT true,
      secret bytea NOT NULL,
      previous_secret bytea,
      previous_secret_until timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      disabled_at timestamptz,
      deleted_at timestamptz
    )`);
    await q.query(
      `CREATE INDEX webhook_endpoint_client_idx ON webhook_endpoint (client_id, created_at) WHERE deleted_at IS NULL`,
    );
    await q.query(`CREATE TABLE webhook_delivery (
      id uuid PRIMARY KEY,
      endpoint_id uuid NOT NULL REFERENCES webhook_endpoint(id) ON DELETE CASCADE,
      event_tx xid8 NOT NULL,
      event_seq bigint NOT NULL,
      event_type text NOT NULL,
      subject text NOT NULL,
      status text NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
      attempts jsonb NOT NULL DEFAULT '[]',
      next_attempt_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (endpoint_id, event_tx, event_seq),
      FOREIGN KEY (event_tx, event_seq) REFERENCES event (tx_id, seq) ON DELETE CASCADE
    )`);
    await q.query(
      `CREATE INDEX webhook_delivery_endpoint_idx ON webhook_delivery (endpoint_id, created_at DESC)`,
    );
    await q.query(
      `CREATE INDEX webhook_delivery_pending_idx ON webhook_delivery (endpoint_id, subject, event_tx, event_seq) WHERE status = 'pending'`,
    );

    await q.query(`ALTER TABLE outbox_job ADD COLUMN available_at timestamptz`);

    await q.query(`ALTER TABLE candidate_request ADD COLUMN status text NOT NULL DEFAULT 'Pending'
      CHECK (status IN ('Pending', 'Processing', 'Completed'))`);
    await q.query(`UPDATE candidate_request r SET status = s.status
      FROM (SELECT request_id, CASE
              WHEN NOT bool_or(start_date IS NOT NULL) THEN 'Pending'
              WHEN bool_or(status = 'En proceso') THEN 'Processing'
              ELSE 'Completed' END AS status
            FROM request_process GROUP BY request_id) s
     WHERE s.request_id = r.id`);
    await q.query(
      `CREATE INDEX candidate_request_client_status_idx ON candidate_request (client_id, status, created_at DESC)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE candidate_request DROP COLUMN status`);
    await q.query(`ALTER TABLE outbox_job DROP COLUMN available_at`);
    await q.query(`DROP TABLE webhook_delivery`);
    await q.query(`DROP TABLE webhook_endpoint`);
    await q.query(`DROP TABLE event_cursor`);
    await q.query(`DROP TABLE event`);
  }
}
