import { MigrationInterface, QueryRunner } from 'typeorm';
import { searchNameKey } from '@app/domain';

const BACKFILL_BATCH = 5000;

/**
 * What `GET /risks/legal-records/searches` needs to stay fast for a client with a million stored
 * searches (measured on a synthetic table; see docs/search-list-explain.md):
 * - `name_key`: the three searched names normalized by the domain's normalizeName (the same
 *   function as the corpus), filled here for existing rows and by every insert;
 * - a trigram GIN index on (client_id, name_key) for the accent-insensitive substring filter;
 * - `legal_search_tally`: searches per client and UTC day, kept by a trigger in the writing
 *   transaction, so the list's `total` sums a few hundred rows instead of counting a million.
 *   Eight shards per day keep concurrent searches of one client off the same row.
 * The page itself walks the existing (client_id, created_at DESC) index. The usage statement
 * counts the billing ledger by client, time and kind: its index now carries `kind`, so the count
 * is an index-only scan.
 */
export class SearchListAndUsage1764300000000 implements MigrationInterface {
  name = 'SearchListAndUsage1764300000000';

  async up(q: QueryRunner): Promise<void> {
    // Both are trusted extensions (PostgreSQL 13+): the database owner may create them.
    await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await q.query(`CREATE EXTENSION IF NOT EXISTS btree_gin`);
    await q.query(`ALTER TABLE legal_search ADD COLUMN name_key text`);
    await this.backfillNameKeys(q);
    await q.query(`ALTER TABLE legal_search ALTER COLUMN name_key SET NOT NULL`);
    await q.query(
      `CREATE INDEX legal_search_name_key_idx ON legal_search USING gin (client_id, name_key gin_trgm_ops)`,
    );

    await q.query(`CREATE TABLE legal_search_tally (
      client_id text NOT NULL,
      day date NOT NULL,
      shard smallint NOT NULL,
      searches bigint NOT NULL,
      PRIMARY KEY (client_id, day, shard)
    )`);
    await q.query(`CREATE FUNCTION legal_search_tally_apply() RETURNS trigger LANGUAGE plpgsql AS $$
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
    await q.query(`INSERT INTO legal_search_tally (client_id, day, shard, searches)
      SELECT client_id, (created_at AT TIME ZONE 'UTC')::date, abs(hashtext(id::text)) % 8, count(*)
        FROM legal_search GROUP BY 1, 2, 3`);

    await q.query(
      `CREATE INDEX billing_charge_usage_idx ON billing_charge (client_id, charged_at) INCLUDE (kind)`,
    );
    await q.query(`DROP INDEX billing_charge_client_idx`);
  }

  /** Existing searches get their key from the same domain function as new ones, in id order. */
  private async backfillNameKeys(q: QueryRunner): Promise<void> {
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const rows: Array<{ id: string; search_query: Record<string, string> }> = await q.query(
        `SELECT id, search_query FROM legal_search WHERE id > $1 ORDER BY id LIMIT ${BACKFILL_BATCH}`,
        [after],
      );
      if (rows.length === 0) return;
      await q.query(
        `UPDATE legal_search s SET name_key = t.name_key
           FROM unnest($1::uuid[], $2::text[]) AS t(id, name_key) WHERE s.id = t.id`,
        [rows.map((r) => r.id), rows.map((r) => searchNameKey(r.search_query))],
      );
      after = rows[rows.length - 1].id;
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX billing_charge_client_idx ON billing_charge (client_id, charged_at)`);
    await q.query(`DROP INDEX billing_charge_usage_idx`);
    await q.query(`DROP TRIGGER legal_search_tally_trigger ON legal_search`);
    await q.query(`DROP FUNCTION legal_search_tally_apply()`);
    await q.query(`DROP TABLE legal_search_tally`);
    await q.query(`DROP INDEX legal_search_name_key_idx`);
    await q.query(`ALTER TABLE legal_search DROP COLUMN name_key`);
  }
}
