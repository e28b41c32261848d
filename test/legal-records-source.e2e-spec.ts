import { api, countRows, eventually, restartApi, Session, signIn } from './support/helpers';

const SEARCHES = '/risks/legal-records/searches';

/** The demo query of the most common name pair: the source has real work to do. */
function searchJuanHernandez(session: Session) {
  return api().post(SEARCHES).set(session.auth).send({ name: 'Juan', lastName: 'Hernández' });
}

afterAll(async () => {
  await restartApi({});
});

describe('the legal-records source port', () => {
  it('answers outcome FAILED when the source fails, billed like every creation (SPEC 2.5)', async () => {
    await restartApi({ LEGAL_SOURCE_FAILURE_RATE: '1' });
    const session = await signIn();
    const data = (await searchJuanHernandez(session).expect(200)).body.data;
    expect(data.outcome).toBe('FAILED');
    expect(data.meta.outcome).toBe('FAILED');
    expect(data.records).toEqual([]);
    expect(data.meta.charged).toBe(true);
    const ledger = await countRows(`SELECT count(*)::int AS n FROM billing_charge WHERE search_id = $1`, [
      data.searchId,
    ]);
    expect(ledger).toBe(1);
  });

  it('answers outcome FAILED when the source times out', async () => {
    await restartApi({
      LEGAL_SOURCE_LATENCY_MS: '1500',
      LEGAL_SOURCE_TIMEOUT_MS: '500',
      LEGAL_SOURCE_SLOW_MS: '300',
    });
    const session = await signIn();
    const data = (await searchJuanHernandez(session).expect(200)).body.data;
    expect(data.outcome).toBe('FAILED');
    expect(data.meta.slow_response).toBe(true);
    // The timed-out call was cancelled in PostgreSQL too: within a moment nothing of the source
    // runs there, long before the injected 1.5 s latency would have ended on its own.
    await eventually(
      async () =>
        (await countRows(
          `SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE application_name = 'screening-legal-source' AND state = 'active'`,
        )) === 0 || undefined,
      400,
      'the timed-out source query to be cancelled in PostgreSQL',
    );
  });

  it('keeps screening and sign-in working while the source is slow', async () => {
    await restartApi({
      LEGAL_SOURCE_LATENCY_MS: '3000',
      LEGAL_SOURCE_TIMEOUT_MS: '2000',
      LEGAL_SOURCE_SLOW_MS: '300',
    });
    const session = await signIn();
    // More slow searches at once than the api's main pool has connections (20).
    const searches = Array.from({ length: 24 }, () =>
      searchJuanHernandez(session).then((response) => response),
    );
    await new Promise((resolve) => setTimeout(resolve, 200)); // all of them are waiting on the source
    const started = Date.now();
    const overview = await api().get('/candidate-requests?limit=1').set(session.auth).expect(200);
    expect(overview.body.data).toBeDefined();
    const again = await signIn();
    expect(again.auth.Authorization).toMatch(/^Bearer /);
    expect(Date.now() - started).toBeLessThan(900);
    for (const response of await Promise.all(searches)) expect(response.body.data.outcome).toBe('FAILED');
  });

  it('flags slow_response when the source is slower than the threshold', async () => {
    await restartApi({
      LEGAL_SOURCE_LATENCY_MS: '400',
      LEGAL_SOURCE_SLOW_MS: '200',
      LEGAL_SOURCE_TIMEOUT_MS: '5000',
    });
    const session = await signIn();
    const data = (await searchJuanHernandez(session).expect(200)).body.data;
    expect(data.outcome).toBe('SUCCESS');
    expect(data.meta.slow_response).toBe(true);
    const detail = (
      await api()
        .get(`${SEARCHES}/${data.searchId}/records/${data.records[0].uuid}`)
        .set(session.auth)
        .expect(200)
    ).body.data;
    expect(detail.slow_response).toBe(true);
  });
});
