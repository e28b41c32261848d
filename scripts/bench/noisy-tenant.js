'use strict';
// One tenant's burst beside another tenant's webhooks (`npm run bench -- noisy-tenant`), side by side
// in one run, with the sandbox's default latency (200 ms, as `npm start` runs):
//   1. the quiet client (globex, one endpoint subscribed to every event) registers a FULL request
//      every QUIET_EVERY_MS with nothing else going on: its webhook latency, event createdAt ->
//      received, p50/p95;
//   2. the busy client (acme, 20 endpoints) registers 60 FULL requests at once while the quiet one
//      goes on registering: the quiet client's latency during the burst, and the busy client's
//      delivery throughput (its deliveries over the time from its first event to its last attempt).
// Not a test: figures only.
const { fork } = require('node:child_process');
const http = require('node:http');
const path = require('node:path');
const { Client } = require('pg');
const { median, percentile } = require('./lib/measure');
const { call, candidate, post, waitUntil } = require('./lib/workload');
const { sleep } = require('./lib/stack');

const RECEIVER_PORT = Number(process.env.BENCH_RECEIVER_PORT ?? 3298);
/** The sandbox latency `npm start` runs with (the bench's other parts use 0). */
const SANDBOX_LATENCY_MS = '200';
/** The busy client's endpoints (WEBHOOKS_MAX_ENDPOINTS_PER_CLIENT's default) and its burst. */
const BUSY_ENDPOINTS = 20;
const BURST = 60;
/** The quiet client registers one FULL request this often, now and then. */
const QUIET_EVERY_MS = 1_000;
const QUIET_ALONE = 10;
/** Bursts measured (each with the quiet client registering beside it); the median is printed. */
const RUNS = Number(process.env.BENCH_NOISY_RUNS ?? 2);

/** Nothing left to do: every event dispatched, no delivery due. */
const QUIET = `SELECT NOT EXISTS (SELECT 1 FROM request_process WHERE status = 'En proceso')
   AND NOT EXISTS (SELECT 1 FROM event e, event_cursor c WHERE c.name = 'webhooks' AND (e.tx_id, e.seq) > (c.tx_id, c.seq))
   AND NOT EXISTS (SELECT 1 FROM webhook_delivery WHERE status = 'pending') AS done`;

/** The quiet client's receiver, in this process: when each event first arrived. */
function startQuietReceiver(port) {
  const arrivals = new Map();
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const at = Date.now();
      const event = JSON.parse(body);
      if (!arrivals.has(event.id)) arrivals.set(event.id, { at, createdAt: event.createdAt, event });
      response.writeHead(204).end();
    });
  });
  server.keepAliveTimeout = 30_000;
  return new Promise((resolve, reject) =>
    server
      .once('error', reject)
      .listen(port, '127.0.0.1', () =>
        resolve({ url: `http://127.0.0.1:${port}/quiet`, arrivals, close: () => server.close() }),
      ),
  );
}

/** The busy client's receiver, a process of its own (30,000 POSTs): counts them. */
function startBusyReceiver(port) {
  const child = fork(path.join(__dirname, 'webhook-receiver.js'), {
    env: { ...process.env, PORT: String(port) },
  });
  return new Promise((resolve) =>
    child.once('message', () => resolve({ url: `http://127.0.0.1:${port}/busy`, stop: () => child.kill() })),
  );
}

async function signIn(base, email) {
  const response = await fetch(`${base}/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: process.env.DEMO_PASSWORD || 'Demo-Pass-2026!' }),
  });
  return (await response.json()).accessToken;
}

const fullOf = (packageId) => ({ ...candidate(packageId), packageId, consentNIP: '4790' });

/** Latencies (ms) of the quiet client's events about `uuids`, once each arrived. */
async function quietLatencies(db, receiver, uuids, timeoutMs = 600_000) {
  const { rows } = await db.query(
    `SELECT 'evt_' || e.tx_id || '_' || e.seq AS id FROM event e
      WHERE e.client_id = 'globex' AND e.subject = ANY($1::text[])`,
    [uuids],
  );
  const deadline = Date.now() + timeoutMs;
  while (rows.some((r) => !receiver.arrivals.has(r.id)) && Date.now() < deadline) await sleep(100);
  const arrived = rows.filter((r) => receiver.arrivals.has(r.id)).map((r) => receiver.arrivals.get(r.id));
  const latencies = arrived.map((a) => a.at - a.createdAt);
  // Where the time went, per delivery: event -> delivery created (the dispatcher's transaction
  // began); -> ready (the delivery before it in its subject's chain was attempted); -> attempt began.
  const { rows: stages } = await db.query(
    `WITH d AS (
       SELECT d.event_created_at AS event, d.created_at AS created, to_timestamp((d.attempts->0->>'at')::bigint / 1000.0) AS began,
              to_timestamp(((lag(d.attempts->0) OVER w)->>'at')::bigint / 1000.0
                           + ((lag(d.attempts->0) OVER w)->>'durationMs')::bigint / 1000.0) AS previous_done
         FROM webhook_delivery d JOIN webhook_endpoint e ON e.id = d.endpoint_id
        WHERE e.client_id = 'globex' AND d.subject = ANY($1::text[])
       WINDOW w AS (PARTITION BY d.endpoint_id, d.subject ORDER BY d.event_created_at, d.event_tx, d.event_seq)),
     s AS (SELECT extract(epoch FROM created - event) * 1000 AS dispatched,
                  extract(epoch FROM greatest(created, coalesce(previous_done, created)) - created) * 1000 AS chain,
                  extract(epoch FROM began - greatest(created, coalesce(previous_done, created))) * 1000 AS started FROM d)
     SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY dispatched) AS "dispatchP50",
            percentile_cont(0.95) WITHIN GROUP (ORDER BY dispatched) AS "dispatchP95",
            percentile_cont(0.5) WITHIN GROUP (ORDER BY chain) AS "chainP50",
            percentile_cont(0.95) WITHIN GROUP (ORDER BY chain) AS "chainP95",
            percentile_cont(0.5) WITHIN GROUP (ORDER BY started) AS "startP50",
            percentile_cont(0.95) WITHIN GROUP (ORDER BY started) AS "startP95" FROM s`,
    [uuids],
  );
  const stage = Object.fromEntries(Object.entries(stages[0]).map(([k, v]) => [k, Number(v)]));
  return {
    ...stage,
    events: rows.length,
    received: arrived.length,
    p50: median(latencies),
    p95: percentile(latencies, 95),
    max: Math.max(...latencies),
  };
}

/** The quiet client registers a FULL request every QUIET_EVERY_MS until `stop()` says so. */
function registerNowAndThen(stack, token, stop, atMost) {
  const uuids = [];
  const done = (async () => {
    while (!stop() && uuids.length < atMost) {
      const next = Date.now() + QUIET_EVERY_MS;
      uuids.push(await post(stack, token, fullOf('PKG-GLOBEX-FULL')));
      await sleep(Math.max(0, next - Date.now()));
    }
    return uuids;
  })();
  return done;
}

/** One burst: 60 FULL requests of the busy client at once, the quiet client registering beside it. */
async function burst(stack, tokens, db, quiet) {
  await waitUntil(db, QUIET, [], 600_000, 100);
  const { rows: before } = await db.query(`SELECT now() AS at`);
  let burstDone = false;
  const quietRun = registerNowAndThen(stack, tokens.globex, () => burstDone, 120);
  await sleep(QUIET_EVERY_MS / 2);
  const started = Date.now();
  const uuids = await Promise.all(
    Array.from({ length: BURST }, () => post(stack, tokens.acme, fullOf('PKG-ACME-FULL'))),
  );
  const registeredMs = Date.now() - started;
  // The burst is delivered when its requests' processes have run and every delivery is attempted.
  await waitUntil(
    db,
    `SELECT NOT EXISTS (SELECT 1 FROM request_process WHERE request_id = ANY($1::uuid[]) AND status = 'En proceso')
        AND NOT EXISTS (SELECT 1 FROM event e, event_cursor c WHERE c.name = 'webhooks' AND (e.tx_id, e.seq) > (c.tx_id, c.seq))
        AND NOT EXISTS (SELECT 1 FROM webhook_delivery d WHERE d.subject = ANY($2::text[]) AND d.status = 'pending') AS done`,
    [uuids, uuids],
    900_000,
    250,
  );
  burstDone = true;
  const quietUuids = await quietRun;
  const { rows } = await db.query(
    `SELECT count(*)::int AS deliveries, count(DISTINCT (d.event_tx, d.event_seq))::int AS events,
            extract(epoch FROM min(d.event_created_at)) * 1000 AS first,
            max((a->>'at')::bigint + (a->>'durationMs')::bigint) AS last
       FROM webhook_delivery d
       CROSS JOIN LATERAL (SELECT a FROM jsonb_array_elements(d.attempts) a ORDER BY (a->>'at')::bigint DESC LIMIT 1) l
      WHERE d.subject = ANY($1::text[]) AND d.created_at >= $2`,
    [uuids, before[0].at],
  );
  const seconds = (Number(rows[0].last) - Number(rows[0].first)) / 1000;
  return {
    registeredMs,
    busy: {
      events: rows[0].events,
      deliveries: rows[0].deliveries,
      seconds,
      perSecond: rows[0].deliveries / seconds,
    },
    quiet: { requests: quietUuids.length, ...(await quietLatencies(db, quiet, quietUuids)) },
  };
}

async function runNoisyTenantBench(stack) {
  const db = new Client({ connectionString: stack.env.DATABASE_URL });
  await db.connect();
  const quiet = await startQuietReceiver(RECEIVER_PORT + 1);
  const busy = await startBusyReceiver(RECEIVER_PORT + 2);
  await stack.stopProcessor();
  stack.startProcessor({ SANDBOX_LATENCY_MS });
  try {
    const tokens = {
      acme: await signIn(stack.base, 'demo@acme.test'),
      globex: await signIn(stack.base, 'ops@globex.test'),
    };
    await db.query(`DELETE FROM webhook_endpoint`);
    for (let i = 1; i <= BUSY_ENDPOINTS; i++)
      await call(stack.base, tokens.acme, 'POST', '/webhook-endpoints', { url: `${busy.url}/${i}` });
    await call(stack.base, tokens.globex, 'POST', '/webhook-endpoints', { url: quiet.url });
    await waitUntil(db, QUIET, [], 600_000, 100);

    // 1. The quiet client alone.
    const alone = await registerNowAndThen(stack, tokens.globex, () => false, QUIET_ALONE);
    const quietAlone = { requests: alone.length, ...(await quietLatencies(db, quiet, alone)) };

    // 2. Bursts, the quiet client beside each.
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await burst(stack, tokens, db, quiet));
    await db.query(`DELETE FROM webhook_endpoint`);
    return {
      sandboxLatencyMs: Number(SANDBOX_LATENCY_MS),
      quietAlone,
      runs,
      during: {
        quietP50: median(runs.map((r) => r.quiet.p50)),
        quietP95: median(runs.map((r) => r.quiet.p95)),
        busyPerSecond: median(runs.map((r) => r.busy.perSecond)),
        busySeconds: median(runs.map((r) => r.busy.seconds)),
      },
    };
  } finally {
    quiet.close();
    busy.stop();
    await db.end();
    await stack.stopProcessor();
    stack.startProcessor();
  }
}

module.exports = { runNoisyTenantBench };
