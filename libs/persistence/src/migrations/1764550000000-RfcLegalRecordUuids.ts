import { MigrationInterface, QueryRunner } from 'typeorm';
import { rfcUuidOfUuidSql } from '../legal-corpus/record-uuids';

const rekey = rfcUuidOfUuidSql;

/**
 * CONTRACT 13 (issue 23): legal-record uuids are RFC 9562 UUIDs. Corpora generated before were md5
 * digests cast to uuid, without version or variant bits (seven in eight fail a uuid check). Every
 * person uuid and lawsuit id becomes the version 8 UUID of the same digits (`rfcUuidFromHexSql`:
 * version digit 8, variant 10xx, the other 122 bits kept), which is what the generator now makes for
 * the same seed, and everything that cites one follows it:
 * - the corpus: persons, lawsuits (ids, their person, and the synthesis URL that carries the id);
 * - stored searches: the matches of every set (in their stored order), unlocked records, the
 *   billing ledger, `legal_record.unlocked` events and replayable search answers (idempotency keys).
 * The loads recorded as generator 2 are now generator 3's output (the benchmark may reuse them).
 *
 * Keys and indexes are dropped and rebuilt around the rewrite, as a load does: cheaper than
 * maintaining them row by row. The old row versions are left to (auto)vacuum.
 */
export class RfcLegalRecordUuids1764550000000 implements MigrationInterface {
  name = 'RfcLegalRecordUuids1764550000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE legal_lawsuit DROP CONSTRAINT IF EXISTS legal_lawsuit_person_uuid_fkey,
                                             DROP CONSTRAINT IF EXISTS legal_lawsuit_pkey`);
    await q.query(`ALTER TABLE legal_person DROP CONSTRAINT IF EXISTS legal_person_pkey`);
    await q.query(`DROP INDEX IF EXISTS legal_person_search_keys_idx`);
    await q.query(`DROP INDEX IF EXISTS legal_lawsuit_person_idx`);

    await q.query(`UPDATE legal_person SET uuid = ${rekey('uuid')}`);
    await q.query(
      `UPDATE legal_lawsuit SET id = ${rekey('id')}, person_uuid = ${rekey('person_uuid')},
              synthesis_url = replace(synthesis_url, id::text, (${rekey('id')})::text)`,
    );

    await q.query(`ALTER TABLE legal_person ADD CONSTRAINT legal_person_pkey PRIMARY KEY (uuid)`);
    await q.query(`CREATE INDEX legal_person_search_keys_idx ON legal_person USING gin (search_keys)`);
    await q.query(`ALTER TABLE legal_lawsuit ADD CONSTRAINT legal_lawsuit_pkey PRIMARY KEY (id)`);
    await q.query(
      `CREATE INDEX legal_lawsuit_person_idx ON legal_lawsuit (person_uuid, agreement_date DESC, id)`,
    );
    await q.query(`ALTER TABLE legal_lawsuit ADD CONSTRAINT legal_lawsuit_person_uuid_fkey
                     FOREIGN KEY (person_uuid) REFERENCES legal_person(uuid) ON DELETE CASCADE`);

    // Stored matches keep their order: a stored search answers what it answered.
    await q.query(
      `UPDATE legal_match_set SET uuids = ARRAY(
         SELECT ${rekey('u')} FROM unnest(uuids) WITH ORDINALITY AS t(u, ord) ORDER BY ord)`,
    );
    await q.query(`UPDATE legal_unlock SET person_uuid = ${rekey('person_uuid')}`);
    await q.query(
      `UPDATE billing_charge SET person_uuid = ${rekey('person_uuid')} WHERE person_uuid IS NOT NULL`,
    );
    await q.query(
      `UPDATE event SET data = jsonb_set(data, '{uuid}', to_jsonb((${rekey(`data->>'uuid'`)})::text))
        WHERE type = 'legal_record.unlocked' AND data ? 'uuid'`,
    );
    await this.rekeyReplayableAnswers(q);
    await q.query(`UPDATE legal_corpus_load SET generator = 3 WHERE generator = 2`);
  }

  /**
   * A replayed Idempotency-Key answers the stored text byte for byte, so the record uuids inside it
   * (`"uuid":"..."`, only records carry that key) are rewritten in the text: the version digit
   * becomes 8 and the variant digit 8, 9, a or b by its two low bits, as `rfcUuidFromHexSql` does.
   */
  private async rekeyReplayableAnswers(q: QueryRunner): Promise<void> {
    const prefix = `("uuid":"[0-9a-f]{8}-[0-9a-f]{4}-)[0-9a-f]([0-9a-f]{3}-)`;
    let body = `response_body::text`;
    for (const [digits, variant] of [
      ['048c', '8'],
      ['159d', '9'],
      ['26ae', 'a'],
      ['37bf', 'b'],
    ])
      body = `regexp_replace(${body}, '${prefix}[${digits}]', '\\18\\2${variant}', 'g')`;
    await q.query(
      `UPDATE idempotency_record SET response_body = (${body})::json
        WHERE operation = 'createLegalSearch' AND response_body IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    // The version and variant bits replaced digits of the digests that are gone: the uuids stay.
    // The loads are no longer what generator 2 made, nor are they known to be generator 3's.
    await q.query(`UPDATE legal_corpus_load SET generator = NULL WHERE generator = 3`);
  }
}
