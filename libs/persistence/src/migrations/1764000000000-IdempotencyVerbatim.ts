import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A replayed Idempotency-Key answers the first response byte for byte: `json` keeps the text as
 * written, where `jsonb` reordered the keys of the stored body.
 */
export class IdempotencyVerbatim1764000000000 implements MigrationInterface {
  name = 'IdempotencyVerbatim1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE idempotency_record ALTER COLUMN response_body TYPE json USING response_body::json`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE idempotency_record ALTER COLUMN response_body TYPE jsonb USING response_body::jsonb`,
    );
  }
}
