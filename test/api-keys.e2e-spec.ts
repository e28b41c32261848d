/**
 * API keys (docs/behaviour.md, "API keys"): created by a client's admin and shown once, accepted
 * wherever a token is with their role, listed without the key, revoked or expired into 401.
 */
import { api, eventually, signIn, Session } from './support/helpers';
import { candidate } from './support/screening';

let admin: Session;
let globex: Session;

beforeAll(async () => {
  [admin, globex] = await Promise.all([signIn('demo@acme.test'), signIn('ops@globex.test')]);
});

const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });

async function createKey(body: Record<string, unknown>): Promise<{ id: string; key: string }> {
  const response = await api().post('/api-keys').set(admin.auth).send(body).expect(201);
  return response.body as { id: string; key: string };
}

describe('API keys', () => {
  it('shows a new key once, never caches it, and lists it without the key', async () => {
    const created = await api()
      .post('/api-keys')
      .set(admin.auth)
      .send({ name: 'ATS backend', role: 'analyst' })
      .expect(201);
    expect(created.headers['cache-control']).toBe('no-store');
    expect(created.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'ATS backend',
      role: 'analyst',
      prefix: created.body.key.slice(0, 8),
      key: expect.stringMatching(/^sk_[A-Za-z0-9_-]{43,}$/),
      createdAt: expect.any(Number),
      expiresAt: null,
    });
    const listed = await api().get('/api-keys').set(admin.auth).expect(200);
    const mine = (listed.body.data as Array<Record<string, unknown>>).find((k) => k.id === created.body.id);
    expect(mine).toEqual({
      id: created.body.id,
      name: 'ATS backend',
      role: 'analyst',
      prefix: created.body.prefix,
      createdAt: created.body.createdAt,
      expiresAt: null,
      lastUsedAt: null,
    });
    expect(JSON.stringify(listed.body)).not.toContain(created.body.key);
  });

  it('acts for its client with its role wherever a token is accepted, and records its last use', async () => {
    const { id, key } = await createKey({ name: 'Registrations', role: 'analyst' });
    const registered = await api().post('/candidate-requests').set(bearer(key)).send(candidate()).expect(202);
    await api().get(`/candidate-requests/${registered.body.uuid}`).set(bearer(key)).expect(200);
    await api()
      .post('/risks/legal-records/searches')
      .set(bearer(key))
      .send({ name: 'Juan', lastName: 'Hernández' })
      .expect(200);
    // Never administers: keys, users, webhook endpoints are the admins'.
    for (const path of ['/api-keys', '/webhook-endpoints']) {
      const refused = await api().get(path).set(bearer(key)).expect(403);
      expect(refused.body.message).toMatch(/^This operation needs the admin role/);
    }
    await eventually(
      async () => {
        const listed = await api().get('/api-keys').set(admin.auth).expect(200);
        const found = (listed.body.data as Array<{ id: string; lastUsedAt: number | null }>).find(
          (k) => k.id === id,
        );
        return found?.lastUsedAt ? found.lastUsedAt : undefined;
      },
      20_000,
      'the last use recorded',
    );
  });

  it('gives a viewer key reads only', async () => {
    const { key } = await createKey({ name: 'Dashboard', role: 'viewer' });
    await api().get('/candidate-requests').set(bearer(key)).expect(200);
    const refused = await api().post('/candidate-requests').set(bearer(key)).send(candidate()).expect(403);
    expect(refused.body.message).toBe(
      'This operation needs the analyst role or admin (your role is viewer).',
    );
  });

  it('answers 401 for a revoked, an expired or an unknown key', async () => {
    const revoked = await createKey({ name: 'To revoke', role: 'analyst' });
    await api().get('/packages').set(bearer(revoked.key)).expect(200);
    await api().delete(`/api-keys/${revoked.id}`).set(admin.auth).expect(204);
    const answer = await api().get('/packages').set(bearer(revoked.key)).expect(401);
    expect(answer.body).toEqual({ message: expect.any(String), code: 401 });
    await api().delete(`/api-keys/${revoked.id}`).set(admin.auth).expect(404);

    const expiring = await createKey({ name: 'Short-lived', role: 'viewer', expiresAt: Date.now() + 2_000 });
    await eventually(
      async () =>
        (await api().get('/packages').set(bearer(expiring.key))).status === 401 ? true : undefined,
      20_000,
      'the key to expire',
    );
    await api()
      .get('/packages')
      .set(bearer(`sk_${'x'.repeat(43)}`))
      .expect(401);
  });

  it("refuses a key an admin may not make, and another client's key answers as one that does not exist", async () => {
    const refused = await api()
      .post('/api-keys')
      .set(admin.auth)
      .send({ name: '', role: 'admin', expiresAt: 1 })
      .expect(400);
    expect((refused.body.errors as Array<{ field: string }>).map((e) => e.field)).toEqual([
      'name',
      'role',
      'expiresAt',
    ]);
    const acmeKey = await createKey({ name: 'Acme only', role: 'viewer' });
    await api().delete(`/api-keys/${acmeKey.id}`).set(globex.auth).expect(404);
    await api().get('/packages').set(bearer(acmeKey.key)).expect(200);
  });
});
