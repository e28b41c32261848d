import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A lawsuit's id is its publisher's own identifier (`EXP-1234/2026-J3C`, 1 to 128 visible
 * characters), no longer a UUID (docs/behaviour.md, "Legal-records search"): the lawsuit tables and the
 * ingests' record of the lawsuits they touched keep it as text. The UUIDs already stored become
 * their lower-case text, which is how the API has always written them, so every stored search,
 * record detail and monitor alert reads as before. `COLLATE "C"` orders them byte by byte, the
 * order a UUID's text had (a lawsuit's ties on its agreement date are broken by id).
 * A person's uuid stays a UUID.
 */
export class PublisherLawsuitIds1764930000000 implements MigrationInterface {
  name = 'PublisherLawsuitIds1764930000000';

  async up(q: QueryRunner): Promise<void> {
    for (const table of ['legal_lawsuit', 'legal_lawsuit_history'])
      await q.query(`ALTER TABLE ${table} ALTER COLUMN id TYPE text COLLATE "C" USING id::text`);
    await q.query(`ALTER TABLE legal_corpus_ingest_person
      ALTER COLUMN lawsuits_added TYPE text[] COLLATE "C" USING lawsuits_added::text[],
      ALTER COLUMN lawsuits_replaced TYPE text[] COLLATE "C" USING lawsuits_replaced::text[],
      ALTER COLUMN lawsuits_removed TYPE text[] COLLATE "C" USING lawsuits_removed::text[]`);
  }

  async down(q: QueryRunner): Promise<void> {
    // Ids that are not UUIDs cannot go back: refuse rather than lose them.
    const [{ n }]: Array<{ n: number }> = await q.query(
      `SELECT count(*)::int AS n FROM (SELECT id FROM legal_lawsuit UNION ALL SELECT id FROM legal_lawsuit_history) l
        WHERE id !~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'`,
    );
    if (n > 0)
      throw new Error(`${n} lawsuits have ids that are not UUIDs; they cannot be stored as uuid again`);
    await q.query(`ALTER TABLE legal_corpus_ingest_person
      ALTER COLUMN lawsuits_added TYPE uuid[] USING lawsuits_added::uuid[],
      ALTER COLUMN lawsuits_replaced TYPE uuid[] USING lawsuits_replaced::uuid[],
      ALTER COLUMN lawsuits_removed TYPE uuid[] USING lawsuits_removed::uuid[]`);
    for (const table of ['legal_lawsuit_history', 'legal_lawsuit'])
      await q.query(`ALTER TABLE ${table} ALTER COLUMN id TYPE uuid USING id::uuid`);
  }
}
