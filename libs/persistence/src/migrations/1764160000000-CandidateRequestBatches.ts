import { MigrationInterface, QueryRunner } from 'typeorm';

/** Batch registration (CONTRACT 8): a batch and the requests it registered, by item index. */
export class CandidateRequestBatches1764160000000 implements MigrationInterface {
  name = 'CandidateRequestBatches1764160000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE candidate_request_batch (
      id uuid PRIMARY KEY,
      client_id text NOT NULL REFERENCES client(id),
      created_by uuid NOT NULL REFERENCES app_user(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      accepted integer NOT NULL,
      rejected integer NOT NULL
    )`);
    await q.query(`ALTER TABLE candidate_request
      ADD COLUMN batch_id uuid REFERENCES candidate_request_batch(id),
      ADD COLUMN batch_index integer`);
    await q.query(
      `CREATE INDEX candidate_request_batch_idx ON candidate_request (batch_id, batch_index) WHERE batch_id IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE candidate_request DROP COLUMN batch_index, DROP COLUMN batch_id`);
    await q.query(`DROP TABLE candidate_request_batch`);
  }
}
