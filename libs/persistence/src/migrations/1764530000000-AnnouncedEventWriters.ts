import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Events may only be written by sessions that announced themselves as event writers (see
 * event-horizon.ts): the log's readers wait for those sessions' transactions alone, so an event
 * from any other session could commit behind a reader's cursor. A statement trigger refuses it.
 */
export class AnnouncedEventWriters1764530000000 implements MigrationInterface {
  name = 'AnnouncedEventWriters1764530000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE FUNCTION event_writer_announced() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF current_setting('event_log.writer', true) IS DISTINCT FROM 'on' THEN
          RAISE EXCEPTION 'events may only be written by a session announced as an event writer'
            USING HINT = 'Run ANNOUNCE_EVENT_WRITER (libs/persistence event-horizon.ts) when the connection opens.';
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`CREATE TRIGGER event_writer_announced BEFORE INSERT ON event
      FOR EACH STATEMENT EXECUTE FUNCTION event_writer_announced()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER event_writer_announced ON event`);
    await q.query(`DROP FUNCTION event_writer_announced()`);
  }
}
