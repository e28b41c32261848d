/**
 * Roles (docs/behaviour.md, "Roles"): each operation declares the least role it needs, one guard
 * enforces it, and a refusal is a 403 that names the role. The demo users hold each role in acme.
 */
import { createUser } from './support/factories';
import { api, eventually, signIn, Session, withDb } from './support/helpers';
import { candidate } from './support/screening';

let admin: Session;
let analyst: Session;
let viewer: Session;

beforeAll(async () => {
  [admin, analyst, viewer] = await Promise.all([
    signIn('demo@acme.test'),
    signIn('analyst@acme.test'),
    signIn('viewer@acme.test'),
  ]);
});

const SEARCH = { name: 'Juan', lastName: 'Hernández' };

describe('roles', () => {
  it('lets a viewer read what costs nothing and refuses, naming the analyst role, what registers or charges', async () => {
    const uuid = (await api().post('/candidate-requests').set(admin.auth).send(candidate()).expect(202)).body
      .uuid as string;
    await api().get(`/candidate-requests/${uuid}`).set(viewer.auth).expect(200);
    await api().get('/candidate-requests').set(viewer.auth).expect(200);
    await api().get('/packages').set(viewer.auth).expect(200);
    await api().get('/watch-lists').set(viewer.auth).expect(200);
    await api().get('/events').set(viewer.auth).expect(200);

    for (const [method, path, body] of [
      ['post', '/candidate-requests', candidate()],
      ['post', '/risks/legal-records/searches', SEARCH],
      ['post', '/watch-lists/screenings', { name: 'Juan', lastName: 'Pérez' }],
      ['post', '/monitors', { candidateRequestUuid: uuid }],
    ] as const) {
      const refused = await api()[method](path).set(viewer.auth).send(body);
      expect({ path, status: refused.status, body: refused.body }).toEqual({
        path,
        status: 403,
        body: { code: 403, message: 'This operation needs the analyst role or admin (your role is viewer).' },
      });
    }
  });

  it('lets a viewer read a record already unlocked, never a first (charged) reading', async () => {
    const search = await api()
      .post('/risks/legal-records/searches')
      .set(analyst.auth)
      .send(SEARCH)
      .expect(200);
    const { searchId } = search.body.data as { searchId: string };
    const [first, second] = (search.body.data.records as Array<{ uuid: string }>).map((r) => r.uuid);
    await api()
      .get(`/risks/legal-records/searches/${searchId}/records/${first}`)
      .set(analyst.auth)
      .expect(200);

    const unlocked = await api()
      .get(`/risks/legal-records/searches/${searchId}/records/${first}`)
      .set(viewer.auth)
      .expect(200);
    expect(unlocked.body.data.consumption.charged).toBe(false);
    await api().get(`/risks/legal-records/searches/${searchId}`).set(viewer.auth).expect(200);
    const charged = await api()
      .get(`/risks/legal-records/searches/${searchId}/records/${second}`)
      .set(viewer.auth)
      .expect(403);
    expect(charged.body.message).toContain('analyst');
    const charges = await withDb(
      async (db) =>
        (
          await db.query(
            `SELECT count(*)::int AS n FROM legal_unlock WHERE search_id = $1 AND person_uuid = $2`,
            [searchId, second],
          )
        ).rows[0].n as number,
    );
    expect(charges).toBe(0);
  });

  it('lets an analyst register and search, and keeps webhook endpoints for admins', async () => {
    await api().post('/candidate-requests').set(analyst.auth).send(candidate()).expect(202);
    for (const session of [analyst, viewer]) {
      const refused = await api().get('/webhook-endpoints').set(session.auth).expect(403);
      expect(refused.body.message).toMatch(/^This operation needs the admin role/);
    }
    await api().get('/webhook-endpoints').set(admin.auth).expect(200);
  });

  it('applies a role change within seconds, to tokens already issued', async () => {
    const user = await createUser({ role: 'analyst' });
    const session = await signIn(user.email, user.password);
    await api().get('/packages').set(session.auth).expect(200);
    await api().post('/candidate-requests').set(session.auth).send(candidate()).expect(202);
    await withDb((db) =>
      db.query(
        `UPDATE user_client SET role = 'viewer' WHERE user_id = (SELECT id FROM app_user WHERE email = $1)`,
        [user.email],
      ),
    );
    await eventually(
      async () =>
        (await api().post('/candidate-requests').set(session.auth).send(candidate())).status === 403 ||
        undefined,
      10_000,
      'the new role to apply',
    );
    await api().get('/packages').set(session.auth).expect(200);
  });

  it('holds a role per client: naming a client where the role falls short answers 403', async () => {
    const user = await createUser({ clients: ['acme', 'globex'], role: 'analyst' });
    await withDb((db) =>
      db.query(
        `UPDATE user_client SET role = 'viewer'
          WHERE client_id = 'globex' AND user_id = (SELECT id FROM app_user WHERE email = $1)`,
        [user.email],
      ),
    );
    const session = await signIn(user.email, user.password);
    const refused = await api()
      .post('/risks/legal-records/searches')
      .query({ clientId: 'globex' })
      .set(session.auth)
      .send(SEARCH)
      .expect(403);
    expect(refused.body.message).toBe(
      'This operation needs the analyst role or admin (your role is viewer).',
    );
    await api()
      .post('/risks/legal-records/searches')
      .query({ clientId: 'acme' })
      .set(session.auth)
      .send(SEARCH)
      .expect(200);
    await api()
      .get('/risks/legal-records/searches')
      .query({ clientId: 'globex' })
      .set(session.auth)
      .expect(200);
  });

  it('declares a role on every operation that is not public, and says it in Swagger', async () => {
    const document = (await api().get('/docs-json').expect(200)).body as {
      paths: Record<
        string,
        Record<string, { security?: unknown[]; description?: string; 'x-minimum-role'?: string }>
      >;
    };
    const undeclared: string[] = [];
    for (const [path, methods] of Object.entries(document.paths))
      for (const [method, operation] of Object.entries(methods)) {
        const isPublic = Array.isArray(operation.security) && operation.security.length === 0;
        if (isPublic) continue;
        const role = operation['x-minimum-role'];
        if (!role || !operation.description?.endsWith(`Rol mínimo: ${role}`))
          undeclared.push(`${method} ${path}`);
      }
    expect(undeclared).toEqual([]);
  });
});
