'use strict';
// Webhook figures: registration and processor throughput with one endpoint subscribed to every event
// (a local receiver) side by side with none, and deliveries per second to a local receiver.
const { fork } = require('node:child_process');
const { createHmac, randomBytes, randomUUID } = require('node:crypto');
const http = require('node:http');
const path = require('node:path');
const { Client } = require('pg');
const { cpuByRole, cpuSpent } = require('./lib/floors');
const { load, median } = require('./lib/measure');
const {
  call,
  processJobsRun,
  queueRegistrations,
  registrationLoad,
  vacuumAnalyze,
  waitUntil,
} = require('./lib/workload');

const RUNS = 3;
const RECEIVER_PORT = Number(process.env.BENCH_RECEIVER_PORT ?? 3298);

/** Nothing left to do: no queued process, every event dispatched, no delivery pending. */
const QUIET = `SELECT NOT EXISTS (SELECT 1 FROM request_process WHERE status = 'En proceso')
   AND NOT EXISTS (SELECT 1 FROM event e, event_cursor c WHERE c.name = 'webhooks' AND (e.tx_id, e.seq) > (c.tx_id, c.seq))
   AND NOT EXISTS (SELECT 1 FROM webhook_delivery WHERE status = 'pending') AS done`;

function startReceiver() {
  const child = fork(path.join(__dirname, 'webhook-receiver.js'), {
    env: { ...process.env, PORT: String(RECEIVER_PORT) },
  });
  return new Promise((resolve) =>
    child.once('message', () =>
      resolve({
        url: `http://127.0.0.1:${RECEIVER_PORT}/hooks`,
        pid: child.pid,
        received: () => new Promise((r) => child.once('message', (m) => r(m.received)).send('count')),
        stop: () => child.kill(),
      }),
    ),
  );
}

/** One endpoint of acme subscribed to every event, or none (`url` null): the two setups compared. */
async function subscribe(stack, token, db, url) {
  await db.query(`DELETE FROM webhook_endpoint`);
  if (url) await call(stack.base, token, 'POST', '/webhook-endpoints', { url });
}

/** Registration throughput while the processor runs (and dispatches and delivers), then a drain. */
async function registrationRate(stack, token, db) {
  const result = await load(registrationLoad(stack.base, token));
  await waitUntil(db, QUIET, [], 600_000, 100);
  return result;
}

/**
 * Process jobs per second draining 600 BASIC registrations queued with the processor stopped, and
 * the seconds until the last of their events was delivered (attempts yield to a process backlog, so
 * with an endpoint most deliveries follow the processes), from the first process's start.
 */
async function processorRate(stack, token, db) {
  await stack.stopProcessor();
  const queued = await queueRegistrations(stack, token);
  stack.startProcessor();
  const { jobs, seconds } = await processJobsRun(db, queued);
  await waitUntil(db, QUIET, [], 600_000, 100);
  const { rows } = await db.query(
    `SELECT extract(epoch FROM greatest(
              (SELECT max(end_date) FROM request_process WHERE request_id = ANY($1)),
              (SELECT to_timestamp(max((a->>'at')::bigint + (a->>'durationMs')::bigint) / 1000.0)
                 FROM webhook_delivery d, jsonb_array_elements(d.attempts) a
                WHERE d.subject = ANY($1::text[])))
            - (SELECT min(start_date) FROM request_process WHERE request_id = ANY($1))) AS seconds`,
    [queued],
  );
  return { rate: jobs / seconds, allDeliveredSeconds: Number(rows[0].seconds) };
}

/**
 * Deliveries per second: `count` events (one per subject, so nothing waits for order) written in one
 * transaction on freshly vacuumed tables (as autovacuum keeps them in production: after a run of
 * 10,000 the deliveries table holds 10,000 dead rows, which the next run's writes and reads would
 * step over), timed from their commit to the last successful attempt. The wait asks only what an
 * index answers at once (is an event of the transaction not yet dispatched, is any delivery
 * pending) and counts the successes once at the end: a count of the 10,000 every 100 ms cost
 * PostgreSQL a twentieth of what the deliveries did.
 */
async function deliveryRate(stack, db, count, cpuNow = () => new Map()) {
  await vacuumAnalyze(stack);
  const cpuBefore = cpuNow();
  // Events come only from sessions announced as event writers (libs/persistence event-horizon.ts).
  const { ANNOUNCE_EVENT_WRITER } = require(
    path.join(__dirname, '..', '..', 'dist/libs/persistence/src/repositories/event-horizon.js'),
  );
  await db.query(ANNOUNCE_EVENT_WRITER);
  const { rows: written } = await db.query(
    `WITH e AS (
       INSERT INTO event (client_id, type, subject, data)
       SELECT 'acme', 'candidate_request.created', u::text, jsonb_build_object('uuid', u, 'packageId', 'PKG-ACME-BASIC')
         FROM (SELECT gen_random_uuid() AS u FROM generate_series(1, $1)) s
       RETURNING tx_id)
     SELECT min(tx_id::text) AS tx, extract(epoch FROM clock_timestamp()) * 1000 AS at FROM e`,
    [count],
  );
  await waitUntil(
    db,
    `SELECT NOT EXISTS (SELECT 1 FROM event e, event_cursor c
                         WHERE c.name = 'webhooks' AND e.tx_id = $1::xid8 AND (e.tx_id, e.seq) > (c.tx_id, c.seq))
        AND NOT EXISTS (SELECT 1 FROM webhook_delivery WHERE status = 'pending') AS done`,
    [written[0].tx],
    600_000,
    100,
  );
  const { rows: succeeded } = await db.query(
    `SELECT count(*)::int AS n FROM webhook_delivery WHERE event_tx = $1::xid8 AND status = 'succeeded'`,
    [written[0].tx],
  );
  const cpuMs = cpuSpent(cpuBefore, cpuNow());
  if (succeeded[0].n !== count) throw new Error(`${succeeded[0].n} of ${count} deliveries succeeded`);
  const { rows } = await db.query(
    `SELECT max((a->>'at')::bigint + (a->>'durationMs')::bigint) AS last FROM webhook_delivery, jsonb_array_elements(attempts) a
      WHERE event_tx = $1::xid8`,
    [written[0].tx],
  );
  return { deliveries: count, seconds: (Number(rows[0].last) - Number(written[0].at)) / 1000, cpuMs };
}

/** The processor's attempts in flight at most (apps/processor webhook.processor.ts DELIVER_CONCURRENCY). */
const FLOOR_CONCURRENCY = 64;

/**
 * The floor of deliveries: `count` signed POSTs of an event envelope to the same receiver, from this
 * process, 64 in flight over a keep-alive agent of 64 sockets as the processor's sender has, with
 * nothing else: no database, no queue, no record of the attempt. What a delivery costs beyond this is
 * ours; the floor itself is the machine's (the receiver shares its two cores with the sender).
 */
async function signedPostFloor(url, count) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: FLOOR_CONCURRENCY });
  const key = randomBytes(24);
  const post = () => {
    const id = randomUUID();
    const body = JSON.stringify({
      id,
      type: 'candidate_request.created',
      createdAt: Date.now(),
      clientId: 'acme',
      data: { uuid: randomUUID(), packageId: 'PKG-ACME-BASIC' },
    });
    const timestamp = Math.floor(Date.now() / 1000);
    const signature = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
    return new Promise((resolve, reject) => {
      const request = http.request(url, {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'webhook-id': id,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': `v1,${signature}`,
        },
      });
      request.on('response', (response) => response.resume().on('end', resolve));
      request.on('error', reject);
      request.end(body);
    });
  };
  let next = 0;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: FLOOR_CONCURRENCY }, async () => {
      while (next++ < count) await post();
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  agent.destroy();
  return { posts: count, seconds, perSecond: count / seconds };
}

async function runWebhooksBench(stack, token) {
  const db = new Client({ connectionString: stack.env.DATABASE_URL });
  await db.connect();
  const receiver = await startReceiver(Number(stack.env.PORT) + 97);
  try {
    await waitUntil(db, QUIET, [], 600_000, 100);
    // Side by side: the two setups alternate, so drift on a shared machine hits both alike.
    const registration = { none: [], one: [] };
    const processor = { none: [], one: [] };
    for (let i = 0; i < RUNS; i++) {
      for (const setup of ['none', 'one']) {
        await subscribe(stack, token, db, setup === 'one' ? receiver.url : null);
        registration[setup].push(await registrationRate(stack, token, db));
      }
    }
    for (let i = 0; i < RUNS; i++) {
      for (const setup of ['none', 'one']) {
        await subscribe(stack, token, db, setup === 'one' ? receiver.url : null);
        processor[setup].push(await processorRate(stack, token, db));
      }
    }
    await subscribe(stack, token, db, receiver.url);
    const before = await receiver.received();
    const delivery = await deliveryRate(stack, db, 10_000);
    const delivered = (await receiver.received()) - before;
    // Right after, to the same receiver: the rate of the POSTs alone.
    const floor = await signedPostFloor(receiver.url, 10_000);
    await db.query(`DELETE FROM webhook_endpoint`);
    const rps = (runs) => median(runs.map((r) => r.rps));
    const p99 = (runs) => median(runs.map((r) => r.p99));
    return {
      registration: {
        none: { rps: rps(registration.none), p99: p99(registration.none) },
        one: { rps: rps(registration.one), p99: p99(registration.one) },
        ratio: rps(registration.one) / rps(registration.none),
      },
      processor: {
        none: median(processor.none.map((r) => r.rate)),
        one: median(processor.one.map((r) => r.rate)),
        ratio: median(processor.one.map((r) => r.rate)) / median(processor.none.map((r) => r.rate)),
        oneAllDeliveredSeconds: median(processor.one.map((r) => r.allDeliveredSeconds)),
        noneSeconds: median(processor.none.map((r) => r.allDeliveredSeconds)),
      },
      deliveries: {
        ...delivery,
        perSecond: delivery.deliveries / delivery.seconds,
        received: delivered,
        floor,
        ofFloor: delivery.deliveries / delivery.seconds / floor.perSecond,
      },
    };
  } finally {
    receiver.stop();
    await db.end();
  }
}

/**
 * The deliveries figure alone (`npm run bench -- webhook-deliveries`): `runs` times 10,000 deliveries
 * then, right after, 10,000 signed POSTs alone to the same receiver; each run's ratio and the medians.
 * Quick enough to alternate two builds on a shared machine (docs/performance.md).
 */
async function runWebhookDeliveriesBench(stack, token, runs = RUNS) {
  const db = new Client({ connectionString: stack.env.DATABASE_URL });
  await db.connect();
  const receiver = await startReceiver();
  try {
    await waitUntil(db, QUIET, [], 600_000, 100);
    await subscribe(stack, token, db, receiver.url);
    // What each part of the machine spent, in microseconds of CPU a delivery or a POST: the floor's
    // sender is this process.
    const cpuNow = () =>
      cpuByRole(
        { processor: stack.processor.pid, api: stack.api.pid, receiver: receiver.pid, sender: process.pid },
        new URL(stack.env.REDIS_URL).port,
      );
    const perItem = (cpuMs, count) =>
      Object.fromEntries(Object.entries(cpuMs).map(([role, ms]) => [role, (ms * 1000) / count]));
    // Both sides warm first (not counted): the floor's HTTP client sent 40-60 % more a second in its
    // third run than in its first, and a cold first run flattered the ratio.
    await deliveryRate(stack, db, 10_000);
    await signedPostFloor(receiver.url, 10_000);
    const each = [];
    for (let i = 0; i < runs; i++) {
      const delivery = await deliveryRate(stack, db, 10_000, cpuNow);
      const floorCpuBefore = cpuNow();
      const floor = await signedPostFloor(receiver.url, 10_000);
      const floorCpuMs = cpuSpent(floorCpuBefore, cpuNow());
      const perSecond = delivery.deliveries / delivery.seconds;
      each.push({
        perSecond,
        floor: floor.perSecond,
        ofFloor: perSecond / floor.perSecond,
        cpuUsPerDelivery: perItem(delivery.cpuMs, delivery.deliveries),
        cpuUsPerPost: perItem(floorCpuMs, floor.posts),
      });
    }
    await db.query(`DELETE FROM webhook_endpoint`);
    return {
      runs: each,
      perSecond: median(each.map((r) => r.perSecond)),
      floor: median(each.map((r) => r.floor)),
      ofFloor: median(each.map((r) => r.ofFloor)),
    };
  } finally {
    receiver.stop();
    await db.end();
  }
}

module.exports = { runWebhooksBench, runWebhookDeliveriesBench, signedPostFloor };
