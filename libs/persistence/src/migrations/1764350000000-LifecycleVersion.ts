import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Lifecycle steps write optimistically: a step reads the request without a lock, the domain decides,
 * and the write applies only if the request's version is still the one read (then bumps it). Two
 * steps of one request thus never both apply from the same state, without a lock held across round
 * trips.
 */
export class LifecycleVersion1764350000000 implements MigrationInterface {
  name = 'LifecycleVersion1764350000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE candidate_request ADD COLUMN lifecycle_version integer NOT NULL DEFAULT 0`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE candidate_request DROP COLUMN lifecycle_version`);
  }
}
