'use strict';
// What the benches do to the private stack: register candidates, call the api, and wait on (and
// measure from) the database. One copy here instead of one per bench.
const http = require('node:http');
const path = require('node:path');
const { Client } = require('pg');
const { ROOT, sleep } = require('./stack');

// The api's own request examples (Swagger UI runs them against the demo data), from the build.
const EXAMPLES = require(path.join(ROOT, 'dist/apps/api/src/screening/screening.examples.js'));
const { email: _email, phone: _phone, ...BASIC } = EXAMPLES.REGISTRATION_EXAMPLES.basic.value;

let seq = 0;
/** A valid individual candidate (the basic example) on `packageId`, a new name on every call. */
function candidate(packageId) {
  seq += 1;
  return {
    ...BASIC,
    packageId,
    name: `Bench ${seq}`,
    ...(packageId === 'PKG-ACME-FULL' ? { consentNIP: '4790' } : {}),
  };
}

/** Bearer headers for `token`, with a JSON content type when a body goes along. */
function authHeaders(token, json = true) {
  return { authorization: `Bearer ${token}`, ...(json ? { 'content-type': 'application/json' } : {}) };
}

// Sequential timings go through node:http on kept-alive connections, as autocannon's do: undici's
// fetch, timed against a bare node:http server in one process on this 2-core machine, adds 0.3 ms at
// p50 and 4.5 ms at p99 of its own, which is the client's cost, not the api's.
const agent = new http.Agent({ keepAlive: true });

/** One api call; throws on anything but a 2xx, answers the JSON body (null for a 204). */
function call(base, token, method, url, body) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const headers = authHeaders(token, payload !== undefined);
  if (payload !== undefined) headers['content-length'] = Buffer.byteLength(payload);
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}${url}`, { method, headers, agent }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        if (response.statusCode >= 300) reject(new Error(`${method} ${url}: ${response.statusCode} ${text}`));
        else resolve(response.statusCode === 204 ? null : JSON.parse(text));
      });
    });
    request.on('error', reject);
    request.end(payload);
  });
}

/** Registers `body`; answers the new request's uuid. */
async function post(stack, token, body) {
  const response = await fetch(`${stack.base}/candidate-requests`, {
    method: 'POST',
    headers: authHeaders(token),
    body: JSON.stringify(body),
  });
  if (response.status !== 202) throw new Error(`registration: ${response.status} ${await response.text()}`);
  return (await response.json()).uuid;
}

/** The autocannon options of a registration load on `base`. */
function registrationLoad(base, token, options = {}) {
  return {
    url: `${base}/candidate-requests`,
    method: 'POST',
    headers: authHeaders(token),
    body: JSON.stringify(candidate('PKG-ACME-BASIC')),
    ...options,
  };
}

/**
 * Polls `sql` (one row with a boolean `done`) until it holds, every `everyMs`. Waits whose figure is
 * read from the database afterwards poll slowly: the poll itself takes CPU from what is measured.
 */
async function waitUntil(db, sql, params, timeoutMs = 120_000, everyMs = 5) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const { rows } = await db.query(sql, params);
    if (rows[0].done) return;
    await sleep(everyMs);
  }
  throw new Error(`timed out: ${sql}`);
}

/** A connected client on the stack's database, ended after `use`. */
async function withDatabase(stack, use) {
  const db = new Client({ connectionString: stack.env.DATABASE_URL });
  await db.connect();
  try {
    return await use(db);
  } finally {
    await db.end();
  }
}

/**
 * What autovacuum does in production, done by hand before a measured part (the overview, a drain):
 * this machine's PostgreSQL runs with autovacuum off, so after the earlier parts' tens of thousands of
 * requests the tables would carry their dead rows and the planner the statistics of empty tables.
 */
const MAINTAINED = [
  'candidate_request',
  'candidate',
  'request_process',
  'event',
  'outbox_job',
  'webhook_delivery',
];
async function vacuumAnalyze(stack) {
  await withDatabase(stack, (db) => db.query(`VACUUM ANALYZE ${MAINTAINED.join(', ')}`));
}

/**
 * Registers `count` BASIC candidates, 20 at a time, on freshly vacuumed tables; answers their uuids
 * once the api published every job.
 */
async function queueRegistrations(stack, token, count = 600) {
  await vacuumAnalyze(stack);
  const queued = [];
  for (let i = 0; i < count; i += 20)
    queued.push(
      ...(await Promise.all(
        Array.from({ length: 20 }, () => post(stack, token, candidate('PKG-ACME-BASIC'))),
      )),
    );
  await sleep(1500); // let the api publish every job
  return queued;
}

/** Waits until every process of `requestIds` has finished; answers their job count and the seconds they took. */
async function processJobsRun(db, requestIds, timeoutMs = 300_000) {
  // One index probe per request: a plain `request_id = ANY($1)` was planned as a parallel scan of the
  // whole table (120 ms, with two workers), which ran every 100 ms on the cores the drain is measured on.
  await waitUntil(
    db,
    `SELECT NOT EXISTS (SELECT 1 FROM unnest($1::uuid[]) AS r(id)
        WHERE EXISTS (SELECT 1 FROM request_process p WHERE p.request_id = r.id AND p.status <> 'Finalizado')) AS done`,
    [requestIds],
    timeoutMs,
    500, // the figure is read from the rows' dates: a slower poll only takes less from the drain
  );
  const { rows } = await db.query(
    `SELECT count(*)::int AS jobs, extract(epoch FROM (max(end_date) - min(start_date))) AS seconds
       FROM request_process WHERE request_id = ANY($1)`,
    [requestIds],
  );
  return { jobs: rows[0].jobs, seconds: Number(rows[0].seconds) };
}

module.exports = {
  EXAMPLES,
  authHeaders,
  call,
  candidate,
  post,
  processJobsRun,
  queueRegistrations,
  registrationLoad,
  vacuumAnalyze,
  waitUntil,
  withDatabase,
};
