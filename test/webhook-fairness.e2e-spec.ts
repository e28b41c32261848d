/**
 * Issue 23: one client's 26,000 deliveries kept another client's event waiting (7.2 s instead of
 * 0.1 s): delivery jobs went first in, first out, and the backlog's jobs held every slot. Clients
 * now share the processor's delivery slots (ClientShares). Asserted on progress, not on time: the
 * other client's event arrives while the backlog is still mostly unsent.
 */
import { ANNOUNCE_EVENT_WRITER } from '../libs/persistence/src/repositories/event-horizon';
import { createClient, createUser } from './support/factories';
import { signIn, withDb } from './support/helpers';
import { createEndpoint, deleteCreatedEndpoints, Receiver, sendTest } from './support/webhooks';

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

  afterAll(async () => {
    await deleteCreatedEndpoints();
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

    // The backlog: one event per subject (nothing waits for order), written at once.
    await withDb(async (db) => {
      await db.query(ANNOUNCE_EVENT_WRITER);
      await db.query(
        `INSERT INTO event (client_id, type, subject, data)
         SELECT $1, 'candidate_request.created', u::text, jsonb_build_object('uuid', u, 'packageId', 'PKG-ACME-BASIC')
           FROM (SELECT gen_random_uuid() AS u FROM generate_series(1, $2)) s`,
        [busyClient, BACKLOG],
      );
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
    // The test event was logged after the whole backlog, so every delivery of it exists by now...
    expect(backlog.created).toBe(BACKLOG);
    // ...and yet it went ahead of most of them (first in, first out, it came after 64 slots' worth
    // of the backlog had been tried twice over).
    expect(backlog.attempted).toBeLessThan(BACKLOG / 2);
    // The busy client is not starved either.
    await slow.waitFor(() => true, 1, 30_000);
  }, 120_000);
});
