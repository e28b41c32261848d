import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the publishers' real files demand of the stored versions (docs/watch-lists.md):
 * - `watch_list_version.as_of` is the files' own date, or none: OFAC's CSV, the FtM exports and
 *   the article 69 files carry no date, and a version of them was dated with its import day, which
 *   summaries and reports then showed as the publisher's. Those versions lose that date (the import
 *   day stays in `imported_at`); a refusal records no date either.
 * - `watch_list_entry.deceased`: a PEP whose FtM record gives a `deathDate` is still screened, and
 *   every match says the person died.
 */
export class WatchListRealFiles1764950000000 implements MigrationInterface {
  name = 'WatchListRealFiles1764950000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE watch_list_version ALTER COLUMN as_of DROP NOT NULL`);
    await q.query(
      `UPDATE watch_list_version SET as_of = NULL WHERE source IN ('sat-69', 'ofac-sdn', 'peps') OR status = 'refused'`,
    );
    await q.query(`ALTER TABLE watch_list_entry ADD COLUMN deceased boolean NOT NULL DEFAULT false`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE watch_list_entry DROP COLUMN deceased`);
    await q.query(
      `UPDATE watch_list_version SET as_of = (imported_at AT TIME ZONE 'UTC')::date WHERE as_of IS NULL`,
    );
    await q.query(`ALTER TABLE watch_list_version ALTER COLUMN as_of SET NOT NULL`);
  }
}
