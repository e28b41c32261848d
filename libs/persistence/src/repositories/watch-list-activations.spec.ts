import { eventually, mediumDatabase } from '../medium/medium-database.fixture';
import { WatchListActivations } from './watch-list-activations';
import { WatchListRepository } from './watch-list.repository';

const db = mediumDatabase();

describe('WatchListActivations (medium)', () => {
  it('tells its owner when a version is activated (the NOTIFY sent at commit)', async () => {
    let told = 0;
    const activations = new WatchListActivations(db.url, () => {
      told += 1;
    });
    await activations.start();
    try {
      const facts = {
        source: 'peps' as const,
        asOf: null,
        sha256: 'sha-notify',
        files: ['peps.json'],
        rows: 0,
        entries: 0,
        redacted: 0,
        rejected: [],
      };
      const { sql } = await db.record(() =>
        new WatchListRepository(db.dataSource).activateVersion(facts, []),
      );
      await eventually(() => told === 1);
      expect(sql).toContain(`SELECT pg_notify($1::text, $2::text)`);
    } finally {
      await activations.stop();
    }
  });

  it('stop is final: a stopped listener does not start again', async () => {
    let told = 0;
    const activations = new WatchListActivations(db.url, () => {
      told += 1;
    });
    await activations.stop();
    await activations.start();
    await db.rows(`SELECT pg_notify('watch_list_activated', 'peps:9')`);
    const [{ listeners }] = await db.rows<{ listeners: number }>(
      `SELECT count(*)::int AS listeners FROM pg_stat_activity WHERE application_name = 'watch-list-listener' AND datname = $1`,
      [db.name],
    );
    expect(listeners).toBe(0);
    expect(told).toBe(0);
  });
});
