import { chargeableMonths, monthIn, mostSevere, shownMatchResult } from '@app/domain';
import {
  api,
  countRows,
  eventually,
  killProcessor,
  restartProcessor,
  signedIn,
  untilCount,
  withDb,
} from './support/helpers';
import { ingestFile, lawsuit, person, runIngest, uniqueWord } from './support/legal-corpus';
import { candidate, register } from './support/screening';
import { compared, importSdn, latestActivation } from './support/sdn-versions';

/**
 * docs/monitoring.md end to end: monitors over real OFAC SDN versions imported with the CLI (an added
 * namesake, an unrelated change, a dismissal, a program change, a removal), counted in alerts,
 * events and charges; a legal-records ingest; a processor killed around an activation; expiry.
 */

// Each step imports a version with the CLI and waits for the processor: slow on a loaded machine.
jest.setTimeout(180_000);

const acme = signedIn('demo@acme.test');
const globex = signedIn('ops@globex.test');

// The monitored candidate: a name no demo entry has, the namesake the versions add.
const GIVEN = 'Aurelio';
const PATERNAL = uniqueWord('Quin');
const MATERNAL = uniqueWord('Vasq');
const NAMESAKE = (program: string) =>
  `990002,"${PATERNAL.toUpperCase()} ${MATERNAL.toUpperCase()}, ${GIVEN}","individual","${program}",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"DOB 17 May 1990; nationality Mexico; Gender Male."`;
const UNRELATED = (given: string) =>
  `990001,"PEREZ SOTO, ${given}","individual","SDNTK",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"DOB 01 Jan 1960; nationality Mexico."`;
const SECOND_NAMESAKE = `990003,"${PATERNAL.toUpperCase()} ${MATERNAL.toUpperCase()}, ${GIVEN}","individual","SDGT",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"DOB 17 May 1990; nationality Mexico."`;

async function alertsOf(monitorId: string, query: Record<string, string> = {}) {
  return (await api().get(`/monitors/${monitorId}/alerts`).query(query).set(acme.auth).expect(200)).body;
}

const eventsOf = (requestUuid: string) =>
  countRows(
    `SELECT count(*)::int AS n FROM event WHERE type = 'monitor.alert_raised' AND data->>'candidateRequestUuid' = $1`,
    [requestUuid],
  );

let requestUuid: string;
let monitorId: string;

beforeAll(async () => {
  requestUuid = await register(
    acme,
    candidate({ name: GIVEN, lastName: PATERNAL, secondLastName: MATERNAL }),
  );
  // The previous version the first delta compares with: the demo files plus an unrelated entry.
  await compared(await importSdn(UNRELATED('Ramiro')));
}, 180_000);

describe('POST /monitors', () => {
  it('watches the lists of the request and legal records (BGC Legal), charged for its first month', async () => {
    const before = Date.now();
    const response = await api()
      .post('/monitors')
      .set(acme.auth)
      .send({ candidateRequestUuid: requestUuid })
      .expect(201);
    monitorId = response.body.id;
    expect(response.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      candidateRequestUuid: requestUuid,
      sources: ['sat-69b', 'sat-69', 'ofac-sdn', 'un-consolidated', 'peps', 'legal-records'],
      status: 'active',
      createdAt: expect.any(Number),
      expiresAt: expect.any(Number),
    });
    expect(response.body.expiresAt - response.body.createdAt).toBe(365 * 86_400_000);
    expect(response.body.createdAt).toBeGreaterThanOrEqual(before - 5_000);
    expect(
      await countRows(
        `SELECT count(*)::int AS n FROM billing_charge WHERE kind = 'MONITOR_MONTH' AND monitor_id = $1`,
        [monitorId],
      ),
    ).toBe(1);
    await api().get(`/monitors/${monitorId}`).set(acme.auth).expect(200);
  });

  it('answers 409 for a second active monitor of the request, 404 for an unknown or foreign request, 400 for a bad body', async () => {
    const conflict = await api()
      .post('/monitors')
      .set(acme.auth)
      .send({ candidateRequestUuid: requestUuid })
      .expect(409);
    expect(conflict.body).toEqual({
      code: 409,
      message: expect.stringContaining('already has an active monitor'),
    });
    await api()
      .post('/monitors')
      .set(acme.auth)
      .send({ candidateRequestUuid: '00000000-0000-4000-8000-000000000000' })
      .expect(404);
    await api().post('/monitors').set(globex.auth).send({ candidateRequestUuid: requestUuid }).expect(404);
    await api().get(`/monitors/${monitorId}`).set(globex.auth).expect(404);
    const bad = await api()
      .post('/monitors')
      .set(acme.auth)
      .send({ candidateRequestUuid: 'x', expiresAt: 1 })
      .expect(400);
    expect(bad.body.code).toBe(400);
  });
});

describe('successive OFAC SDN versions', () => {
  let firstAlertId: string;

  it('an added namesake raises one new_match, with its event', async () => {
    await compared(await importSdn(UNRELATED('Ramiro'), NAMESAKE('SDNTK')));
    const alerts = await alertsOf(monitorId);
    expect(alerts.total).toBe(1);
    expect(alerts.data[0]).toEqual({
      id: expect.any(String),
      monitorId,
      candidateRequestUuid: requestUuid,
      source: 'ofac-sdn',
      version: expect.any(Number),
      entryId: '990002',
      kind: 'new_match',
      match: {
        score: expect.any(Number),
        decision: expect.stringMatching(/^(match|possible_match)$/),
        features: expect.arrayContaining([
          { feature: 'name_exact', effect: expect.any(Number), label: 'Nombre idéntico' },
        ]),
        listedName: `${PATERNAL.toUpperCase()} ${MATERNAL.toUpperCase()}, ${GIVEN}`,
        listStatus: 'SDNTK',
        // The candidate (the basic registration under another name) beside the entry, field by field.
        comparison: [
          { field: 'givenNames', candidate: GIVEN, listed: GIVEN, same: true },
          { field: 'paternalSurname', candidate: PATERNAL, listed: PATERNAL.toUpperCase(), same: true },
          { field: 'maternalSurname', candidate: MATERNAL, listed: MATERNAL.toUpperCase(), same: true },
          { field: 'birthDate', candidate: '1990-05-17', listed: '1990-05-17', same: true },
          { field: 'rfc', candidate: 'HELJ900517AB1', listed: null, same: null },
          { field: 'curp', candidate: 'HELJ900517HDFRPN09', listed: null, same: null },
          { field: 'nationality', candidate: 'MX', listed: expect.any(String), same: true },
        ],
      },
      status: 'open',
      createdAt: expect.any(Number),
      reviewedAt: null,
      reviewedBy: null,
      note: null,
    });
    firstAlertId = alerts.data[0].id;
    expect(await eventsOf(requestUuid)).toBe(1);
    const event = await withDb(
      async (db) =>
        (
          await db.query(
            `SELECT data FROM event WHERE type = 'monitor.alert_raised' AND data->>'alertId' = $1`,
            [firstAlertId],
          )
        ).rows[0].data,
    );
    expect(event).toEqual({
      monitorId,
      alertId: firstAlertId,
      candidateRequestUuid: requestUuid,
      source: 'ofac-sdn',
      kind: 'new_match',
    });
    const view = await api().get(`/candidate-requests/${requestUuid}`).set(acme.auth).expect(200);
    expect(view.body.data.openMonitorAlerts).toBe(1);
  });

  it('the same activation processed again (a retry) raises nothing new', async () => {
    const activation = await latestActivation();
    await withDb((db) =>
      db.query(`UPDATE monitor_activation SET done_at = NULL WHERE id = $1`, [activation]),
    );
    await compared(activation);
    expect((await alertsOf(monitorId)).total).toBe(1);
    expect(await eventsOf(requestUuid)).toBe(1);
  });

  it('an unrelated change raises nothing', async () => {
    const activation = await importSdn(UNRELATED('Rodrigo'), NAMESAKE('SDNTK'));
    await compared(activation);
    expect(await countRows(`SELECT changed AS n FROM monitor_activation WHERE id = $1`, [activation])).toBe(
      1,
    );
    expect((await alertsOf(monitorId)).total).toBe(1);
  });

  it('a review records who and why', async () => {
    const reviewed = await api()
      .patch(`/monitor-alerts/${firstAlertId}`)
      .set(acme.auth)
      .send({ status: 'dismissed', note: 'Namesake: another birth place.' })
      .expect(200);
    expect(reviewed.body).toMatchObject({
      id: firstAlertId,
      status: 'dismissed',
      note: 'Namesake: another birth place.',
      reviewedBy: expect.any(String),
      reviewedAt: expect.any(Number),
    });
    await api().patch(`/monitor-alerts/${firstAlertId}`).set(acme.auth).send({ status: 'open' }).expect(400);
    await api()
      .patch(`/monitor-alerts/${firstAlertId}`)
      .set(globex.auth)
      .send({ status: 'confirmed' })
      .expect(404);
    const view = await api().get(`/candidate-requests/${requestUuid}`).set(acme.auth).expect(200);
    expect(view.body.data.openMonitorAlerts).toBe(0);
  });

  it('a program change of the matched entry raises status_changed', async () => {
    await compared(await importSdn(UNRELATED('Rodrigo'), NAMESAKE('SDNTK] [SDGT')));
    const alerts = await alertsOf(monitorId, { status: 'open' });
    expect(
      alerts.data.map((a: { kind: string; match: { listStatus: string } }) => [a.kind, a.match.listStatus]),
    ).toEqual([['status_changed', 'SDNTK; SDGT']]);
  });

  it("confirming it raises the request's reviewedResult to the alert's severity at least, with its event", async () => {
    const [changed] = (await alertsOf(monitorId, { status: 'open' })).data;
    await api()
      .patch(`/monitor-alerts/${changed.id}`)
      .set(acme.auth)
      .send({ status: 'confirmed' })
      .expect(200);
    const view = (await api().get(`/candidate-requests/${requestUuid}`).set(acme.auth).expect(200)).body.data;
    // The matching rule's result for the alert's match alone (an OFAC match is Riesgo Alto).
    const alertResult = shownMatchResult({ source: changed.source, ...changed.match });
    expect(view.reviewedResult).toBe(
      view.result === 'Pendiente' ? 'Pendiente' : mostSevere([view.result, alertResult]),
    );
    if (view.reviewedResult !== view.result)
      expect(
        await countRows(
          `SELECT count(*)::int AS n FROM event WHERE type = 'candidate_request.review_changed' AND data->>'uuid' = $1 AND data->>'reviewedResult' = $2`,
          [requestUuid, view.reviewedResult],
        ),
      ).toBe(1);
  });

  it('a removal raises removed', async () => {
    await compared(await importSdn(UNRELATED('Rodrigo')));
    const alerts = await alertsOf(monitorId);
    expect(alerts.data.map((a: { kind: string }) => a.kind)).toEqual([
      'removed',
      'status_changed',
      'new_match',
    ]);
  });

  it('the dismissed entry back in the same state is not raised again', async () => {
    await compared(await importSdn(UNRELATED('Rodrigo'), NAMESAKE('SDNTK')));
    const alerts = await alertsOf(monitorId);
    expect(alerts.total).toBe(3);
    expect(await eventsOf(requestUuid)).toBe(3);
    expect(
      await countRows(
        `SELECT count(*)::int AS n FROM billing_charge WHERE kind = 'MONITOR_MONTH' AND monitor_id = $1`,
        [monitorId],
      ),
    ).toBe(1);
  });

  it('a processor killed around an activation still ends with the alert exactly once', async () => {
    await killProcessor({ restart: false });
    const activation = await importSdn(UNRELATED('Rodrigo'), NAMESAKE('SDNTK'), SECOND_NAMESAKE);
    // A new processor, killed again as soon as it runs (before, during or after its comparison:
    // any of them must end the same), then another one.
    restartProcessor();
    await killProcessor();
    await compared(activation);
    const second = (await alertsOf(monitorId)).data.filter(
      (a: { entryId: string }) => a.entryId === '990003',
    );
    expect(second.map((a: { kind: string }) => a.kind)).toEqual(['new_match']);
    expect(await eventsOf(requestUuid)).toBe(4);
  });
});

describe('legal records', () => {
  it('an ingest adding a person the BGC Legal query finds raises a legal-records new_match; a new lawsuit another', async () => {
    const found = person({
      givenNames: `${GIVEN} Ignacio`,
      paternalSurname: PATERNAL,
      maternalSurname: MATERNAL,
    });
    const other = person({
      givenNames: GIVEN,
      paternalSurname: uniqueWord('Otro'),
      maternalSurname: MATERNAL,
    });
    const first = await runIngest(
      ingestFile([found, lawsuit(found.uuid as string), other, lawsuit(other.uuid as string)]),
    );
    expect(first.code).toBe(0);
    const legal = async () =>
      (await alertsOf(monitorId)).data.filter((a: { source: string }) => a.source === 'legal-records');
    const [alert] = await eventually(async () => {
      const alerts = await legal();
      return alerts.length === 1 ? alerts : undefined;
    }, 60_000);
    expect(alert).toMatchObject({
      kind: 'new_match',
      entryId: found.uuid,
      status: 'open',
      source: 'legal-records',
      match: {
        features: [{ feature: 'name_exact', effect: 1, label: 'Nombre idéntico' }],
        comparison: [
          { field: 'givenNames', candidate: GIVEN, same: false }, // the person has a second given name
          { field: 'paternalSurname', candidate: PATERNAL, same: true },
          { field: 'maternalSurname', candidate: MATERNAL, same: true },
          { field: 'birthDate', candidate: '1990-05-17', listed: null, same: null },
          { field: 'rfc', candidate: 'HELJ900517AB1', listed: null, same: null },
          { field: 'curp', candidate: 'HELJ900517HDFRPN09', listed: null, same: null },
          { field: 'nationality', candidate: 'MX', listed: null, same: null },
        ],
      },
    });
    expect(await runIngest(ingestFile([lawsuit(found.uuid as string)])).then((r) => r.code)).toBe(0);
    await eventually(async () => ((await legal()).length === 2 ? true : undefined), 60_000);
    await untilCount(
      `SELECT count(*)::int AS n FROM legal_corpus_ingest WHERE monitors_compared_at IS NULL`,
      [],
      {
        count: 0,
        timeoutMs: 60_000,
        what: 'every ingest compared with the monitors',
      },
    );
    expect((await legal()).length).toBe(2);
    expect(await eventsOf(requestUuid)).toBe(6);
  });
});

describe('lists, usage, stopping and expiry', () => {
  it('lists the alerts of every monitor, newest first, filtered and paged', async () => {
    const open = await api()
      .get('/monitor-alerts')
      .query({ status: 'open', limit: 2 })
      .set(acme.auth)
      .expect(200);
    expect(open.body).toMatchObject({ page: 1, limit: 2 });
    // At least five were open before one of them was confirmed above.
    expect(open.body.total).toBeGreaterThanOrEqual(4);
    expect(open.body.data).toHaveLength(2);
    const times = open.body.data.map((a: { createdAt: number }) => a.createdAt);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    await api().get('/monitor-alerts').query({ status: 'closed' }).set(acme.auth).expect(400);
    const foreign = await api().get('/monitor-alerts').set(globex.auth).expect(200);
    expect(foreign.body.data.filter((a: { monitorId: string }) => a.monitorId === monitorId)).toEqual([]);
  });

  it('counts monitor months in the usage statement (JSON and CSV)', async () => {
    const usage = await api().get('/usage').query({ groupBy: 'month' }).set(acme.auth).expect(200);
    expect(usage.body.totals.monitorMonths).toBeGreaterThanOrEqual(1);
    const csv = await api()
      .get('/usage')
      .query({ groupBy: 'month' })
      .set(acme.auth)
      .set('Accept', 'text/csv')
      .expect(200);
    expect(csv.text.split('\r\n')[0]).toBe('period,searches,recordUnlocks,watchListScreenings,monitorMonths');
  });

  it('DELETE stops the monitor (204), which lists as stopped and can be created again', async () => {
    await api().delete(`/monitors/${monitorId}`).set(globex.auth).expect(404);
    await api().delete(`/monitors/${monitorId}`).set(acme.auth).expect(204);
    expect((await api().get(`/monitors/${monitorId}`).set(acme.auth).expect(200)).body.status).toBe(
      'stopped',
    );
    const stopped = await api().get('/monitors').query({ status: 'stopped' }).set(acme.auth).expect(200);
    expect(stopped.body.data.map((m: { id: string }) => m.id)).toContain(monitorId);
    const again = await api()
      .post('/monitors')
      .set(acme.auth)
      .send({ candidateRequestUuid: requestUuid })
      .expect(201);
    await api().delete(`/monitors/${again.body.id}`).set(acme.auth).expect(204);
  });

  it('a monitor whose time is up expires by itself', async () => {
    const uuid = await register(acme, candidate());
    const created = await api()
      .post('/monitors')
      .set(acme.auth)
      .send({ candidateRequestUuid: uuid, expiresAt: Date.now() + 2_000 })
      .expect(201);
    await eventually(
      async () =>
        (await api().get(`/monitors/${created.body.id}`).set(acme.auth).expect(200)).body.status ===
          'expired' || undefined,
      30_000,
      'the monitor expired',
    );
  });
  it('months that began while no processor ran are charged once one runs again', async () => {
    const uuid = await register(acme, candidate());
    const created = (
      await api().post('/monitors').set(acme.auth).send({ candidateRequestUuid: uuid }).expect(201)
    ).body;
    await killProcessor({ restart: false });
    // As if created two months ago and charged then for its first month only: the months since
    // began while no processor ran.
    const TZ = 'America/Mexico_City'; // the stack's SERVICE_TIMEZONE (the default)
    const createdAt = Date.now() - 62 * 86_400_000;
    await withDb(async (db) => {
      await db.query(`UPDATE monitor SET created_at = to_timestamp($2::float8 / 1000) WHERE id = $1`, [
        created.id,
        createdAt,
      ]);
      await db.query(
        `UPDATE billing_charge SET period = $2 WHERE monitor_id = $1 AND kind = 'MONITOR_MONTH'`,
        [created.id, monthIn(TZ, createdAt)],
      );
    });
    restartProcessor();
    const months = chargeableMonths(
      { createdAt, endedAt: null, expiresAt: created.expiresAt },
      Date.now(),
      TZ,
    );
    expect(months.length).toBeGreaterThanOrEqual(3);
    const periods = () =>
      withDb(
        async (db) =>
          (
            await db.query(
              `SELECT period FROM billing_charge WHERE kind = 'MONITOR_MONTH' AND monitor_id = $1 ORDER BY period`,
              [created.id],
            )
          ).rows.map((r: { period: string }) => r.period) as string[],
      );
    await eventually(
      async () => (await periods()).length >= months.length || undefined,
      60_000,
      'the missed months charged',
    );
    expect(await periods()).toEqual(months);
  });
});
