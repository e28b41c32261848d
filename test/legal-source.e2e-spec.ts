import { api, restartApi, signIn, withDb } from './support/helpers';

const SEARCHES = '/risks/legal-records/searches';

afterAll(async () => {
  await restartApi({});
});

describe('the legal-records source port', () => {
  it('answers outcome FAILED, charges nothing, when the source fails', async () => {
    await restartApi({ LEGAL_SOURCE_FAILURE_RATE: '1' });
    const session = await signIn();
    const response = await api()
      .post(SEARCHES)
      .set(session.auth)
      .send({ name: 'Juan', lastName: 'Hernández' })
      .expect(200);
    const data = response.body.data;
    expect(data.outcome).toBe('FAILED');
    expect(data.meta.outcome).toBe('FAILED');
    expect(data.records).toEqual([]);
    expect(data.meta.charged).toBe(false);
    const ledger = await withDb(
      async (db) =>
        (
          await db.query(`SELECT count(*)::int AS n FROM billing_charge WHERE search_id = $1`, [
            data.searchId,
          ])
        ).rows[0].n,
    );
    expect(ledger).toBe(0);
  });

  it('answers outcome FAILED when the source times out', async () => {
    await restartApi({
      LEGAL_SOURCE_LATENCY_MS: '1500',
      LEGAL_SOURCE_TIMEOUT_MS: '500',
      LEGAL_SOURCE_SLOW_MS: '300',
    });
    const session = await signIn();
    const data = (
      await api().post(SEARCHES).set(session.auth).send({ name: 'Juan', lastName: 'Hernández' }).expect(200)
    ).body.data;
    expect(data.outcome).toBe('FAILED');
    expect(data.meta.slow_response).toBe(true);
  });

  it('flags slow_response when the source is slower than the threshold', async () => {
    await restartApi({
      LEGAL_SOURCE_LATENCY_MS: '400',
      LEGAL_SOURCE_SLOW_MS: '200',
      LEGAL_SOURCE_TIMEOUT_MS: '5000',
    });
    const session = await signIn();
    const data = (
      await api().post(SEARCHES).set(session.auth).send({ name: 'Juan', lastName: 'Hernández' }).expect(200)
    ).body.data;
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
