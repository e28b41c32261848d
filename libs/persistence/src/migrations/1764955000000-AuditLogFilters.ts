import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The audit log's actor and action filters get their own indexes (docs/security.md, "Audit log";
 * docs/performance.md, "The audit log"). Without them a page of a rare actor's or a rare action's
 * events read the client's events in chain order until it found a page, or to the end: at 1,000,000
 * events, hundreds of milliseconds a page, and seconds behind one another at 200 pages a second.
 * Each index costs every audited request a little (its group's rows go into it), which the bench
 * measures beside the overview's bare handler.
 */
export class AuditLogFilters1764955000000 implements MigrationInterface {
  name = 'AuditLogFilters1764955000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX audit_event_actor_idx ON audit_event (client_id, actor_id, seq)`);
    await q.query(`CREATE INDEX audit_event_action_idx ON audit_event (client_id, action, seq)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX audit_event_action_idx`);
    await q.query(`DROP INDEX audit_event_actor_idx`);
  }
}
