import { api, signIn } from './support/helpers';

const UNAUTHORIZED = { message: 'Authentication required: send a valid bearer access token.', code: 401 };
const PUBLIC_OPERATIONS = new Set([
  'signIn',
  'refreshToken',
  'signOut',
  'getHealth',
  'getLiveness',
  'getReadiness',
  // The links of the mails: the token in the path is the proof (docs/behaviour.md, "Users").
  'acceptInvitation',
  'requestPasswordReset',
  'resetPassword',
]);

interface Operation {
  operationId: string;
  security?: unknown[];
}

async function documentedOperations(): Promise<
  Array<{ method: string; path: string; operation: Operation }>
> {
  const { body } = await api().get('/docs-json').expect(200);
  const paths = body.paths as Record<string, Record<string, Operation>>;
  return Object.entries(paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ method, path, operation })),
  );
}

describe('every protected route', () => {
  it('answers exactly { message, code: 401 } without a token', async () => {
    const operations = (await documentedOperations()).filter(
      (o) => !PUBLIC_OPERATIONS.has(o.operation.operationId),
    );
    expect(operations.length).toBeGreaterThan(0);
    for (const { method, path } of operations) {
      const concrete = path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
      const response = await (
        api() as unknown as Record<string, (url: string) => Promise<{ status: number; body: unknown }>>
      )[method](concrete);
      expect({
        route: `${method.toUpperCase()} ${path}`,
        status: response.status,
        body: response.body,
      }).toEqual({
        route: `${method.toUpperCase()} ${path}`,
        status: 401,
        body: UNAUTHORIZED,
      });
    }
  });

  it('declares the bearer scheme on every protected operation', async () => {
    for (const { operation } of await documentedOperations()) {
      if (PUBLIC_OPERATIONS.has(operation.operationId)) expect(operation.security).toEqual([]);
      else expect(operation.security ?? [{ bearer: [] }]).toEqual([{ bearer: [] }]);
    }
  });
});

describe('the error body', () => {
  it('keeps the shape for an unknown route (404)', async () => {
    const { auth } = await signIn();
    const response = await api().get('/no-such-thing').set(auth).expect(404);
    expect(response.body).toEqual({ code: 404, message: expect.any(String) });
  });

  it('refuses unknown JSON fields with 400 naming them', async () => {
    const response = await api()
      .post('/signin')
      .send({ email: 'demo@acme.test', password: 'x', role: 'admin' })
      .expect(400);
    expect(response.body.errors).toEqual(
      expect.arrayContaining([{ field: 'role', message: expect.stringContaining('role') }]),
    );
  });

  it('answers 413 in the same shape for a body over 100 kB', async () => {
    const response = await api()
      .post('/signin')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ email: 'demo@acme.test', password: 'x'.repeat(110 * 1024) }))
      .expect(413);
    expect(response.body).toEqual({ code: 413, message: expect.any(String) });
  });

  it('answers 413 for a body of 100,001 bytes', async () => {
    const padding = 'x'.repeat(100_001 - JSON.stringify({ email: 'demo@acme.test', password: '' }).length);
    const body = JSON.stringify({ email: 'demo@acme.test', password: padding });
    expect(Buffer.byteLength(body)).toBe(100_001);
    await api().post('/signin').set('Content-Type', 'application/json').send(body).expect(413);
  });

  it('answers 400 in the same shape for a body that is not JSON', async () => {
    const response = await api()
      .post('/signin')
      .set('Content-Type', 'application/json')
      .send('{"email":')
      .expect(400);
    expect(response.body).toEqual({ code: 400, message: 'The request body is not valid JSON.' });
  });

  it('answers 401, not 400, to a caller without a token whose JSON is broken or empty', async () => {
    for (const body of ['{"packageId":', '']) {
      const response = await api()
        .post('/candidate-requests')
        .set('Content-Type', 'application/json')
        .send(body)
        .expect(401);
      expect(response.body).toEqual(UNAUTHORIZED);
    }
  });

  it('answers 400 to an authenticated caller whose JSON is broken or empty', async () => {
    const { auth } = await signIn();
    const broken = await api()
      .post('/candidate-requests')
      .set(auth)
      .set('Content-Type', 'application/json')
      .send('{"packageId":')
      .expect(400);
    expect(broken.body).toEqual({ code: 400, message: 'The request body is not valid JSON.' });
    const empty = await api()
      .post('/candidate-requests')
      .set(auth)
      .set('Content-Type', 'application/json')
      .send('')
      .expect(400);
    expect(empty.body).toEqual({ code: 400, message: 'The request body is empty: send a JSON object.' });
  });

  it('keeps the shape for URLs the router refuses', async () => {
    const { auth } = await signIn();
    const badEncoding = await api().get('/candidate-requests/%E0%A4%A').set(auth).expect(400);
    expect(badEncoding.body).toEqual({ code: 400, message: expect.any(String) });
    const tooLong = await api()
      .get(`/candidate-requests/${'a'.repeat(2000)}`)
      .set(auth)
      .expect(414);
    expect(tooLong.body).toEqual({ code: 414, message: expect.any(String) });
  });

  it('treats a long but plausible path parameter like any unknown id', async () => {
    const { auth } = await signIn();
    await api()
      .get(`/candidate-requests/${'a'.repeat(200)}`)
      .expect(401);
    const response = await api()
      .get(`/candidate-requests/${'a'.repeat(200)}`)
      .set(auth)
      .expect(200);
    expect(response.body).toEqual({
      isSuccess: true,
      statusCode: 404,
      message: 'Candidate request not found',
      data: {},
    });
  });
});

describe('GET /health', () => {
  it('answers 200 with PostgreSQL, Redis and the processor up', async () => {
    const response = await api().get('/health').expect(200);
    expect(response.body.status).toBe('ok');
    expect(response.body.details.database.status).toBe('up');
    expect(response.body.details.redis.status).toBe('up');
    expect(response.body.details.processor.status).toBe('up');
  });
});

describe('OpenAPI document', () => {
  it('serves Swagger UI at /docs', async () => {
    const response = await api().get('/docs').redirects(1).expect(200);
    expect(response.text).toContain('swagger');
  });

  it('declares bearer auth, operation ids and the error schema', async () => {
    const { body } = await api().get('/docs-json').expect(200);
    expect(body.openapi).toMatch(/^3\./);
    expect(body.components.securitySchemes.bearer).toEqual(
      expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    );
    expect(body.components.schemas.ApiErrorDto.properties).toEqual(
      expect.objectContaining({
        code: expect.any(Object),
        message: expect.any(Object),
        errors: expect.any(Object),
      }),
    );
    const ids = (await documentedOperations()).map((o) => o.operation.operationId);
    expect(ids).toEqual(expect.arrayContaining([...PUBLIC_OPERATIONS]));
    expect(new Set(ids).size).toBe(ids.length);
    expect(body.paths['/signin'].post.responses['401'].content['application/json'].schema.$ref).toContain(
      'UnauthorizedDto',
    );
  });

  it('carries a sign-in example that signs in as it stands', async () => {
    const { body } = await api().get('/docs-json').expect(200);
    const examples = body.paths['/signin'].post.requestBody.content['application/json'].examples as Record<
      string,
      { value: object }
    >;
    const example = Object.values(examples)[0].value;
    const response = await api().post('/signin').send(example).expect(200);
    expect(response.body.client).toBe('acme');
  });
});
