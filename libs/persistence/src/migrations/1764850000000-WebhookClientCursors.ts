import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Where the webhook dispatcher has got to in each client's events, when ahead of its position in
 * the whole log (event_cursor 'webhooks', below which every event is dispatched): the dispatcher
 * takes every client's events in turns, so one client's burst no longer holds back another's
 * (docs/integrators.md, webhooks). A row at or behind the global position means nothing and is
 * deleted; a client without one reads from the global position.
 */
export class WebhookClientCursors1764850000000 implements MigrationInterface {
  name = 'WebhookClientCursors1764850000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE webhook_client_cursor (
      client_id text PRIMARY KEY REFERENCES client(id) ON DELETE CASCADE,
      tx_id xid8 NOT NULL,
      seq bigint NOT NULL
    )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE webhook_client_cursor`);
  }
}
