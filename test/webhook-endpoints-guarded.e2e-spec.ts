/**
 * Issue 23 on webhook endpoints: a quota per client (409 past WEBHOOKS_MAX_ENDPOINTS_PER_CLIENT),
 * answers that show a secret kept out of caches, and `Idempotency-Key` on creation as docs/behaviour.md
 * describes it for the other POSTs (the same secret on a replay, stored sealed).
 */
import { randomUUID } from 'node:crypto';
import { createClient, createUser } from './support/factories';
import { api, countRows, Session, signIn, withDb } from './support/helpers';
import { createEndpoint, deleteCreatedEndpoints, track } from './support/webhooks';

const ENDPOINTS = '/webhook-endpoints';
const MAX = 20; // the default, which the e2e stack keeps

/** A client of its own with one user, so quota counts start at zero. */
async function freshClient(): Promise<{ clientId: string; session: Session }> {
  const clientId = await createClient('quota');
  const user = await createUser({ clients: [clientId] });
  return { clientId, session: await signIn(user.email, user.password) };
}

const endpointsOf = (clientId: string) =>
  countRows(`SELECT count(*)::int AS n FROM webhook_endpoint WHERE client_id = $1`, [clientId]);

afterEach(() => deleteCreatedEndpoints());

describe('endpoints per client', () => {
  it(`answers 409 past ${MAX} endpoints, in the error body of section 1`, async () => {
    const { clientId, session } = await freshClient();
    for (let i = 0; i < MAX; i++) await createEndpoint(session, { url: `https://hooks.example.com/${i}` });
    const refused = await api()
      .post(ENDPOINTS)
      .set(session.auth)
      .send({ url: 'https://hooks.example.com/one-too-many' })
      .expect(409);
    expect(refused.body).toEqual({
      code: 409,
      message: expect.stringMatching(/at most 20 webhook endpoints/),
    });
    expect(await endpointsOf(clientId)).toBe(MAX);
    // Deleting one makes room again.
    const [first] = (await api().get(`${ENDPOINTS}?limit=1`).set(session.auth).expect(200)).body.data;
    await api().delete(`${ENDPOINTS}/${first.id}`).set(session.auth).expect(204);
    await createEndpoint(session, { url: 'https://hooks.example.com/again' });
  });

  it('holds under concurrency: of ten racing creations for the last place one wins', async () => {
    const { clientId, session } = await freshClient();
    for (let i = 0; i < MAX - 1; i++)
      await createEndpoint(session, { url: `https://hooks.example.com/${i}` });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        api()
          .post(ENDPOINTS)
          .set(session.auth)
          .send({ url: `https://hooks.example.com/race-${i}` }),
      ),
    );
    for (const answer of answers.filter((a) => a.status === 201)) track(answer.body.id);
    expect(answers.map((a) => a.status).sort()).toEqual([201, ...Array(9).fill(409)]);
    expect(await endpointsOf(clientId)).toBe(MAX);
  });
});

describe('answers that show a secret', () => {
  it('carry Cache-Control: no-store on creation and rotation', async () => {
    const session = await signIn('demo@acme.test');
    const created = await api()
      .post(ENDPOINTS)
      .set(session.auth)
      .send({ url: 'https://hooks.example.com/no-store' })
      .expect(201);
    track(created.body.id);
    expect(created.headers['cache-control']).toBe('no-store');
    const rotated = await api()
      .post(`${ENDPOINTS}/${created.body.id}/secret/rotate`)
      .set(session.auth)
      .expect(200);
    expect(rotated.headers['cache-control']).toBe('no-store');
    expect(rotated.body.secret).toMatch(/^whsec_/);
  });
});

describe('Idempotency-Key on POST /webhook-endpoints', () => {
  it('answers a retry with the first answer, the same secret included, and registers once', async () => {
    const { clientId, session } = await freshClient();
    const key = randomUUID();
    const body = { url: 'https://hooks.example.com/idempotent', events: ['process.finished'] };
    const first = await api()
      .post(ENDPOINTS)
      .set(session.auth)
      .set('Idempotency-Key', key)
      .send(body)
      .expect(201);
    track(first.body.id);
    const retry = await api()
      .post(ENDPOINTS)
      .set(session.auth)
      .set('Idempotency-Key', key)
      .send(body)
      .expect(201);
    expect(retry.body).toEqual(first.body);
    expect(retry.body.secret).toMatch(/^whsec_/);
    expect(retry.headers['cache-control']).toBe('no-store');
    expect(await endpointsOf(clientId)).toBe(1);
    // The record keeps the secret sealed, never in clear.
    const kept = await withDb(
      async (db) =>
        (await db.query(`SELECT response_body::text AS body FROM idempotency_record WHERE key = $1`, [key]))
          .rows,
    );
    expect(kept).toHaveLength(1);
    expect(kept[0].body).not.toContain(first.body.secret);
    expect(kept[0].body).not.toContain(first.body.secret.slice('whsec_'.length));
  });

  it('answers 422 for the same key with another body', async () => {
    const { clientId, session } = await freshClient();
    const key = randomUUID();
    const first = await api()
      .post(ENDPOINTS)
      .set(session.auth)
      .set('Idempotency-Key', key)
      .send({ url: 'https://hooks.example.com/a' })
      .expect(201);
    track(first.body.id);
    const refused = await api()
      .post(ENDPOINTS)
      .set(session.auth)
      .set('Idempotency-Key', key)
      .send({ url: 'https://hooks.example.com/b' })
      .expect(422);
    expect(refused.body).toEqual({ code: 422, message: expect.any(String) });
    expect(await endpointsOf(clientId)).toBe(1);
  });

  it('registers once for concurrent requests with one key, and every answer is the same', async () => {
    const { clientId, session } = await freshClient();
    const key = randomUUID();
    const body = { url: 'https://hooks.example.com/concurrent' };
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        api().post(ENDPOINTS).set(session.auth).set('Idempotency-Key', key).send(body),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(201));
    track(answers[0].body.id);
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(await endpointsOf(clientId)).toBe(1);
  });

  it('refuses an invalid key with 400', async () => {
    const session = await signIn('demo@acme.test');
    const refused = await api()
      .post(ENDPOINTS)
      .set(session.auth)
      .set('Idempotency-Key', 'x'.repeat(256))
      .send({ url: 'https://hooks.example.com/bad-key' })
      .expect(400);
    expect(refused.body.code).toBe(400);
  });
});
