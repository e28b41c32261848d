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
    await q.query(`CREATE TABLE event_cursor (
      name text PRIMARY KEY,
      tx_id xid8 NOT NULL,
      seq bigint NOT NULL
    )`);

    // Where a reader of the whole log (the webhook dispatcher) has got to; it starts before every event.
    await q.query(`INSERT INTO event_cursor (name, tx_id, seq) VALUES ('webhooks', '0', 0)`);

    // Secrets are AES-256-GCM ciphertext under WEBHOOKS_SECRET_KEY (never stored in clear). `events`
    // NULL subscribes to every type. `failing_since`: the first failed attempt since the last success
    // (five days of it disable the endpoint). A deleted endpoint is deleted with its deliveries.
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
      failing_since timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE INDEX webhook_endpoint_client_idx ON webhook_endpoint (client_id, created_at)`);
    // One delivery per event and endpoint. A pending delivery is scheduled (next_attempt_at set: a job
    // is due then) or waits for an earlier one of its subject (next_attempt_at NULL, see
    // scheduleNewDeliveries). `generation` is bumped whenever it is scheduled again: a job of an older
    // generation is stale and does nothing.
    await q.query(`CREATE TABLE webhook_delivery (
      id uuid PRIMARY KEY,
      endpoint_id uuid NOT NULL REFERENCES webhook_endpoint(id) ON DELETE CASCADE,
      event_tx xid8 NOT NULL,
      event_seq bigint NOT NULL,
      event_type text NOT NULL,
      event_created_at timestamptz NOT NULL,
      subject text NOT NULL,
      status text NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
      attempts jsonb NOT NULL DEFAULT '[]',
      next_attempt_at timestamptz,
      generation integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (endpoint_id, event_tx, event_seq),
      FOREIGN KEY (event_tx, event_seq) REFERENCES event (tx_id, seq) ON DELETE CASCADE
    )`);
    await q.query(
      `CREATE INDEX webhook_delivery_endpoint_idx ON webhook_delivery (endpoint_id, event_created_at DESC)`,
    );
    // The chain of one subject to one endpoint, in event order (the ordering rule reads it).
    await q.query(
      `CREATE INDEX webhook_delivery_chain_idx ON webhook_delivery (endpoint_id, subject, event_created_at) WHERE status = 'pending'`,
    );
    // Retention deletes events, and their deliveries with them.
    await q.query(`CREATE INDEX webhook_delivery_event_idx ON webhook_delivery (event_tx, event_seq)`);
    // Scheduled deliveries whose job is long overdue (Redis lost it) are published again.
    await q.query(
      `CREATE INDEX webhook_delivery_due_idx ON webhook_delivery (next_attempt_at) WHERE status = 'pending'`,
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
