import { MigrationInterface, QueryRunner } from 'typeorm';

/** Estimates (CONTRACT 8) read the newest finished processes of each name: this keeps that a short index scan. */
export class FinishedProcessIndex1764150000000 implements MigrationInterface {
  name = 'FinishedProcessIndex1764150000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX request_process_finished_idx ON request_process (name, end_date DESC) INCLUDE (start_date) WHERE end_date IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX request_process_finished_idx`);
  }
}
