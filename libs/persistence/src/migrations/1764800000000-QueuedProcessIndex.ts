import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The processes still queued or running, for the processor's sweep of process jobs that Redis lost
 * (docs/operations.md, "Outages"). Keyed by id only, with the status in the predicate: starting a
 * process changes neither, so that update stays HOT (see 1764450000000-HotLifecycleUpdates).
 */
export class QueuedProcessIndex1764800000000 implements MigrationInterface {
  name = 'QueuedProcessIndex1764800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX request_process_queued_idx ON request_process (id) WHERE status = 'En proceso'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX request_process_queued_idx`);
  }
}
