/**
 * Webhooks (docs/integrators.md) against real receivers (node:http on 127.0.0.1): signed Standard
 * Webhooks deliveries of a registration, retries with the same webhook-id, a receiver that is down,
 * Redis stopped, the processor killed mid-delivery, rotation, tenancy, the SSRF guard on a second
 * api that refuses private URLs, redirects and a huge answer. The stack retries after 1s,1s,1s.
 */
import request from 'supertest';
import { BUSY_ATTEMPT_BURST, BUSY_ATTEMPTS_PER_SECOND } from '../apps/processor/src/webhooks/delivery-pacer';
import { ANNOUNCE_EVENT_WRITER } from '../libs/persistence/src/repositories/event-horizon';
import {
  api,
  killProcessor,
  restartProcessor,
  screeningQueue,
  Session,
  signIn,
  state,
  withDb,
} from './support/helpers';
import { documentedViolations } from './support/openapi';
import { candidate, ended, fullCandidate, register, waitForOverview } from './support/screening';
import {
  kill,
  startApi,
  startRedis,
  stopRedis,
  waitForExit,
  waitForHealthy,
  waitForRedis,
} from './support/stack';
import {
  backlogSeenByProcessor,
  createEndpoint,
  deleteCreatedEndpoints,
  deliveries,
  deliveryTypes,
  dispatchedPast,
  freePort,
  Receiver,
  sendTest,
  track,
  verify,
  waitForDelivery,
} from './support/webhooks';

let acme: Session;
let globex: Session;
const receivers: Receiver[] = [];

async function receiver(...args: Parameters<typeof Receiver.start>): Promise<Receiver> {
  const started = await Receiver.start(...args);
  receivers.push(started);
  return started;
}

beforeAll(async () => {
  acme = await signIn('demo@acme.test');
  globex = await signIn('ops@globex.test');
});

afterEach(async () => {
  await deleteCreatedEndpoints();
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});

const REGISTRATION_TYPES = [
  'candidate_request.created',
  ...Array(5).fill('process.started'),
  ...Array(5).fill('process.finished'),
  'candidate_request.completed',
  'candidate_request.finished',
];

describe('a registration, delivered', () => {
  it('POSTs every event of a PKG-ACME-BASIC registration signed, in createdAt order', async () => {
    const hooks = await receiver();
    const endpoint = await createEndpoint(acme, { url: hooks.url });
    const uuid = await register(acme, candidate());
    const about = (r: { event: { data: Record<string, unknown> } }) => r.event.data.uuid === uuid;
    const received = await hooks.waitFor(about, REGISTRATION_TYPES.length, 30_000);

    expect(received.map((r) => r.event.type).sort()).toEqual([...REGISTRATION_TYPES].sort());
    expect(received[0].event.type).toBe('candidate_request.created');
    expect(received.at(-1)!.event.type).toBe('candidate_request.finished');
    const times = received.map((r) => r.event.createdAt);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    for (const r of received) {
      expect(verify(r, endpoint.secret)).toEqual(r.event);
      expect(Object.keys(r.event)).toEqual(['id', 'type', 'createdAt', 'clientId', 'data']);
      expect(r.event.clientId).toBe('acme');
      expect(r.headers['webhook-id']).toBe(r.event.id);
      expect(r.headers['content-type']).toBe('application/json');
      expect(r.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
      expect(r.body).not.toMatch(/Prueba|Hernández|HELJ/); // no personal data
    }
    const finished = received.filter((r) => r.event.type === 'process.finished');
    expect(finished.every((r) => typeof r.event.data.result === 'string' && r.event.data.processName)).toBe(
      true,
    );

    const listed = await api()
      .get(`/webhook-endpoints/${endpoint.id}/deliveries?limit=100`)
      .set(acme.auth)
      .expect(200);
    const ours = (
      listed.body.data as Array<{ eventId: string; status: string; attempts: Array<{ at: number }> }>
    ).filter((d) => received.some((r) => r.event.id === d.eventId));
    expect(ours).toHaveLength(REGISTRATION_TYPES.length);
    expect(ours.every((d) => d.status === 'succeeded' && d.attempts.length === 1)).toBe(true);
    // Each request was signed with the time of its attempt (in seconds), as recorded.
    for (const r of received)
      expect(Number(r.headers['webhook-timestamp'])).toBe(
        Math.floor(ours.find((d) => d.eventId === r.event.id)!.attempts[0].at / 1000),
      );
    expect(await documentedViolations('/webhook-endpoints/{id}/deliveries', listed.body)).toEqual([]);
  }, 60_000);

  it('sends nothing to a disabled endpoint, and a test event even so', async () => {
    const hooks = await receiver();
    const endpoint = await createEndpoint(acme, { url: hooks.url });
    await api()
      .patch(`/webhook-endpoints/${endpoint.id}`)
      .set(acme.auth)
      .send({ enabled: false })
      .expect(200);
    const uuid = await register(acme, candidate());
    const eventId = await sendTest(acme, endpoint.id);
    await hooks.waitFor((r) => r.event.id === eventId);
    await waitForOverview(acme, uuid, ended, 30_000);
    // The dispatcher decided about every event of the registration and made no delivery for it.
    await dispatchedPast(uuid);
    expect(await deliveryTypes(endpoint.id, uuid)).toEqual([]);
    expect(hooks.received.filter((r) => r.event.data.uuid === uuid)).toEqual([]);
  }, 45_000);

  it('sends only the subscribed types', async () => {
    const hooks = await receiver();
    const endpoint = await createEndpoint(acme, { url: hooks.url, events: ['candidate_request.finished'] });
    const uuid = await register(acme, candidate());
    await hooks.waitFor((r) => r.event.data.uuid === uuid);
    await waitForOverview(acme, uuid, ended, 30_000);
    // Every event of the registration was dispatched, and only the subscribed one got a delivery.
    await dispatchedPast(uuid);
    expect(await deliveryTypes(endpoint.id, uuid)).toEqual(['candidate_request.finished']);
    expect(hooks.received.filter((r) => r.event.data.uuid === uuid).map((r) => r.event.type)).toEqual([
      'candidate_request.finished',
    ]);
  }, 45_000);
});

describe('retries and failures', () => {
  it('tries again after a 500 with the same webhook-id, when the schedule says, and lists both attempts', async () => {
    // The second attempt is held unanswered while the test reads what the first one scheduled.
    let answerSecond = () => undefined as void;
    const hooks = await receiver((n, _received, response) => {
      if (n === 1) return 500;
      answerSecond = () => void response.writeHead(200).end('ok');
      return 'custom';
    });
    const endpoint = await createEndpoint(acme, { url: hooks.url });
    const eventId = await sendTest(acme, endpoint.id);
    const [first, second] = await hooks.waitFor((r) => r.event.id === eventId, 2);
    expect(first.headers['webhook-id']).toBe(eventId);
    expect(second.headers['webhook-id']).toBe(eventId);
    expect(verify(second, endpoint.secret)).toEqual({ ...first.event });
    const retrying = await waitForDelivery(acme, endpoint.id, eventId, () => true);
    answerSecond();
    const delivery = await waitForDelivery(acme, endpoint.id, eventId, (d) => d.status === 'succeeded');
    expect(delivery).toEqual({
      id: expect.any(String),
      eventId,
      eventType: 'webhook.test',
      status: 'succeeded',
      attempts: [
        { at: expect.any(Number), httpStatus: 500, durationMs: expect.any(Number), error: 'HTTP 500' },
        { at: expect.any(Number), httpStatus: 200, durationMs: expect.any(Number), error: null },
      ],
      nextAttemptAt: null,
    });
    // WEBHOOKS_RETRY_SCHEDULE=1s,... with +-10% jitter: the first attempt scheduled the retry that
    // far after it ended (the processor's own record, read while the retry was held), and the retry
    // did not go before it was due.
    expect(retrying.status).toBe('pending');
    expect(retrying.attempts).toEqual([delivery.attempts[0]]);
    const firstEnded = retrying.attempts[0].at + retrying.attempts[0].durationMs;
    expect(retrying.nextAttemptAt! - firstEnded).toBeGreaterThanOrEqual(900);
    // (Plus the millisecond the processor's clock may tick between reading the end and scheduling.)
    expect(retrying.nextAttemptAt! - firstEnded).toBeLessThanOrEqual(1_100 + 1);
    // (Bull promotes a delayed job up to a millisecond early.)
    expect(delivery.attempts[1].at).toBeGreaterThanOrEqual(retrying.nextAttemptAt! - 1);
  });

  it('delivers to a receiver that was down once it is up', async () => {
    const port = await freePort();
    const endpoint = await createEndpoint(acme, { url: `http://127.0.0.1:${port}/hooks` });
    const eventId = await sendTest(acme, endpoint.id);
    const failing = await waitForDelivery(acme, endpoint.id, eventId, (d) => d.attempts.length >= 1);
    expect(failing.attempts[0]).toEqual(
      expect.objectContaining({ httpStatus: null, error: expect.stringContaining('ECONNREFUSED') }),
    );
    expect(failing.status).toBe('pending');
    const hooks = await receiver(() => 200, port);
    const [arrived] = await hooks.waitFor((r) => r.event.id === eventId);
    expect(verify(arrived, endpoint.secret)).toBeTruthy();
    await waitForDelivery(acme, endpoint.id, eventId, (d) => d.status === 'succeeded');
  });

  it('ends failed after the schedule, then a manual retry tries again now', async () => {
    const port = await freePort();
    const endpoint = await createEndpoint(acme, { url: `http://127.0.0.1:${port}/hooks` });
    const eventId = await sendTest(acme, endpoint.id);
    const failed = await waitForDelivery(acme, endpoint.id, eventId, (d) => d.status === 'failed', 15_000);
    expect(failed.attempts).toHaveLength(4); // the first attempt and one per delay of 1s,1s,1s
    expect(failed.nextAttemptAt).toBeNull();
    expect((await deliveries(acme, endpoint.id, '?status=failed')).map((d) => d.id)).toContain(failed.id);
    expect((await deliveries(acme, endpoint.id, '?status=succeeded')).map((d) => d.id)).not.toContain(
      failed.id,
    );

    const hooks = await receiver(() => 200, port);
    const retried = await api()
      .post(`/webhook-endpoints/${endpoint.id}/deliveries/${failed.id}/retry`)
      .set(acme.auth)
      .expect(202);
    expect(retried.body).toEqual(expect.objectContaining({ id: failed.id, status: 'pending' }));
    const [arrived] = await hooks.waitFor((r) => r.event.id === eventId);
    expect(arrived.headers['webhook-id']).toBe(eventId);
    const done = await waitForDelivery(acme, endpoint.id, eventId, (d) => d.status === 'succeeded');
    expect(done.attempts).toHaveLength(5);
  }, 45_000);

  it('does not follow a redirect', async () => {
    const elsewhere = await receiver();
    const hooks = await receiver((_n, _r, response) => {
      response.writeHead(302, { location: elsewhere.url }).end();
      return 'custom';
    });
    const endpoint = await createEndpoint(acme, { url: hooks.url });
    const eventId = await sendTest(acme, endpoint.id);
    const delivery = await waitForDelivery(acme, endpoint.id, eventId, (d) => d.attempts.length >= 1);
    expect(delivery.attempts[0]).toEqual(
      expect.objectContaining({
        httpStatus: 302,
        error: expect.stringContaining('redirects are not followed'),
      }),
    );
    expect(elsewhere.received).toEqual([]);
  });

  it('reads at most 1 kB of a 1 MB answer and carries on', async () => {
    const hooks = await receiver((_n, _r, response) => {
      response.writeHead(200, { 'content-type': 'text/plain' }).end('x'.repeat(1024 * 1024));
      return 'custom';
    });
    const endpoint = await createEndpoint(acme, { url: hooks.url });
    const first = await sendTest(acme, endpoint.id);
    const second = await sendTest(acme, endpoint.id);
    for (const eventId of [first, second]) {
      const delivery = await waitForDelivery(acme, endpoint.id, eventId, (d) => d.status !== 'pending');
      expect(delivery.status).toBe('succeeded');
      expect(delivery.attempts[0]).toEqual(expect.objectContaining({ httpStatus: 200, error: null }));
    }
    const health = await api().get('/health').expect(200);
    expect(health.body.details.processor.status).toBe('up');
  });
});

describe('nothing lost', () => {
  it('delivers events written while Redis was down once it is back', async () => {
    const hooks = await receiver();
    const endpoint = await createEndpoint(acme, { url: hooks.url });
    const { redisPort } = state();
    stopRedis(redisPort);
    await waitForRedis(redisPort, false);
    let uuid: string;
    let eventId: string;
    try {
      uuid = await register(acme, candidate());
      eventId = await sendTest(acme, endpoint.id);
      // The dispatcher works on PostgreSQL alone: the deliveries exist, waiting for their jobs.
      await waitForDelivery(acme, endpoint.id, eventId, () => true, 10_000);
      expect(hooks.received).toEqual([]);
    } finally {
      startRedis(redisPort);
      await waitForRedis(redisPort, true);
    }
    await hooks.waitFor((r) => r.event.id === eventId!, 1, 40_000);
    const received = await hooks.waitFor(
      (r) => r.event.data.uuid === uuid!,
      REGISTRATION_TYPES.length,
      60_000,
    );
    expect(received.map((r) => r.event.type).sort()).toEqual([...REGISTRATION_TYPES].sort());
    for (const r of received) expect(verify(r, endpoint.secret)).toBeTruthy();
  }, 120_000);

  it('delivers again with the same webhook-id after the processor was killed mid-delivery', async () => {
    const hooks = await receiver((n) => (n === 1 ? 'hold' : 200));
    const endpoint = await createEndpoint(acme, { url: hooks.url });
    const eventId = await sendTest(acme, endpoint.id);
    await hooks.waitFor((r) => r.event.id === eventId);
    await killProcessor({ restart: false }); // SIGKILL while the receiver holds the request open
    const midway = await waitForDelivery(acme, endpoint.id, eventId, () => true);
    expect(midway).toEqual(expect.objectContaining({ status: 'pending', attempts: [] }));
    restartProcessor();
    const [first, again] = await hooks.waitFor((r) => r.event.id === eventId, 2, 60_000);
    expect(again.headers['webhook-id']).toBe(first.headers['webhook-id']);
    expect(verify(again, endpoint.secret)).toEqual(first.event);
    const delivery = await waitForDelivery(acme, endpoint.id, eventId, (d) => d.status === 'succeeded');
    expect(delivery.attempts).toEqual([expect.objectContaining({ httpStatus: 200, error: null })]);
  }, 90_000);
});

/**
 * A `webhook.test` event and the endpoint's pending delivery of it, written in one transaction so the
 * dispatcher sees the event only with its delivery already there (and adds none of its own). The
 * delivery's next attempt and creation time are SQL expressions. Answers the event id.
 */
function insertTestDelivery(
  endpointId: string,
  at: { nextAttemptAt: string; createdAt: string },
): Promise<string> {
  return withDb(async (db) => {
    await db.query(ANNOUNCE_EVENT_WRITER);
    await db.query('BEGIN');
    const { rows } = await db.query(
      `INSERT INTO event (client_id, type, subject, data) VALUES ('acme', 'webhook.test', $1, $2)
       RETURNING tx_id, seq, 'evt_' || tx_id || '_' || seq AS id`,
      [endpointId, { endpointId }],
    );
    await db.query(
      `INSERT INTO webhook_delivery (id, endpoint_id, event_tx, event_seq, event_type, event_created_at, subject, status, next_attempt_at, created_at)
       VALUES (gen_random_uuid(), $1::uuid, $2, $3, 'webhook.test', now(), $1::text, 'pending', ${at.nextAttemptAt}, ${at.createdAt})`,
      [endpointId, rows[0].tx_id, rows[0].seq],
    );
    await db.query('COMMIT');
    return rows[0].id as string;
  });
}

describe('order within a subject', () => {
  it('releases a delivery left waiting with nothing ahead of it (a release that raced the dispatcher)', async () => {
    const hooks = await receiver();
    const endpoint = await createEndpoint(acme, { url: hooks.url });
    // Waiting (no next attempt) with nothing ahead of it, as a release racing the dispatcher leaves it.
    const eventId = await insertTestDelivery(endpoint.id, {
      nextAttemptAt: 'NULL',
      createdAt: "now() - interval '5 seconds'",
    });
    const [arrived] = await hooks.waitFor((r) => r.event.id === eventId, 1, 15_000);
    expect(verify(arrived, endpoint.secret)).toBeTruthy();
    await waitForDelivery(acme, endpoint.id, eventId, (d) => d.status === 'succeeded');
  });
});

describe('a delivery due but never sent', () => {
  it('is published again from PostgreSQL once overdue (a processor killed inside a chain)', async () => {
    const hooks = await receiver();
    const endpoint = await createEndpoint(acme, { url: hooks.url });
    // Released (due) two minutes ago, with no outbox row and no job: what a processor killed
    // between a chain's record and its next attempt leaves behind.
    const eventId = await insertTestDelivery(endpoint.id, {
      nextAttemptAt: "now() - interval '2 minutes'",
      createdAt: "now() - interval '2 minutes'",
    });
    const [arrived] = await hooks.waitFor((r) => r.event.id === eventId, 1, 45_000);
    expect(verify(arrived, endpoint.secret)).toBeTruthy();
    await waitForDelivery(acme, endpoint.id, eventId, (d) => d.status === 'succeeded');
  }, 60_000);
});

describe('screenings first', () => {
  it('paces attempts while process jobs wait in Redis, and sends the rest once none waits', async () => {
    const hooks = await receiver();
    const endpoint = await createEndpoint(acme, { url: hooks.url });
    const events = 200;
    const queue = screeningQueue();
    try {
      // A process job no processor may take (the queue paused for all): a backlog in Redis.
      await queue.pause();
      const waiting = await queue.add('run-process', { requestId: 'none', processId: 'none' });
      await backlogSeenByProcessor();
      const subjects = await withDb(async (db) => {
        await db.query(ANNOUNCE_EVENT_WRITER);
        const { rows } = await db.query<{ subject: string }>(
          `INSERT INTO event (client_id, type, subject, data)
           SELECT 'acme', 'candidate_request.created', u::text, jsonb_build_object('uuid', u, 'packageId', 'PKG-ACME-BASIC')
             FROM (SELECT gen_random_uuid() AS u FROM generate_series(1, $1)) s
           RETURNING subject`,
          [events],
        );
        return new Set(rows.map((r) => r.subject));
      });
      const ours = (r: { event: { data: Record<string, unknown> } }) =>
        subjects.has(String(r.event.data.uuid));
      // Attempts trickle while the backlog waits (the client's allowance at once, then its pace)...
      const whileBusy = await hooks.waitFor(ours, BUSY_ATTEMPT_BURST + 2 * BUSY_ATTEMPTS_PER_SECOND, 30_000);
      // ...at the pacer's rate by the processor's own clock (when each attempt started, as recorded):
      // unpaced, a job's 50 deliveries start together.
      const starts = await attemptStarts(
        endpoint.id,
        whileBusy.map((r) => r.event.id),
      );
      expect(mostStartsWithinOneSecond(starts)).toBeLessThanOrEqual(
        BUSY_ATTEMPT_BURST + BUSY_ATTEMPTS_PER_SECOND + 2,
      );

      await waiting.remove();
      await queue.resume();
      const all = await hooks.waitFor(ours, events, 20_000);
      expect(new Set(all.map((r) => r.event.data.uuid)).size).toBe(events);
    } finally {
      await queue.resume();
      await queue.close();
    }
  }, 60_000);
});

/** When the first attempt of each of these events' deliveries to the endpoint started (ms). */
function attemptStarts(endpointId: string, eventIds: string[]): Promise<number[]> {
  return withDb(async (db) =>
    (
      await db.query<{ at: string }>(
        `SELECT attempts->0->>'at' AS at FROM webhook_delivery
          WHERE endpoint_id = $1 AND attempts <> '[]'
            AND 'evt_' || event_tx || '_' || event_seq = ANY($2::text[])`,
        [endpointId, eventIds],
      )
    ).rows.map((row) => Number(row.at)),
  );
}

/** The most of these instants that lie within one second of each other. */
function mostStartsWithinOneSecond(starts: number[]): number {
  const sorted = [...starts].sort((a, b) => a - b);
  let most = 0;
  for (let first = 0, last = 0; last < sorted.length; last++) {
    while (sorted[last] - sorted[first] >= 1_000) first++;
    most = Math.max(most, last - first + 1);
  }
  return most;
}

describe('secret rotation', () => {
  it('signs with both secrets for 24 hours, then with the new one only', async () => {
    const hooks = await receiver();
    const endpoint = await createEndpoint(acme, { url: hooks.url });
    const rotatedFrom = Date.now();
    const rotated = await api()
      .post(`/webhook-endpoints/${endpoint.id}/secret/rotate`)
      .set(acme.auth)
      .expect(200);
    const rotatedBy = Date.now();
    expect(rotated.body).toEqual({ secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/) });
    expect(Buffer.from(rotated.body.secret.slice(6), 'base64').length).toBeGreaterThanOrEqual(24);
    const during = await sendTest(acme, endpoint.id);
    const [both] = await hooks.waitFor((r) => r.event.id === during);
    expect(String(both.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verify(both, endpoint.secret)).toBeTruthy();
    expect(verify(both, rotated.body.secret)).toBeTruthy();
    // The old secret signs on for 24 hours from the rotation, which happened while it was answered.
    const until = await withDb(async (db) => {
      const { rows } = await db.query(
        `SELECT (extract(epoch FROM previous_secret_until) * 1000)::float8 AS ms FROM webhook_endpoint WHERE id = $1`,
        [endpoint.id],
      );
      return Number(rows[0].ms);
    });
    expect(until).toBeGreaterThanOrEqual(rotatedFrom + 24 * 3_600_000);
    expect(until).toBeLessThanOrEqual(rotatedBy + 24 * 3_600_000);

    // 24 hours later:
    await withDb((db) =>
      db.query(
        `UPDATE webhook_endpoint SET previous_secret_until = now() - interval '1 second' WHERE id = $1`,
        [endpoint.id],
      ),
    );
    const after = await sendTest(acme, endpoint.id);
    const [one] = await hooks.waitFor((r) => r.event.id === after);
    expect(String(one.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(verify(one, rotated.body.secret)).toBeTruthy();
    expect(() => verify(one, endpoint.secret)).toThrow('No matching signature found');
  });

  it('keeps secrets encrypted at rest', async () => {
    const endpoint = await createEndpoint(acme, {
      url: 'http://127.0.0.1:9/hooks',
      events: ['legal_record.unlocked'],
    });
    const stored = await withDb(
      async (db) =>
        (await db.query(`SELECT secret FROM webhook_endpoint WHERE id = $1`, [endpoint.id])).rows[0]
          .secret as Buffer,
    );
    const key = Buffer.from(endpoint.secret.slice('whsec_'.length), 'base64');
    expect(stored.includes(key)).toBe(false);
    expect(stored.toString('latin1')).not.toContain(endpoint.secret);
    const listed = await api().get(`/webhook-endpoints/${endpoint.id}`).set(acme.auth).expect(200);
    expect(listed.body).not.toHaveProperty('secret');
  });
});

describe('endpoints API', () => {
  it('answers the CONTRACT shapes, documented', async () => {
    const body = { url: 'http://127.0.0.1:9/hooks', events: ['process.finished'], description: 'ATS' };
    const created = await api().post('/webhook-endpoints').set(acme.auth).send(body).expect(201);
    track(created.body.id);
    expect(created.body).toEqual({
      id: expect.any(String),
      url: body.url,
      events: ['process.finished'],
      description: 'ATS',
      enabled: true,
      createdAt: expect.any(Number),
      secret: expect.stringMatching(/^whsec_/),
    });
    expect(await documentedViolations('/webhook-endpoints', created.body, 'post', '201')).toEqual([]);
    const { secret: _secret, ...shown } = created.body;
    const one = await api().get(`/webhook-endpoints/${created.body.id}`).set(acme.auth).expect(200);
    expect(one.body).toEqual(shown);
    const list = await api().get('/webhook-endpoints?limit=100').set(acme.auth).expect(200);
    expect(list.body).toEqual({
      data: expect.arrayContaining([shown]),
      page: 1,
      limit: 100,
      total: expect.any(Number),
    });
    expect(await documentedViolations('/webhook-endpoints', list.body)).toEqual([]);

    const all = await api().post('/webhook-endpoints').set(acme.auth).send({ url: body.url }).expect(201);
    track(all.body.id);
    expect(all.body.events).toContain('candidate_request.created');
    expect(all.body.description).toBeNull();

    const patched = await api()
      .patch(`/webhook-endpoints/${created.body.id}`)
      .set(acme.auth)
      .send({ events: null, description: null, enabled: false })
      .expect(200);
    expect(patched.body).toEqual({ ...shown, events: all.body.events, description: null, enabled: false });
    await api().delete(`/webhook-endpoints/${created.body.id}`).set(acme.auth).expect(204);
    await api().get(`/webhook-endpoints/${created.body.id}`).set(acme.auth).expect(404);
  });

  it.each([
    ['an ftp URL', { url: 'ftp://example.com/x' }, ['url']],
    ['credentials', { url: 'https://user:pw@example.com/x' }, ['url']],
    ['2,049 characters', { url: `https://example.com/${'a'.repeat(2029)}` }, ['url']],
    ['a relative URL', { url: '/relative' }, ['url']],
    ['no URL', {}, ['url']],
    [
      'unknown types',
      { url: 'https://example.com/x', events: ['process.finished', 'nope', 'never'] },
      ['events[1]', 'events[2]'],
    ],
    ['no types', { url: 'https://example.com/x', events: [] }, ['events']],
    ['an unknown field', { url: 'https://example.com/x', secret: 'whsec_mine' }, ['secret']],
    ['wrong JSON types', { url: 5, description: 7, clientId: 3 }, ['url', 'description', 'clientId']],
  ] as const)('refuses %s with 400 naming every field', async (_what, body, fields) => {
    const response = await api().post('/webhook-endpoints').set(acme.auth).send(body).expect(400);
    expect(response.body).toEqual({ code: 400, message: expect.any(String), errors: expect.any(Array) });
    expect(response.body.errors.map((e: { field: string }) => e.field)).toEqual(fields);
  });

  it('refuses a PATCH of unknown fields or bad values, and an empty one changes nothing', async () => {
    const endpoint = await createEndpoint(acme, {
      url: 'http://127.0.0.1:9/hooks',
      events: ['legal_record.unlocked'],
    });
    const patch = (body: object) =>
      api().patch(`/webhook-endpoints/${endpoint.id}`).set(acme.auth).send(body);
    await patch({ secret: 'x' }).expect(400);
    await patch({ enabled: 'no' }).expect(400);
    await patch({ url: 'nope' }).expect(400);
    const same = await patch({}).expect(200);
    expect(same.body.events).toEqual(['legal_record.unlocked']);
  });

  it("answers another client's endpoints and deliveries as unknown (404), and lists only the caller's", async () => {
    const hooks = await receiver();
    const endpoint = await createEndpoint(acme, { url: hooks.url });
    const eventId = await sendTest(acme, endpoint.id);
    const delivery = await waitForDelivery(acme, endpoint.id, eventId, (d) => d.status === 'succeeded');
    const paths = [
      ['get', `/webhook-endpoints/${endpoint.id}`],
      ['patch', `/webhook-endpoints/${endpoint.id}`],
      ['delete', `/webhook-endpoints/${endpoint.id}`],
      ['post', `/webhook-endpoints/${endpoint.id}/secret/rotate`],
      ['post', `/webhook-endpoints/${endpoint.id}/test`],
      ['get', `/webhook-endpoints/${endpoint.id}/deliveries`],
      ['post', `/webhook-endpoints/${endpoint.id}/deliveries/${delivery.id}/retry`],
      ['get', '/webhook-endpoints/not-a-uuid'],
      ['post', `/webhook-endpoints/${endpoint.id}/deliveries/00000000-0000-4000-8000-000000000000/retry`],
    ] as const;
    for (const [method, path] of paths) {
      const session = path.includes('00000000') || path.includes('not-a-uuid') ? acme : globex;
      const response = await api()[method](path).set(session.auth).send({ enabled: false });
      expect({ path, status: response.status, body: response.body }).toEqual({
        path,
        status: 404,
        body: { code: 404, message: expect.any(String) },
      });
    }
    const theirs = await api().get('/webhook-endpoints').set(globex.auth).expect(200);
    expect(theirs.body.data.map((e: { id: string }) => e.id)).not.toContain(endpoint.id);
    expect(
      (await api().get(`/webhook-endpoints/${endpoint.id}`).set(acme.auth).expect(200)).body.enabled,
    ).toBe(true);

    // Events of another client never reach acme's endpoint.
    const globexHooks = await receiver();
    await createEndpoint(globex, { url: globexHooks.url, events: ['candidate_request.created'] });
    const uuid = await register(globex, fullCandidate({ packageId: 'PKG-GLOBEX-FULL' }));
    const [theirEvent] = await globexHooks.waitFor((r) => r.event.data.uuid === uuid);
    expect(theirEvent.event.clientId).toBe('globex');
    // Every event of theirs logged so far was dispatched, and none made a delivery for acme's endpoint.
    await dispatchedPast(uuid);
    expect(await deliveryTypes(endpoint.id, uuid)).toEqual([]);
    expect(hooks.received.filter((r) => r.event.clientId !== 'acme')).toEqual([]);
  });

  it('takes clientId like the search endpoints for a user of several clients', async () => {
    const multi = await signIn('multi@acme.test');
    const url = 'http://127.0.0.1:9/hooks';
    const missing = await api().post('/webhook-endpoints').set(multi.auth).send({ url }).expect(400);
    expect(missing.body.errors).toEqual([expect.objectContaining({ field: 'clientId' })]);
    await api().post('/webhook-endpoints').set(multi.auth).send({ url, clientId: 'initech' }).expect(403);
    await api().get('/webhook-endpoints').set(multi.auth).expect(400);
    const created = await createEndpoint(multi, {
      url,
      clientId: 'globex',
      events: ['legal_record.unlocked'],
    });
    const listed = await api().get('/webhook-endpoints?clientId=globex').set(multi.auth).expect(200);
    expect(listed.body.data.map((e: { id: string }) => e.id)).toContain(created.id);
    await api().get(`/webhook-endpoints/${created.id}`).set(globex.auth).expect(200);
    await api().get(`/webhook-endpoints/${created.id}`).set(acme.auth).expect(404);
  });
});

describe('SSRF guard (WEBHOOKS_ALLOW_PRIVATE_URLS=false)', () => {
  const port = () => state().apiPort + 43;
  let pid: number;

  beforeAll(async () => {
    const env = state().env;
    pid = startApi({
      ...env,
      PORT: String(port()),
      METRICS_PORT: String(Number(env.METRICS_PORT ?? 9190) + 43),
      WEBHOOKS_ALLOW_PRIVATE_URLS: 'false',
    });
    await waitForHealthy(port());
  });

  afterAll(async () => {
    kill(pid);
    await waitForExit(pid);
  });

  const guarded = () => request(`http://127.0.0.1:${port()}`);

  it.each([
    'http://169.254.169.254/latest/meta-data/',
    'http://10.0.0.1/',
    'http://192.168.1.10:8080/hook',
    'http://100.64.0.1/',
    'http://[::1]/',
    'http://[fd00::1]/',
    'http://[::ffff:169.254.169.254]/',
    // docs/integrators.md: IPv6 addresses that carry an IPv4 address are judged by it.
    'http://[::127.0.0.1]/',
    'http://[::7f00:1]/',
    'http://[::a9fe:a9fe]/',
    'http://[64:ff9b::10.0.0.1]/',
    'http://0.0.0.0/',
    'http://2130706433/',
    'http://localhost/',
    'http://localhost:3000/hook',
  ])('refuses %s before any connection', async (url) => {
    const response = await guarded().post('/webhook-endpoints').set(acme.auth).send({ url }).expect(400);
    expect(response.body.errors).toEqual([
      {
        field: 'url',
        message: expect.stringMatching(
          /not allowed: .* (loopback|private|link-local|unique-local|carrier-grade NAT|unspecified) address/,
        ),
      },
    ]);
  });

  it('refuses a PATCH to a private address too, and accepts a public one', async () => {
    const endpoint = await createEndpoint(acme, {
      url: 'http://127.0.0.1:9/hooks',
      events: ['legal_record.unlocked'],
    });
    await guarded()
      .patch(`/webhook-endpoints/${endpoint.id}`)
      .set(acme.auth)
      .send({ url: 'http://169.254.169.254/' })
      .expect(400);
    // A public literal address: accepted (and deleted at once, never sent anything).
    const publicOne = await guarded()
      .post('/webhook-endpoints')
      .set(acme.auth)
      .send({ url: 'https://8.8.8.8/hooks', events: ['legal_record.unlocked'] })
      .expect(201);
    await guarded().delete(`/webhook-endpoints/${publicOne.body.id}`).set(acme.auth).expect(204);
  });

  it('checks again at delivery time: a processor that refuses private URLs sends nothing to one', async () => {
    const hooks = await receiver();
    const literal = await createEndpoint(acme, { url: hooks.url });
    const named = await createEndpoint(acme, { url: `http://localhost:${hooks.port}/hooks` });
    await killProcessor({ env: { WEBHOOKS_ALLOW_PRIVATE_URLS: 'false' } });
    try {
      for (const [endpoint, reason] of [
        [literal, '127.0.0.1 is a loopback address'],
        [named, 'localhost is not allowed'],
      ] as const) {
        const eventId = await sendTest(acme, endpoint.id);
        const delivery = await waitForDelivery(acme, endpoint.id, eventId, (d) => d.attempts.length >= 1);
        expect(delivery.attempts[0]).toEqual(
          expect.objectContaining({ httpStatus: null, error: expect.stringContaining(reason) }),
        );
      }
      expect(hooks.received).toEqual([]);
    } finally {
      await killProcessor({ env: {} });
    }
  }, 60_000);
});
