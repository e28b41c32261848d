/**
 * docs/integrators.md: request ids on every answer, and one access-log line per request with its method,
 * route pattern, status, duration and id, and nothing else of the request.
 */
import { randomUUID } from 'node:crypto';
import { api, eventually, restartApi, Session, signIn, withDb } from './support/helpers';
import { LogLine, logLinesSince, logMark } from './support/logs';
import { candidate } from './support/screening';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The fields of an access-log line, in the order pino writes them. */
const ACCESS_LINE_FIELDS = [
  'level',
  'time',
  'pid',
  'hostname',
  'requestId',
  'method',
  'route',
  'status',
  'durationMs',
  'msg',
];

let session: Session;

beforeAll(async () => {
  // The stack logs at warn; access lines are info.
  await restartApi({ LOG_LEVEL: 'info' });
  session = await signIn();
});

afterAll(async () => {
  await restartApi({});
});

/** The api's lines about one request id since `mark`, once its access line is there. */
function linesOf(requestId: string, mark: number): Promise<LogLine[]> {
  return eventually(
    async () => {
      const lines = logLinesSince('api', mark).filter((line) => line.requestId === requestId);
      return lines.some((line) => line.msg === 'request completed') ? lines : undefined;
    },
    10_000,
    `the access line of ${requestId}`,
  );
}

describe('X-Request-Id', () => {
  it("keeps the caller's id and echoes it on success and on every kind of error", async () => {
    const id = `it-${randomUUID()}`;
    const registered = await api()
      .post('/candidate-requests')
      .set(session.auth)
      .set('X-Request-Id', id)
      .send(candidate())
      .expect(202);
    expect(registered.headers['x-request-id']).toBe(id);
    const answers = await Promise.all([
      api().get('/packages').set('X-Request-Id', `${id}-401`),
      api().get('/no-such-route').set('X-Request-Id', `${id}-404`),
      api()
        .post('/signin')
        .set('X-Request-Id', `${id}-413`)
        .set('Content-Type', 'application/json')
        .send(`"${'a'.repeat(200_000)}"`),
      api().post('/candidate-requests').set(session.auth).set('X-Request-Id', `${id}-400`).send({}),
      api().get('/candidate-requests/%E0%A4%A').set('X-Request-Id', `${id}-router`),
    ]);
    expect(answers.map((answer) => [answer.status, answer.headers['x-request-id']])).toEqual([
      [401, `${id}-401`],
      [404, `${id}-404`],
      [413, `${id}-413`],
      [400, `${id}-400`],
      [400, `${id}-router`],
    ]);
  });

  it('makes a UUID when the caller sends none, or one it cannot repeat', async () => {
    for (const sent of [undefined, '', 'two words', 'x'.repeat(129), 'caf\u00e9']) {
      const call = api().get('/health/live');
      if (sent !== undefined) call.set('X-Request-Id', sent);
      const answer = await call.expect(200);
      expect(answer.headers['x-request-id']).toMatch(UUID);
    }
    const longest = 'x'.repeat(128);
    expect((await api().get('/health/live').set('X-Request-Id', longest)).headers['x-request-id']).toBe(
      longest,
    );
  });

  it('answers a URL too large to read with 431 in the error body, with a request id', async () => {
    const id = `it-${randomUUID()}`;
    const answer = await api()
      .get(`/packages?name=${'a'.repeat(20_000)}`)
      .set('X-Request-Id', id);
    expect(answer.status).toBe(431);
    expect(answer.body).toEqual({ code: 431, message: expect.stringMatching(/too large/) });
    expect(answer.headers['content-type']).toContain('application/json');
    expect(answer.headers['x-request-id']).toBe(id);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('the access log', () => {
  it('logs a registration once, with its route pattern, status, duration and the caller id only', async () => {
    const mark = logMark('api');
    const id = `it-${randomUUID()}`;
    const body = candidate();
    const registered = await api()
      .post('/candidate-requests')
      .set(session.auth)
      .set('X-Request-Id', id)
      .send(body)
      .expect(202);
    const lines = await linesOf(id, mark);
    const access = lines.filter((line) => line.msg === 'request completed');
    expect(access).toHaveLength(1);
    expect(Object.keys(access[0])).toEqual(ACCESS_LINE_FIELDS);
    expect(access[0]).toEqual(
      expect.objectContaining({
        level: 30,
        requestId: id,
        method: 'POST',
        route: '/candidate-requests',
        status: 202,
        durationMs: expect.any(Number),
      }),
    );
    // Nothing of the request itself: no body, no header, no id from the URL.
    const text = JSON.stringify(lines);
    for (const value of [body.rfc, body.name, registered.body.uuid, session.accessToken])
      expect(text).not.toContain(String(value));
  });

  it('logs every answer once: errors, preflights and Swagger UI files alike, never a header', async () => {
    const mark = logMark('api');
    const id = `it-${randomUUID()}`;
    await Promise.all([
      api().get(`/candidate-requests/${randomUUID()}?name=Juana`).set('X-Request-Id', `${id}-a`),
      api().get('/no-such-route').set('X-Request-Id', `${id}-b`),
      api()
        .options('/candidate-requests')
        .set({ Origin: 'http://localhost:4700', 'Access-Control-Request-Method': 'POST' })
        .set('X-Request-Id', `${id}-c`),
      api().get('/docs/swagger-ui.css').set('X-Request-Id', `${id}-d`),
      api().get('/candidate-requests/%E0%A4%A').set('X-Request-Id', `${id}-e`),
    ]);
    const expected = [
      ['a', 'GET', '/candidate-requests/:uuid', 401],
      ['b', 'GET', '(unmatched)', 404],
      ['c', 'OPTIONS', '*', 204],
      ['d', 'GET', '/docs/*', 200],
      ['e', 'GET', '(unmatched)', 400],
    ] as const;
    for (const [suffix, method, route, status] of expected) {
      const lines = await linesOf(`${id}-${suffix}`, mark);
      expect(lines.map((line) => [line.method, line.route, line.status])).toEqual([[method, route, status]]);
      expect(Object.keys(lines[0])).toEqual(ACCESS_LINE_FIELDS);
    }
    const text = logLinesSince('api', mark)
      .map((line) => JSON.stringify(line))
      .join('\n');
    expect(text).not.toMatch(/content-security-policy|Juana|Origin|localhost:4700/i);
  });

  it('logs the 431 of an unreadable request too', async () => {
    const mark = logMark('api');
    const id = `it-${randomUUID()}`;
    await api()
      .get(`/packages?q=${'a'.repeat(20_000)}`)
      .set('X-Request-Id', id)
      .expect(431);
    const [line] = await linesOf(id, mark);
    expect(line).toEqual(
      expect.objectContaining({ requestId: id, method: 'GET', route: '(unmatched)', status: 431 }),
    );
  });

  it("puts the request id on the lines logged while serving it: the 500's, with its errorId", async () => {
    const mark = logMark('api');
    const id = `it-${randomUUID()}`;
    await withDb((db) =>
      db.query(`ALTER TABLE candidate ADD CONSTRAINT e2e_refuse_ids CHECK (false) NOT VALID`),
    );
    try {
      const failed = await api()
        .post('/candidate-requests')
        .set(session.auth)
        .set('X-Request-Id', id)
        .send(candidate())
        .expect(500);
      expect(failed.headers['x-request-id']).toBe(id);
      const lines = await linesOf(id, mark);
      const error = lines.find((line) => line.errorId === failed.body.errorId);
      expect(error).toEqual(expect.objectContaining({ level: 50, requestId: id, msg: 'Unhandled error' }));
      const access = lines.filter((line) => line.msg === 'request completed');
      expect(access).toEqual([
        expect.objectContaining({ level: 40, status: 500, route: '/candidate-requests' }),
      ]);
    } finally {
      await withDb((db) => db.query(`ALTER TABLE candidate DROP CONSTRAINT e2e_refuse_ids`));
    }
  });
});
