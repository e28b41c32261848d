import { api, DEMO_PASSWORD, signIn } from './support/helpers';
import { createUser, decodeClaims, forgeToken } from './support/factories';

const UNAUTHORIZED = { message: 'Authentication required: send a valid bearer access token.', code: 401 };
const WRONG_CREDENTIALS = { message: 'The e-mail or the password is wrong.', code: 401 };
const INVALID_REFRESH = {
  message: 'The refresh token is invalid, expired or revoked: sign in again.',
  code: 401,
};

describe('POST /signin', () => {
  it('answers the docs/behaviour.md body for the demo user', async () => {
    const response = await api()
      .post('/signin')
      .send({ email: 'demo@acme.test', password: DEMO_PASSWORD })
      .expect(200);
    expect(response.body).toEqual(
      expect.objectContaining({
        success: true,
        name: expect.any(String),
        profile: expect.any(String),
        photoURL: expect.any(String),
        client: 'acme',
        clients: ['acme'],
        accessToken: expect.any(String),
        refreshToken: expect.any(String),
      }),
    );
  });

  it('lists every client of a multi-client account, the default first', async () => {
    const { body } = await signIn('multi@acme.test');
    expect(body.client).toBe('acme');
    expect(body.clients).toEqual(['acme', 'globex']);
  });

  it('issues an HS256 access token with sub, client, clients and a 15-minute lifetime', async () => {
    const { accessToken } = await signIn('ops@globex.test');
    const header = JSON.parse(Buffer.from(accessToken.split('.')[0], 'base64url').toString()) as {
      alg: string;
    };
    const claims = decodeClaims(accessToken);
    expect(header.alg).toBe('HS256');
    expect(claims).toEqual(
      expect.objectContaining({ sub: expect.any(String), client: 'globex', clients: ['globex'] }),
    );
    expect((claims.exp as number) - (claims.iat as number)).toBe(900);
  });

  it('answers the same 401 for a wrong password and an unknown e-mail', async () => {
    const wrongPassword = await api()
      .post('/signin')
      .send({ email: 'demo@acme.test', password: 'not-it' })
      .expect(401);
    const unknownEmail = await api()
      .post('/signin')
      .send({ email: 'nobody@acme.test', password: DEMO_PASSWORD })
      .expect(401);
    expect(wrongPassword.body).toEqual(WRONG_CREDENTIALS);
    expect(unknownEmail.body).toEqual(wrongPassword.body);
  });

  it('treats the e-mail case-insensitively', async () => {
    await api().post('/signin').send({ email: 'Demo@ACME.test', password: DEMO_PASSWORD }).expect(200);
  });

  it('throttles repeated failures for one e-mail with 429 and Retry-After, even for the right password', async () => {
    const user = await createUser();
    for (let i = 0; i < 5; i++)
      await api().post('/signin').send({ email: user.email, password: 'wrong' }).expect(401);
    const blocked = await api()
      .post('/signin')
      .send({ email: user.email, password: user.password })
      .expect(429);
    expect(blocked.body).toEqual({ code: 429, message: expect.stringMatching(/try again/i) });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another e-mail is not affected.
    await api().post('/signin').send({ email: 'demo@acme.test', password: DEMO_PASSWORD }).expect(200);
  });

  it('resets the failure count after a successful sign-in', async () => {
    const user = await createUser();
    for (let i = 0; i < 4; i++)
      await api().post('/signin').send({ email: user.email, password: 'wrong' }).expect(401);
    await api().post('/signin').send({ email: user.email, password: user.password }).expect(200);
    for (let i = 0; i < 4; i++)
      await api().post('/signin').send({ email: user.email, password: 'wrong' }).expect(401);
    await api().post('/signin').send({ email: user.email, password: user.password }).expect(200);
  });

  it('refuses a malformed body with 400 listing every field', async () => {
    const response = await api().post('/signin').send({ email: 'not-an-email' }).expect(400);
    expect(response.body.code).toBe(400);
    const fields = (response.body.errors as Array<{ field: string }>).map((e) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['email', 'password']));
  });
});

describe('POST /signin/refresh', () => {
  it('rotates: answers a new pair in the docs/behaviour.md shape and retires the old refresh token', async () => {
    const first = await signIn();
    const rotated = await api()
      .post('/signin/refresh')
      .send({ refreshToken: first.refreshToken })
      .expect(200);
    expect(rotated.body).toEqual(
      expect.objectContaining({ success: true, client: 'acme', accessToken: expect.any(String) }),
    );
    expect(rotated.body.refreshToken).not.toBe(first.refreshToken);
    await api()
      .get('/health')
      .set({ Authorization: `Bearer ${rotated.body.accessToken}` })
      .expect(200);
    // The new refresh token works once more.
    await api().post('/signin/refresh').send({ refreshToken: rotated.body.refreshToken }).expect(200);
  });

  it('revokes the whole family when a retired refresh token is presented again', async () => {
    const first = await signIn();
    const second = (
      await api().post('/signin/refresh').send({ refreshToken: first.refreshToken }).expect(200)
    ).body;
    const reuse = await api().post('/signin/refresh').send({ refreshToken: first.refreshToken }).expect(401);
    expect(reuse.body).toEqual(INVALID_REFRESH);
    // The legitimate-looking newer token of that family is dead too, and so are its access tokens.
    await api().post('/signin/refresh').send({ refreshToken: second.refreshToken }).expect(401);
    await api()
      .get('/packages')
      .set({ Authorization: `Bearer ${second.accessToken}` })
      .expect(401);
    await api().get('/packages').set(first.auth).expect(401);
  });

  it('lets exactly one of two concurrent exchanges of one token win', async () => {
    const session = await signIn();
    const [a, b] = await Promise.all([
      api().post('/signin/refresh').send({ refreshToken: session.refreshToken }),
      api().post('/signin/refresh').send({ refreshToken: session.refreshToken }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 401]);
  });

  it('answers 401 for an unknown refresh token and 400 for a missing one', async () => {
    expect(
      (await api().post('/signin/refresh').send({ refreshToken: 'never-issued' }).expect(401)).body,
    ).toEqual(INVALID_REFRESH);
    await api().post('/signin/refresh').send({}).expect(400);
  });
});

describe('POST /signout', () => {
  it('revokes the refresh token and the access tokens of its session (204)', async () => {
    const session = await signIn();
    await api().get('/packages').set(session.auth).expect(200);
    await api().post('/signout').send({ refreshToken: session.refreshToken }).expect(204);
    await api().post('/signin/refresh').send({ refreshToken: session.refreshToken }).expect(401);
    await api().get('/packages').set(session.auth).expect(401);
  });

  it('leaves other sessions of the same user alone', async () => {
    const one = await signIn();
    const two = await signIn();
    await api().post('/signout').send({ refreshToken: one.refreshToken }).expect(204);
    await api().get('/packages').set(two.auth).expect(200);
  });
});

describe('bearer tokens', () => {
  const bad: Array<[string, () => Promise<string>]> = [
    [
      'expired',
      async () => {
        const { accessToken } = await signIn();
        const claims = decodeClaims(accessToken);
        return forgeToken({ ...claims, iat: 1_600_000_000, exp: 1_600_000_900 });
      },
    ],
    [
      'signed with another secret',
      async () => forgeToken(decodeClaims((await signIn()).accessToken), { secret: 'x'.repeat(40) }),
    ],
    ['alg none', async () => forgeToken(decodeClaims((await signIn()).accessToken), { alg: 'none' })],
    ['malformed', async () => 'not.a.jwt'],
  ];

  it.each(bad)('refuses a token that is %s with exactly { message, code: 401 }', async (_name, make) => {
    const response = await api()
      .get('/packages')
      .set({ Authorization: `Bearer ${await make()}` })
      .expect(401);
    expect(response.body).toEqual(UNAUTHORIZED);
  });
});
