import { ALERTS_PER_PART } from '@app/domain';
import { countRows, withDb } from './support/helpers';
import { uniqueWord } from './support/legal-corpus';
import { compared, importSdn } from './support/sdn-versions';

/**
 * A burst of alerts (docs/monitoring.md) is raised in parts, each committed on its own with its events, no
 * faster than the part before the previous one's webhooks left: here 2,100 monitors of one client,
 * all namesakes of the entry a version adds, against the real PostgreSQL and processor. The monitors
 * are written straight into the tables (as many as the bench's million are) for a client of their
 * own, so no other test's counts see them, and are stopped afterwards.
 */

jest.setTimeout(180_000);

const CLIENT = `parts-${uniqueWord('c').toLowerCase()}`;
const MONITORS = 2 * ALERTS_PER_PART + 100;
const GIVEN = 'Aurelio';
const PATERNAL = uniqueWord('Parte');
const MATERNAL = uniqueWord('Ruiz');

beforeAll(async () => {
  await withDb(async (db) => {
    const [{ id: userId }] = (await db.query(`SELECT id FROM app_user WHERE email = 'demo@acme.test'`)).rows;
    await db.query('BEGIN');
    await db.query(`INSERT INTO client (id, name) VALUES ($1, 'Alert parts e2e')`, [CLIENT]);
    await db.query(
      `INSERT INTO candidate_request (id, client_id, package_id, created_by, person_type, status)
       SELECT md5($1 || '-request-' || g)::uuid, $1, 'PKG-ACME-BASIC', $2, 'individual', 'Completed'
         FROM generate_series(1, $3::int) g`,
      [CLIENT, userId, MONITORS],
    );
    await db.query(
      `INSERT INTO candidate (id, request_id, person_type, name, last_name, second_last_name, birth_date, nationality)
       SELECT md5($1 || '-candidate-' || g)::uuid, md5($1 || '-request-' || g)::uuid, 'individual',
              $3, $4, $5, date '1981-03-09', 'MX'
         FROM generate_series(1, $2::int) g`,
      [CLIENT, MONITORS, GIVEN, PATERNAL, MATERNAL],
    );
    await db.query(
      `INSERT INTO monitor (id, client_id, request_id, created_by, sources, status, expires_at)
       SELECT md5($1 || '-monitor-' || g)::uuid, $1, md5($1 || '-request-' || g)::uuid, $2,
              ARRAY['ofac-sdn'], 'active', now() + interval '1 year'
         FROM generate_series(1, $3::int) g`,
      [CLIENT, userId, MONITORS],
    );
    await db.query('COMMIT');
  });
});

afterAll(() =>
  withDb((db) => db.query(`UPDATE monitor SET status = 'stopped' WHERE client_id = $1`, [CLIENT])),
);

it('raises a burst in parts of its own transactions: every alert once, with one event each, all counted', async () => {
  const activation = await importSdn(
    `990077,"${PATERNAL.toUpperCase()} ${MATERNAL.toUpperCase()}, ${GIVEN}","individual","SDNTK",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"DOB 09 Mar 1981; nationality Mexico."`,
  );
  await compared(activation);

  const alerts = await countRows(
    `SELECT count(DISTINCT monitor_id)::int AS n FROM monitor_alert
      WHERE client_id = $1 AND kind = 'new_match' AND entry_id = '990077'`,
    [CLIENT],
  );
  expect(alerts).toBe(MONITORS);
  expect(await countRows(`SELECT count(*)::int AS n FROM monitor_alert WHERE client_id = $1`, [CLIENT])).toBe(
    MONITORS,
  );
  // The activation counted the parts' alerts as they committed.
  expect(await countRows(`SELECT alerts AS n FROM monitor_activation WHERE id = $1`, [activation])).toBe(
    MONITORS,
  );

  // One event per alert, each part's in the transaction that committed the part.
  const events = await withDb(
    async (db) =>
      (
        await db.query(
          `SELECT count(*)::int AS events, count(DISTINCT data->>'alertId')::int AS alerts,
                  count(DISTINCT tx_id::text)::int AS transactions
             FROM event WHERE client_id = $1 AND type = 'monitor.alert_raised'`,
          [CLIENT],
        )
      ).rows[0],
  );
  expect(events).toEqual({
    events: MONITORS,
    alerts: MONITORS,
    transactions: Math.ceil(MONITORS / ALERTS_PER_PART),
  });
});
