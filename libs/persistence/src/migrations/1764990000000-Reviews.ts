import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Reviews of findings and the candidate's disputes (docs/reviews.md):
 * - `finding_review`: every decision on a finding, in the order made (`seq`): a list match or a
 *   BGC Legal person of a process, or a monitor alert (`alert_id`); `entry_state` is the entry as
 *   it was then, which dismissal memory compares a re-run's entry with; `process_generation` the
 *   process's run the decision was made on (a run again shows its findings to review again);
 * - `finding_dispute`: the candidate's disputes, open until a later review of the finding;
 * - `request_process.review`: the process's review as the overview and detail show it (null for a
 *   process without findings), written with the process's outcome and again on every decision, so
 *   polling the overview reads it from the row it already reads;
 * - `candidate_request.confirmed_alert_result`: the most severe result of its confirmed alerts.
 */
export class Reviews1764990000000 implements MigrationInterface {
  name = 'Reviews1764990000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE finding_review (
      id uuid PRIMARY KEY,
      seq bigint GENERATED ALWAYS AS IDENTITY,
      client_id text NOT NULL REFERENCES client(id),
      request_id uuid NOT NULL REFERENCES candidate_request(id),
      process_id uuid REFERENCES request_process(id),
      process_generation smallint,
      alert_id uuid REFERENCES monitor_alert(id),
      source text NOT NULL,
      entry_id text NOT NULL,
      entry_state text,
      decision text NOT NULL CHECK (decision IN ('confirmed', 'dismissed')),
      reason text,
      reviewer_id uuid NOT NULL,
      reviewer_email text,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      CHECK ((process_id IS NULL) <> (alert_id IS NULL))
    )`);
    await q.query(`CREATE INDEX finding_review_request_idx ON finding_review (request_id, seq)`);
    await q.query(`CREATE TABLE finding_dispute (
      id uuid PRIMARY KEY,
      seq bigint GENERATED ALWAYS AS IDENTITY,
      client_id text NOT NULL REFERENCES client(id),
      request_id uuid NOT NULL REFERENCES candidate_request(id),
      process_id uuid NOT NULL REFERENCES request_process(id),
      source text NOT NULL,
      entry_id text NOT NULL,
      statement text,
      created_by uuid NOT NULL,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp()
    )`);
    await q.query(`CREATE INDEX finding_dispute_request_idx ON finding_dispute (request_id, seq)`);
    await q.query(`ALTER TABLE request_process ADD COLUMN review jsonb`);
    await q.query(`ALTER TABLE candidate_request ADD COLUMN confirmed_alert_result text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE candidate_request DROP COLUMN confirmed_alert_result`);
    await q.query(`ALTER TABLE request_process DROP COLUMN review`);
    await q.query(`DROP TABLE finding_dispute`);
    await q.query(`DROP TABLE finding_review`);
  }
}
