/**
 * The probe's small findings (issue 39), through HTTP and the built apps: test events throttled
 * per endpoint, regime and businessName bounded on a person's registration, emoji refused in names,
 * an empty JSON body accepted where an operation reads none, a failed webhook attempt logged for the
 * operator, and a processor that cannot start saying so in JSON lines.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { TEST_EVENT_LIMIT } from '@app/domain';
import { api, countRows, eventually, signIn, Session } from './support/helpers';
import { logLinesSince, logMark } from './support/logs';
import { candidate } from './support/screening';
import { ROOT } from './support/stack';
import {
  createEndpoint,
  deleteCreatedEndpoints,
  freePort,
  Receiver,
  sendTest,
  waitForDelivery,
} from './support/webhooks';

let acme: Session;
let receiver: Receiver;

beforeAll(async () => {
  acme = await signIn('demo@acme.test');
  receiver = await Receiver.start();
});

afterEach(deleteCreatedEndpoints);

afterAll(async () => {
  await receiver.close();
});

const testEvents = (endpointId: string) =>
  countRows(`SELECT count(*)::int AS n FROM event WHERE type = 'webhook.test' AND data->>'endpointId' = $1`, [
    endpointId,
  ]);

describe('POST /webhook-endpoints/{id}/test is throttled per endpoint', () => {
  it(`of 200 parallel calls, admits ${TEST_EVENT_LIMIT.max} and answers the rest 429 with Retry-After`, async () => {
    const endpoint = await createEndpoint(acme, { url: receiver.url, events: ['webhook.test'] });
    const answers = await Promise.all(
      Array.from({ length: 200 }, () => api().post(`/webhook-endpoints/${endpoint.id}/test`).set(acme.auth)),
    );

    const accepted = answers.filter((a) => a.status === 202);
    const refused = answers.filter((a) => a.status === 429);
    expect(accepted).toHaveLength(TEST_EVENT_LIMIT.max);
    expect(refused).toHaveLength(200 - TEST_EVENT_LIMIT.max);
    for (const answer of refused) {
      const wait = Number(answer.headers['retry-after']);
      expect(Number.isInteger(wait) && wait >= 1 && wait <= TEST_EVENT_LIMIT.windowSeconds).toBe(true);
      expect(answer.body).toEqual({
        code: 429,
        message: `At most ${TEST_EVENT_LIMIT.max} test events per endpoint every ${TEST_EVENT_LIMIT.windowSeconds} seconds: try again in ${wait} second${wait === 1 ? '' : 's'}.`,
      });
    }
    // Only the admitted calls wrote an event.
    expect(await testEvents(endpoint.id)).toBe(TEST_EVENT_LIMIT.max);

    // Another endpoint of the same client has its own count.
    const other = await createEndpoint(acme, { url: receiver.url, events: ['webhook.test'] });
    await api().post(`/webhook-endpoints/${other.id}/test`).set(acme.auth).expect(202);
  });
});

describe('registration of a person: regime and businessName are bounded', () => {
  it.each(['regime', 'businessName'])('answers 400 naming %s past 200 characters', async (field) => {
    const response = await api()
      .post('/candidate-requests')
      .set(acme.auth)
      .send(candidate({ [field]: 'x'.repeat(201) }))
      .expect(400);
    expect(response.body).toEqual({
      code: 400,
      message: 'The request has 1 invalid field.',
      errors: [{ field, message: `${field} must be at most 200 characters.` }],
    });
  });
});

describe('names refuse emoji', () => {
  it.each(['name', 'lastName', 'secondLastName', 'businessName'])('in a registration: %s', async (field) => {
    const response = await api()
      .post('/candidate-requests')
      .set(acme.auth)
      .send(candidate({ [field]: 'Juan 😀' }))
      .expect(400);
    expect(response.body.errors).toEqual([
      {
        field,
        message: expect.stringMatching(
          new RegExp(`^${field} must not contain emoji .*: found U\\+1F600\\.$`),
        ),
      },
    ]);
  });

  it('in an ad-hoc watch-list screening and a legal-records search', async () => {
    const screening = await api()
      .post('/watch-lists/screenings')
      .set(acme.auth)
      .send({ name: 'Juan', lastName: 'Pérez 🇲🇽' })
      .expect(400);
    expect(screening.body.errors).toEqual([
      {
        field: 'lastName',
        message: expect.stringMatching(/^lastName must not contain emoji .*: found U\+1F1F2\.$/),
      },
    ]);
    const search = await api()
      .post('/risks/legal-records/searches')
      .set(acme.auth)
      .send({ name: 'Juan 👍', lastName: 'Pérez' })
      .expect(400);
    expect(search.body.errors).toEqual([
      { field: 'name', message: expect.stringMatching(/^name must not contain emoji .*: found U\+1F44D\.$/) },
    ]);
  });
});

describe('Content-Type: application/json with no body', () => {
  const empty = (request: ReturnType<ReturnType<typeof api>['post']>) =>
    request.set(acme.auth).set('Content-Type', 'application/json').send('');

  it('is accepted by operations that read no body: test, retry, rotate, delete', async () => {
    const endpoint = await createEndpoint(acme, { url: receiver.url, events: ['webhook.test'] });
    const tested = await empty(api().post(`/webhook-endpoints/${endpoint.id}/test`)).expect(202);
    const delivery = await waitForDelivery(
      acme,
      endpoint.id,
      tested.body.eventId,
      (d) => d.status === 'succeeded',
    );
    await empty(api().post(`/webhook-endpoints/${endpoint.id}/deliveries/${delivery.id}/retry`)).expect(202);
    await empty(api().post(`/webhook-endpoints/${endpoint.id}/secret/rotate`)).expect(200);
    await empty(api().delete(`/webhook-endpoints/${endpoint.id}`)).expect(204);
  });

  it('is still refused where the operation reads a body', async () => {
    const response = await empty(api().post('/webhook-endpoints')).expect(400);
    expect(response.body).toEqual({ code: 400, message: 'The request body is empty: send a JSON object.' });
  });
});

describe('a failed webhook attempt is logged for the operator', () => {
  it('names the endpoint, the error, the attempt and the next try; not the URL or the event', async () => {
    const closed = `http://127.0.0.1:${await freePort()}/hooks?token=probe-secret-token`;
    const endpoint = await createEndpoint(acme, { url: closed, events: ['webhook.test'] });
    const mark = logMark('processor');
    const eventId = await sendTest(acme, endpoint.id);

    const [line, raw] = await eventually(
      async () => {
        const found = logLinesSince('processor', mark).find(
          (l) => l.context === 'WebhookDelivery' && l.endpointId === endpoint.id,
        );
        return found ? [found, JSON.stringify(found)] : undefined;
      },
      30_000,
      'the failed attempt in the processor log',
    );
    expect(line).toMatchObject({
      level: 40,
      endpointId: endpoint.id,
      eventId,
      deliveryId: expect.any(String),
      attempt: 1,
      httpStatus: null,
      error: expect.stringMatching(/ECONNREFUSED/),
      nextAttemptAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      outcome: 'retrying',
    });
    expect(raw).not.toMatch(/probe-secret-token|\/hooks|whsec_/);
  });
});

describe('the processor that cannot start', () => {
  it('says why in JSON lines without colour codes, and exits 1', async () => {
    // A production start without JWT_SECRET: refused by the configuration, before any connection.
    const child = spawn(process.execPath, [join(ROOT, 'dist/apps/processor/src/main.js')], {
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));

    expect(code).toBe(1);
    expect(output).not.toContain('\u001b');
    const lines = output.split('\n').filter((line) => line.trim() !== '');
    expect(lines.length).toBeGreaterThan(0);
    const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(parsed).toContainEqual(
      expect.objectContaining({
        level: 60,
        app: 'processor',
        exitCode: 1,
        msg: expect.stringContaining('JWT_SECRET'),
      }),
    );
    expect(parsed).toContainEqual(expect.objectContaining({ level: 50, context: 'ExceptionHandler' }));
  });
});
