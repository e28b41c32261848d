'use strict';
// What the benches do to the private stack: register candidates, call the api, and wait on (and
// measure from) the database. One copy here instead of one per bench.
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

/** One api call; throws on anything but a 2xx, answers the JSON body (null for a 204). */
async function call(base, token, method, url, body) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: authHeaders(token, body !== undefined),
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (response.status >= 300)
    throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return response.status === 204 ? null : response.json();
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

/** Registers `count` BASIC candidates, 20 at a time; answers their uuids once the api published every job. */
async function queueRegistrations(stack, token, count = 600) {
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
  await waitUntil(
    db,
    `SELECT count(*) = 0 AS done FROM request_process WHERE request_id = ANY($1) AND status <> 'Finalizado'`,
    [requestIds],
    timeoutMs,
    100,
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
  waitUntil,
  withDatabase,
};
