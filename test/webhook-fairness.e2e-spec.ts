/**
 * One client's burst must not keep another client's webhooks waiting, at any stage from the event
 * on (docs/integrators.md, webhooks: "Fair between clients"):
 * - sending: one client's 26,000 deliveries kept another client's event waiting (7.2 s instead of
 *   0.1 s): delivery jobs went first in, first out, and the backlog's jobs held every slot. Clients
 *   now share the processor's delivery slots (ClientShares);
 * - turning events into deliveries: the dispatcher walked the log in one line, so a quiet client's
 *   event became a delivery only after every event of a burst before it. Clients now take turns;
 * - while screenings wait for the processor: one trickle of attempts was shared first come first
 *   served. Each client now has an allowance of its own.
 * Asserted on progress, not on time: the quiet client's event arrives while the burst is still
 * mostly undone. (Timings are the bench's: `npm run bench -- noisy-tenant`.)
 */
import { ANNOUNCE_EVENT_WRITER } from '../libs/persistence/src/repositories/event-horizon';
import { createClient, createUser } from './support/factories';
import { screeningQueue, Session, signIn, untilCount, withDb } from './support/helpers';
import {
  backlogSeenByProcessor,
  createEndpoint,
  deleteCreatedEndpoints,
  Receiver,
  sendTest,
} from './support/webhooks';

/** A client of its own and a session of one of its users. */
async function clientWithSession(prefix: string): Promise<{ clientId: string; session: Session }> {
  const clientId = await createClient(prefix);
  const user = await createUser({ clients: [clientId] });
  return { clientId, session: await signIn(user.email, user.password) };
}

/** `count` events of the client, one subject each (nothing waits for order), written at once. */
async function burstOfEvents(clientId: string, count: number): Promise<void> {
  await withDb(async (db) => {
    await db.query(ANNOUNCE_EVENT_WRITER);
    await db.query(
      `INSERT INTO event (client_id, type, subject, data)
       SELECT $1, 'candidate_request.created', u::text, jsonb_build_object('uuid', u, 'packageId', 'PKG-ACME-BASIC')
         FROM (SELECT gen_random_uuid() AS u FROM generate_series(1, $2)) s`,
      [clientId, count],
    );
  });
}

/** The client's deliveries: how many exist, and how many were attempted. */
function deliveriesOf(clientId: string): Promise<{ created: number; attempted: number }> {
  return withDb(
    async (db) =>
      (
        await db.query<{ created: number; attempted: number }>(
          `SELECT count(*)::int AS created, count(*) FILTER (WHERE d.attempts <> '[]')::int AS attempted
             FROM webhook_delivery d JOIN webhook_endpoint w ON w.id = d.endpoint_id WHERE w.client_id = $1`,
          [clientId],
        )
      ).rows[0],
  );
}

const BACKLOG = 8_000;
/** How long the busy client's receiver takes to answer each delivery. */
const SLOW_ANSWER_MS = 3_000;

describe('deliveries are shared fairly between clients', () => {
  let slow: Receiver;
  let fast: Receiver;
  const timers: NodeJS.Timeout[] = [];

  beforeAll(async () => {
    slow = await Receiver.start((_, __, response) => {
      timers.push(setTimeout(() => response.writeHead(200).end('ok'), SLOW_ANSWER_MS));
      return 'custom';
    });
    fast = await Receiver.start();
  });

  // Each test's endpoints go with it: the next test measures progress without its backlog.
  afterEach(() => deleteCreatedEndpoints());

  afterAll(async () => {
    for (const timer of timers) clearTimeout(timer);
    await Promise.all([slow.close(), fast.close()]);
  });

  it("delivers a client's test event while another client's large backlog is still mostly pending", async () => {
    const busyClient = await createClient('backlog');
    const busyUser = await createUser({ clients: [busyClient] });
    const busy = await createEndpoint(await signIn(busyUser.email, busyUser.password), {
      url: slow.url,
      events: ['candidate_request.created'],
    });
    const acme = await signIn('demo@acme.test');
    const other = await createEndpoint(acme, { url: fast.url, events: ['webhook.test'] });

    await burstOfEvents(busyClient, BACKLOG);
    // Sending is what this test is about: the backlog's deliveries all exist before the test event
    // (the dispatcher would otherwise turn it into a delivery ahead of most of them: the next test).
    await untilCount(`SELECT count(*)::int AS n FROM webhook_delivery WHERE endpoint_id = $1`, [busy.id], {
      count: BACKLOG,
      timeoutMs: 60_000,
      what: 'every delivery of the backlog',
    });
    const testEvent = await sendTest(acme, other.id);

    await fast.waitFor((r) => r.event.id === testEvent, 1, 60_000);
    const backlog = await withDb(
      async (db) =>
        (
          await db.query<{ created: number; attempted: number }>(
            `SELECT count(*)::int AS created, count(*) FILTER (WHERE attempts <> '[]')::int AS attempted
               FROM webhook_delivery WHERE endpoint_id = $1`,
            [busy.id],
          )
        ).rows[0],
    );
    // Every delivery of the backlog existed before the test event...
    expect(backlog.created).toBe(BACKLOG);
    // ...and yet it went ahead of most of them (first in, first out, it came after 64 slots' worth
    // of the backlog had been tried twice over).
    expect(backlog.attempted).toBeLessThan(BACKLOG / 2);
    // The busy client is not starved either.
    await slow.waitFor(() => true, 1, 30_000);
  }, 120_000);

  it("turns a client's event into deliveries while another client's burst of 20 endpoints is mostly not yet", async () => {
    const endpoints = 20;
    const events = 1_000;
    const busy = await clientWithSession('burst');
    for (let i = 0; i < endpoints; i++)
      await createEndpoint(busy.session, { url: `${fast.url}/${i}`, events: ['candidate_request.created'] });
    const quiet = await clientWithSession('quiet');
    const endpoint = await createEndpoint(quiet.session, { url: fast.url });

    await burstOfEvents(busy.clientId, events);
    // Logged after the whole burst: in one line through the log, it became a delivery last.
    const testEvent = await sendTest(quiet.session, endpoint.id);
    await fast.waitFor((r) => r.event.id === testEvent, 1, 60_000);

    const burst = await deliveriesOf(busy.clientId);
    expect(burst.created).toBeLessThan((endpoints * events) / 2);
    // The burst goes on: every event reaches every endpoint.
    await fast.waitFor((r) => r.event.clientId === busy.clientId, endpoints * events, 120_000);
  }, 180_000);

  it("sends a client's event at once while screenings wait and another client's burst is held back", async () => {
    const events = 400;
    const busy = await clientWithSession('held');
    await createEndpoint(busy.session, { url: fast.url, events: ['candidate_request.created'] });
    const quiet = await clientWithSession('quiet');
    const endpoint = await createEndpoint(quiet.session, { url: fast.url });
    const queue = screeningQueue();
    try {
      // A process job no processor may take (the queue paused for all): the processor yields to it.
      await queue.pause();
      const waiting = await queue.add('run-process', { requestId: 'none', processId: 'none' });
      await backlogSeenByProcessor();
      await burstOfEvents(busy.clientId, events);
      // Some of the burst is on its way first (it was logged first)...
      await fast.waitFor((r) => r.event.clientId === busy.clientId, 1, 30_000);
      const testEvent = await sendTest(quiet.session, endpoint.id);
      await fast.waitFor((r) => r.event.id === testEvent, 1, 60_000);
      // ...but the quiet client's event did not wait for the trickle to get through it.
      expect((await deliveriesOf(busy.clientId)).attempted).toBeLessThan(events / 2);

      await waiting.remove();
      await queue.resume();
      await fast.waitFor((r) => r.event.clientId === busy.clientId, events, 60_000);
    } finally {
      await queue.resume();
      await queue.close();
    }
  }, 120_000);
});
