/**
 * The audit log (docs/security.md, "Audit log"): one event per read or change of a candidate's data
 * and per sign-in, committed before the answer, without the candidate's personal data, chained by
 * hash and checked by `npm run audit:verify`.
 */
import { spawnSync } from 'node:child_process';
import type { AuditEvent } from '@app/domain';
import { join } from 'node:path';
import request from 'supertest';
import { api, DEMO_PASSWORD, signIn, Session, state, withDb } from './support/helpers';
import { candidate, register } from './support/screening';
import { kill, ROOT, startApi, waitForExit, waitForHealthy } from './support/stack';

let admin: Session;

beforeAll(async () => {
  admin = await signIn('demo@acme.test');
});

async function auditEvents(query: Record<string, string>): Promise<{ data: AuditEvent[]; hasMore: boolean }> {
  const response = await api().get('/audit-events').query(query).set(admin.auth).expect(200);
  return response.body as { data: AuditEvent[]; hasMore: boolean };
}

function verify(): { status: number | null; output: string } {
  const run = spawnSync(process.execPath, [join(ROOT, 'scripts/audit-verify.js')], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: state().databaseUrl },
    encoding: 'utf8',
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe('the audit log', () => {
  it("records a registration and a read of it, before answering, without the candidate's data", async () => {
    const body = candidate({
      rfc: 'PEGJ900101AB1',
      curp: 'PEGJ900101HDFRRN09',
      email: 'ana.audit@example.com',
    });
    const uuid = await register(admin, body);
    const read = await api()
      .get(`/candidate-requests/${uuid}`)
      .set(admin.auth)
      .set('X-Request-Id', 'audit-read-1');
    expect(read.status).toBe(200);
    // Committed before the answer left: readable at once.
    const { data } = await auditEvents({ subjectId: uuid });
    expect(data.map((e) => [e.action, e.status])).toEqual([
      ['createCandidateRequest', 202],
      ['getCandidateRequest', 200],
    ]);
    expect(data[1]).toEqual({
      id: expect.stringMatching(/^\d+$/),
      at: expect.any(Number),
      actor: { type: 'user', id: expect.any(String), email: 'demo@acme.test' },
      clientId: 'acme',
      action: 'getCandidateRequest',
      subject: { type: 'candidate_request', id: uuid },
      status: 200,
      requestId: 'audit-read-1',
      ip: expect.any(String),
      hash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const text = JSON.stringify(data);
    for (const personal of [body.name, body.rfc, body.curp, body.email, body.lastName] as string[])
      expect(text).not.toContain(personal);
  });

  it('records sign-ins and failed sign-ins in the client of the user the e-mail names', async () => {
    const before = (await auditEvents({ action: 'signIn', limit: '500' })).data.at(-1)?.id ?? '0';
    await api().post('/signin').send({ email: 'demo@acme.test', password: 'wrong-password-1' }).expect(401);
    await api().post('/signin').send({ email: 'demo@acme.test', password: DEMO_PASSWORD }).expect(200);
    const { data } = await auditEvents({ action: 'signIn', after: before });
    expect(data.map((e) => [e.actor.email, e.clientId, e.status])).toEqual([
      ['demo@acme.test', 'acme', 401],
      ['demo@acme.test', 'acme', 200],
    ]);
  });

  it("names an API key as the actor, and shows a client's log to its admins only", async () => {
    const created = await api()
      .post('/api-keys')
      .set(admin.auth)
      .send({ name: 'Audit', role: 'viewer' })
      .expect(201);
    await api()
      .get('/candidate-requests')
      .set({ Authorization: `Bearer ${created.body.key}` })
      .expect(200);
    const { data } = await auditEvents({ actorId: created.body.id });
    expect(data.map((e) => [e.actor, e.action, e.subject])).toEqual([
      [
        { type: 'api_key', id: created.body.id },
        'listCandidateRequests',
        { type: 'candidate_request_list', id: null },
      ],
    ]);
    const viewer = await signIn('viewer@acme.test');
    await api().get('/audit-events').set(viewer.auth).expect(403);
  });

  it('keeps one chain while two apis append at once, each answer after its own event', async () => {
    const port = state().apiPort + 43;
    const secondApi = startApi({ ...state().env, PORT: String(port), METRICS_PORT: '0' });
    try {
      await waitForHealthy(port);
      const uuid = await register(admin, candidate());
      const apis = [api(), request(`http://127.0.0.1:${port}`)];
      const READS = 240;
      let next = 0;
      // 24 reads in flight, every other one on the second api: their groups of events contend for
      // the chain's head, and each api's next group is chained before its last one has committed.
      await Promise.all(
        Array.from({ length: 24 }, async () => {
          while (next < READS) {
            const i = next++;
            await apis[i % 2]
              .get(`/candidate-requests/${uuid}`)
              .set(admin.auth)
              .set('X-Request-Id', `two-apis-${i}`)
              .expect(200);
          }
        }),
      );
      const { data } = await auditEvents({ subjectId: uuid, action: 'getCandidateRequest', limit: '500' });
      expect(data.map((e) => e.requestId).sort()).toEqual(
        Array.from({ length: READS }, (_, i) => `two-apis-${i}`).sort(),
      );
      expect(new Set(data.map((e) => e.id)).size).toBe(READS);
      expect(verify()).toEqual({ status: 0, output: expect.stringContaining("The audit log's chain holds") });
    } finally {
      kill(secondApi);
      await waitForExit(secondApi);
    }
  });

  it('pages oldest first with a cursor', async () => {
    const first = await auditEvents({ limit: '2' });
    expect(first.data).toHaveLength(2);
    expect(first.hasMore).toBe(true);
    expect(Number(first.data[0].id)).toBeLessThan(Number(first.data[1].id));
    const next = await auditEvents({ limit: '2', after: first.data[1].id });
    expect(Number(next.data[0].id)).toBeGreaterThan(Number(first.data[1].id));
    await api().get('/audit-events').query({ after: 'x', limit: '0' }).set(admin.auth).expect(400);
  });

  it('refuses changes to an event, and `npm run audit:verify` names the first one that does not follow', async () => {
    expect(verify()).toEqual({ status: 0, output: expect.stringContaining("The audit log's chain holds") });
    const [target] = (await auditEvents({ limit: '3' })).data.slice(-1);
    await expect(
      withDb((db) => db.query(`UPDATE audit_event SET status = 500 WHERE seq = $1`, [target.id])),
    ).rejects.toThrow('append-only');
    await withDb(async (db) => {
      await db.query(`ALTER TABLE audit_event DISABLE TRIGGER audit_event_append_only`);
      await db.query(`UPDATE audit_event SET status = 500 WHERE seq = $1`, [target.id]);
    });
    try {
      const broken = verify();
      expect(broken.status).toBe(1);
      expect(broken.output).toContain(`Audit event ${target.id} `);
    } finally {
      await withDb(async (db) => {
        await db.query(`UPDATE audit_event SET status = $2 WHERE seq = $1`, [target.id, target.status]);
        await db.query(`ALTER TABLE audit_event ENABLE TRIGGER audit_event_append_only`);
      });
    }
    expect(verify().status).toBe(0);
  });
});
