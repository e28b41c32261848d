import { MigrationInterface, QueryRunner } from 'typeorm';
import { RETENTION_DEFAULTS } from '@app/domain';

/**
 * Retention of personal data (docs/privacy.md, "Retention: blocking, then suppression"):
 * - each client's settings (`retention_active_days`, `retention_blocked_days`);
 * - when a candidate request or a legal-records search was blocked and suppressed;
 * - the partial indexes that keep the processor's sweep cheap while nothing is due: the blocking
 *   candidates are the unblocked rows created before a client's cut-off (a request's last finish is
 *   never before its creation), the suppression candidates the blocked rows not yet suppressed;
 * - `event (subject)`: the eraser finds a request's events without reading the whole log;
 * - a suppressed candidate keeps no nationality either;
 * - the searches list's tally counts unblocked searches only (a blocked search leaves the list).
 */
export class Retention1764980000000 implements MigrationInterface {
  name = 'Retention1764980000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE client
      ADD COLUMN retention_active_days int NOT NULL DEFAULT ${RETENTION_DEFAULTS.activeDays},
      ADD COLUMN retention_blocked_days int NOT NULL DEFAULT ${RETENTION_DEFAULTS.blockedDays}`);
    await q.query(
      `ALTER TABLE candidate_request ADD COLUMN blocked_at timestamptz, ADD COLUMN suppressed_at timestamptz`,
    );
    await q.query(
      `ALTER TABLE legal_search ADD COLUMN blocked_at timestamptz, ADD COLUMN suppressed_at timestamptz`,
    );
    await q.query(`ALTER TABLE candidate ALTER COLUMN nationality DROP NOT NULL`);

    await q.query(
      `CREATE INDEX candidate_request_unblocked_idx ON candidate_request (client_id, created_at, id) WHERE blocked_at IS NULL`,
    );
    await q.query(`CREATE INDEX candidate_request_blocked_idx ON candidate_request (client_id, blocked_at)
      WHERE blocked_at IS NOT NULL AND suppressed_at IS NULL`);
    await q.query(
      `CREATE INDEX legal_search_unblocked_idx ON legal_search (client_id, created_at) WHERE blocked_at IS NULL`,
    );
    await q.query(`CREATE INDEX legal_search_blocked_idx ON legal_search (client_id, blocked_at)
      WHERE blocked_at IS NOT NULL AND suppressed_at IS NULL`);
    await q.query(`CREATE INDEX event_subject_idx ON event (subject)`);

    // The tally counts what the list shows: a search leaves it when it is blocked.
    await q.query(`CREATE OR REPLACE FUNCTION legal_search_tally_apply() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.blocked_at IS NULL THEN
          UPDATE legal_search_tally SET searches = searches - 1
           WHERE client_id = OLD.client_id AND day = (OLD.created_at AT TIME ZONE 'UTC')::date
             AND shard = abs(hashtext(OLD.id::text)) % 8;
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.blocked_at IS NULL THEN
          INSERT INTO legal_search_tally (client_id, day, shard, searches)
          VALUES (NEW.client_id, (NEW.created_at AT TIME ZONE 'UTC')::date, abs(hashtext(NEW.id::text)) % 8, 1)
          ON CONFLICT (client_id, day, shard) DO UPDATE SET searches = legal_search_tally.searches + 1;
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`DROP TRIGGER legal_search_tally_trigger ON legal_search`);
    await q.query(`CREATE TRIGGER legal_search_tally_trigger
      AFTER INSERT OR DELETE OR UPDATE OF id, client_id, created_at, blocked_at ON legal_search
      FOR EACH ROW EXECUTE FUNCTION legal_search_tally_apply()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER legal_search_tally_trigger ON legal_search`);
    await q.query(`CREATE OR REPLACE FUNCTION legal_search_tally_apply() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP IN ('UPDATE', 'DELETE') THEN
          UPDATE legal_search_tally SET searches = searches - 1
           WHERE client_id = OLD.client_id AND day = (OLD.created_at AT TIME ZONE 'UTC')::date
             AND shard = abs(hashtext(OLD.id::text)) % 8;
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') THEN
          INSERT INTO legal_search_tally (client_id, day, shard, searches)
          VALUES (NEW.client_id, (NEW.created_at AT TIME ZONE 'UTC')::date, abs(hashtext(NEW.id::text)) % 8, 1)
          ON CONFLICT (client_id, day, shard) DO UPDATE SET searches = legal_search_tally.searches + 1;
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`CREATE TRIGGER legal_search_tally_trigger
      AFTER INSERT OR DELETE OR UPDATE OF id, client_id, created_at ON legal_search
      FOR EACH ROW EXECUTE FUNCTION legal_search_tally_apply()`);
    // Blocked searches count again.
    await q.query(`DELETE FROM legal_search_tally`);
    await q.query(`INSERT INTO legal_search_tally (client_id, day, shard, searches)
      SELECT client_id, (created_at AT TIME ZONE 'UTC')::date, abs(hashtext(id::text)) % 8, count(*)
        FROM legal_search GROUP BY 1, 2, 3`);
    await q.query(`DROP INDEX event_subject_idx`);
    await q.query(`DROP INDEX legal_search_blocked_idx`);
    await q.query(`DROP INDEX legal_search_unblocked_idx`);
    await q.query(`DROP INDEX candidate_request_blocked_idx`);
    await q.query(`DROP INDEX candidate_request_unblocked_idx`);
    await q.query(`UPDATE candidate SET nationality = 'MX' WHERE nationality IS NULL`);
    await q.query(`ALTER TABLE candidate ALTER COLUMN nationality SET NOT NULL`);
    await q.query(`ALTER TABLE legal_search DROP COLUMN blocked_at, DROP COLUMN suppressed_at`);
    await q.query(`ALTER TABLE candidate_request DROP COLUMN blocked_at, DROP COLUMN suppressed_at`);
    await q.query(`ALTER TABLE client DROP COLUMN retention_active_days, DROP COLUMN retention_blocked_days`);
  }
}
