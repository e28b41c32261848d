import { api, countRows, eventually, restartApi, Session, signIn } from './support/helpers';

const SEARCHES = '/risks/legal-records/searches';

/** The demo query of the most common name pair: the source has real work to do. */
function searchJuanHernandez(session: Session) {
  return api().post(SEARCHES).set(session.auth).send({ name: 'Juan', lastName: 'Hernández' });
}

/** The source's own pool (LegalRecordsSource's default). */
const SOURCE_POOL_SIZE = 10;

/** Source queries running the injected latency in PostgreSQL right now. */
function sourceSleeps(): Promise<number> {
  return countRows(
    `SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE application_name = 'screening-legal-source' AND state = 'active' AND query LIKE '%pg_sleep%'`,
  );
}

afterAll(async () => {
  await restartApi({});
});

describe('the legal-records source port', () => {
  it('answers outcome FAILED when the source fails, billed like every creation (docs/behaviour.md)', async () => {
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
    // The injected latency would keep the source's query running for a minute: only the timeout's
    // cancellation in PostgreSQL ends it within the poll's deadline.
    await restartApi({
      LEGAL_SOURCE_LATENCY_MS: '60000',
      LEGAL_SOURCE_TIMEOUT_MS: '500',
      LEGAL_SOURCE_SLOW_MS: '300',
    });
    const session = await signIn();
    const data = (await searchJuanHernandez(session).expect(200)).body.data;
    expect(data.outcome).toBe('FAILED');
    expect(data.meta.slow_response).toBe(true);
    await eventually(
      async () => ((await sourceSleeps()) === 0 ? true : undefined),
      20_000,
      'the timed-out source query to be cancelled in PostgreSQL',
    );
  });

  it('keeps screening and sign-in working while the source is slow', async () => {
    // The source's calls time out after 10 s, its queries would run for a minute.
    await restartApi({
      LEGAL_SOURCE_LATENCY_MS: '60000',
      LEGAL_SOURCE_TIMEOUT_MS: '10000',
      LEGAL_SOURCE_SLOW_MS: '300',
    });
    const session = await signIn();
    // More slow searches at once than the api's main pool has connections (20).
    let answered = 0;
    const searches = Array.from({ length: 24 }, () =>
      searchJuanHernandez(session).then((response) => {
        answered += 1;
        return response;
      }),
    );
    // Every connection of the source's pool is busy with the injected latency, the rest wait for one.
    await eventually(
      async () => ((await sourceSleeps()) >= SOURCE_POOL_SIZE ? true : undefined),
      20_000,
      'the slow searches to hold every connection of the source',
    );
    const overview = await api().get('/candidate-requests?limit=1').set(session.auth).expect(200);
    expect(overview.body.data).toBeDefined();
    const again = await signIn();
    expect(again.auth.Authorization).toMatch(/^Bearer /);
    // Both answered while every search still waited on the source: they did not queue behind it.
    expect(answered).toBe(0);
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
