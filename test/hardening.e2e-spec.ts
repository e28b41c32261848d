/**
 * docs/security.md hardening, each finding of the black-box probe as a test: forged tenancy claims,
 * repository secrets in production, parallel lockout, the per-address limit, input that used to
 * answer 500, security headers, token caching and personal data in logs.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { api, countRows, eventually, signIn, Session, state, withDb } from './support/helpers';
import { createUser, decodeClaims, forgeToken } from './support/factories';
import { candidate } from './support/screening';
import { kill, LOG_DIR, ROOT, startApi, waitForExit, waitForHealthy } from './support/stack';

const SEARCHES = '/risks/legal-records/searches';
let acme: Session;

beforeAll(async () => {
  acme = await signIn('demo@acme.test');
});

function searchCharges(): Promise<number> {
  return countRows(`SELECT count(*)::int AS n FROM billing_charge WHERE kind = 'SEARCH'`);
}

describe('the session is the authority for a token', () => {
  it('refuses a correctly signed token whose client claims were altered', async () => {
    const claims = decodeClaims(acme.accessToken);
    const forged = forgeToken({ ...claims, client: 'globex', clients: ['globex', 'acme'] });
    await api()
      .get('/packages')
      .set({ Authorization: `Bearer ${forged}` })
      .expect(401);
    const widened = forgeToken({ ...claims, clients: ['acme', 'globex'] });
    await api()
      .get('/packages')
      .set({ Authorization: `Bearer ${widened}` })
      .expect(401);
    // The same claims, re-signed untouched, still work: only the alteration is refused.
    const resigned = forgeToken(claims);
    await api()
      .get('/packages')
      .set({ Authorization: `Bearer ${resigned}` })
      .expect(200);
  });

  it('refuses a token for another user of the same session', async () => {
    const claims = decodeClaims(acme.accessToken);
    const other = decodeClaims((await signIn('ops@globex.test')).accessToken);
    const forged = forgeToken({ ...claims, sub: other.sub });
    await api()
      .get('/packages')
      .set({ Authorization: `Bearer ${forged}` })
      .expect(401);
  });

  it('stops honouring a client taken away from the user within 5 seconds', async () => {
    const user = await createUser({ clients: ['acme', 'globex'] });
    const session = await signIn(user.email, user.password);
    await api().get('/packages').set(session.auth).expect(200);
    await withDb((db) =>
      db.query(
        `DELETE FROM user_client WHERE client_id = 'globex' AND user_id = (SELECT id FROM app_user WHERE email = $1)`,
        [user.email],
      ),
    );
    await eventually(
      async () => ((await api().get('/packages').set(session.auth)).status === 401 ? true : undefined),
      6_000,
      'the stale token to be refused',
    );
  });
});

describe('production refuses secrets written in the repository', () => {
  const start = (secret: string) =>
    spawnSync(process.execPath, [join(ROOT, 'dist/apps/api/src/main.js')], {
      env: { ...process.env, ...state().env, NODE_ENV: 'production', JWT_SECRET: secret, PORT: '1' },
      encoding: 'utf8',
      timeout: 20_000,
    });

  it.each([
    ['the development default', 'dev-only-secret-change-me-0123456789abcdef'],
    ["compose's old default", 'change-me-to-a-long-random-secret-of-32-chars-or-more'],
    ['the test stack secret', 'e2e-secret-0123456789abcdef0123456789abcdef'],
  ])('will not start with %s', (_label, secret) => {
    const result = start(secret);
    expect(result.status).not.toBe(0);
    expect(result.stderr + result.stdout).toMatch(/JWT_SECRET is a value published in the repository/);
  });

  it('will not start with a secret shorter than 32 characters', () => {
    const result = start('short-secret');
    expect(result.status).not.toBe(0);
    expect(result.stderr + result.stdout).toMatch(/JWT_SECRET must be at least 32 characters/);
  });
});

describe('sign-in throttling under concurrency', () => {
  it('checks at most SIGNIN_MAX_FAILURES of 100 parallel wrong passwords', async () => {
    const user = await createUser();
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => api().post('/signin').send({ email: user.email, password: 'wrong' })),
    );
    const statuses = answers.map((answer) => answer.status);
    const checked = statuses.filter((status) => status === 401).length;
    expect(checked).toBeGreaterThanOrEqual(1);
    expect(checked).toBeLessThanOrEqual(Number(state().env.SIGNIN_MAX_FAILURES));
    expect(statuses.filter((status) => status === 429)).toHaveLength(100 - checked);
    const refused = answers.find((answer) => answer.status === 429)!;
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    await api().post('/signin').send({ email: user.email, password: user.password }).expect(429);
  });
});

describe('the per-address limit on failed sign-ins', () => {
  const port = state().apiPort + 57;
  let pid: number;
  const second = () => request(`http://127.0.0.1:${port}`);

  beforeAll(async () => {
    clearAddressCounters();
    pid = startApi({ ...state().env, PORT: String(port), METRICS_PORT: '0', SIGNIN_IP_MAX_FAILURES: '3' });
    await waitForHealthy(port);
  });

  afterAll(async () => {
    kill(pid);
    await waitForExit(pid);
    clearAddressCounters();
  });

  it('stops spraying from one address but lets known colleagues behind it sign in', async () => {
    const colleague = await createUser();
    const newcomer = await createUser();
    await second().post('/signin').send(colleague).expect(200);
    for (let i = 0; i < 3; i++)
      await second()
        .post('/signin')
        .send({ email: `sprayed-${i}-${Date.now()}@e2e.test`, password: 'Guess-2026!' })
        .expect(401);
    const blocked = await second()
      .post('/signin')
      .send({ email: `sprayed-x-${Date.now()}@e2e.test`, password: 'Guess-2026!' })
      .expect(429);
    expect(blocked.body.message).toMatch(/network address/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    await second().post('/signin').send(newcomer).expect(429);
    await second().post('/signin').send(colleague).expect(200);
  });
});

/** The counters are per address and shared through Redis: start clean, and leave none behind. */
function clearAddressCounters(): void {
  const script = `for _, k in ipairs(redis.call('KEYS', 'signin:address-*')) do redis.call('DEL', k) end return 1`;
  spawnSync('redis-cli', ['-p', String(state().redisPort), 'eval', script, '0']);
}

describe('input that used to answer 500 answers 400 or 415', () => {
  it('refuses a NUL character in a registration field, naming the field', async () => {
    const response = await api()
      .post('/candidate-requests')
      .set(acme.auth)
      .send(candidate({ name: 'Juan\u0000' }))
      .expect(400);
    expect(response.body).toEqual({
      code: 400,
      message: expect.any(String),
      errors: [{ field: 'name', message: expect.stringMatching(/NUL/) }],
    });
  });

  it('refuses a lone surrogate in a registration field', async () => {
    const body = JSON.stringify(candidate({ lastName: 'PLACEHOLDER' })).replace('PLACEHOLDER', '\\ud800');
    const response = await api()
      .post('/candidate-requests')
      .set({ ...acme.auth, 'Content-Type': 'application/json' })
      .send(body)
      .expect(400);
    expect(response.body.errors).toEqual([
      { field: 'lastName', message: expect.stringMatching(/surrogate/) },
    ]);
  });

  it('refuses a NUL in a searched name without charging', async () => {
    const before = await searchCharges();
    const response = await api()
      .post(SEARCHES)
      .set(acme.auth)
      .send({ name: 'Ju\u0000an', lastName: 'Hernández' })
      .expect(400);
    expect(response.body.errors).toEqual([{ field: 'name', message: expect.stringMatching(/NUL/) }]);
    expect(await searchCharges()).toBe(before);
  });

  it('refuses a NUL in query filters and path parameters', async () => {
    const created = await api()
      .post(SEARCHES)
      .set(acme.auth)
      .send({ name: 'Juan', lastName: 'Hernández' })
      .expect(200);
    const searchId = created.body.data.searchId as string;
    const filtered = await api()
      .get(`${SEARCHES}/${searchId}?categories=Civil%00&states=%00`)
      .set(acme.auth)
      .expect(400);
    expect(filtered.body.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'categories',
      'states',
    ]);
    await api().get(`${SEARCHES}/%00`).set(acme.auth).expect(400);
    await api().get(`/candidate-requests/abc%00`).set(acme.auth).expect(400);
  });

  it.each([33, 2_000])('refuses JSON nested %i levels deep', async (levels) => {
    const body = `{"name":${'['.repeat(levels - 1)}${']'.repeat(levels - 1)}}`;
    const response = await api()
      .post(SEARCHES)
      .set({ ...acme.auth, 'Content-Type': 'application/json' })
      .send(body)
      .expect(400);
    expect(response.body).toEqual({ code: 400, message: expect.stringMatching(/deeper than 32/) });
  });

  it('refuses a form-encoded search with 415 and charges nothing', async () => {
    const before = await searchCharges();
    const response = await api()
      .post(SEARCHES)
      .set(acme.auth)
      .type('form')
      .send('name=Juan&lastName=Hern%C3%A1ndez')
      .expect(415);
    expect(response.body).toEqual({ code: 415, message: expect.any(String) });
    expect(await searchCharges()).toBe(before);
  });

  it.each(['text/plain', 'application/xml', 'multipart/form-data; boundary=x'])(
    'refuses a %s body with 415',
    async (type) => {
      const response = await api()
        .post('/candidate-requests')
        .set({ ...acme.auth, 'Content-Type': type })
        .send('name=Juan')
        .expect(415);
      expect(response.body).toEqual({ code: 415, message: expect.any(String) });
    },
  );
});

describe('security headers', () => {
  const expectSecurityHeaders = (headers: Record<string, string>) => {
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  };

  it('are on answers, errors and the Swagger UI page', async () => {
    expectSecurityHeaders((await api().get('/health').expect(200)).headers);
    expectSecurityHeaders((await api().get('/packages').expect(401)).headers);
    expectSecurityHeaders((await api().get('/packages').set(acme.auth).expect(200)).headers);
    expectSecurityHeaders((await api().get('/no-such-route').set(acme.auth).expect(404)).headers);
    expectSecurityHeaders((await api().get('/%E0%A4%A').expect(400)).headers);
    const docs = await api().get('/docs').redirects(1).expect(200);
    expectSecurityHeaders(docs.headers);
  });

  it('keep token answers out of every cache', async () => {
    const signin = await api()
      .post('/signin')
      .send({ email: 'demo@acme.test', password: 'Demo-Pass-2026!' })
      .expect(200);
    expect(signin.headers['cache-control']).toBe('no-store');
    const refreshed = await api()
      .post('/signin/refresh')
      .send({ refreshToken: signin.body.refreshToken })
      .expect(200);
    expect(refreshed.headers['cache-control']).toBe('no-store');
  });
});

describe('logs', () => {
  it('hold no candidate name or RFC after a failing query', async () => {
    const logFile = join(LOG_DIR, 'api.log');
    const logStart = statSync(logFile).size; // the log is appended to across runs: read this test's lines
    const marker = `Zacarías${Date.now()}`;
    const rfc = 'ZAXX900517QQ9';
    await withDb((db) =>
      db.query(`ALTER TABLE candidate ADD CONSTRAINT e2e_refuse_all CHECK (false) NOT VALID`),
    );
    try {
      const response = await api()
        .post('/candidate-requests')
        .set(acme.auth)
        .send(candidate({ name: marker, rfc, curp: undefined }))
        .expect(500);
      expect(response.body.errorId).toEqual(expect.any(String));
      const log = await eventually(async () => {
        const text = readFileSync(logFile).subarray(logStart).toString('utf8');
        return text.includes(response.body.errorId as string) ? text : undefined;
      });
      expect(log).not.toContain(marker);
      expect(log).not.toContain(rfc);
      expect(log).not.toContain('Failing row');
    } finally {
      await withDb((db) => db.query(`ALTER TABLE candidate DROP CONSTRAINT e2e_refuse_all`));
    }
  });
});
