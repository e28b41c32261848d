'use strict';
// The audit log's figures (docs/security.md, "Audit log"; docs/performance.md, "The audit log"):
// the overview with an API key beside a JWT and the bare handler; then a log of 1,000,000 valid
// chained events, `npm run audit:verify` over it, and `GET /audit-events` pages at an open-loop rate.
const { spawn } = require('node:child_process');
const { randomUUID } = require('node:crypto');
const path = require('node:path');
const { pipeline } = require('node:stream/promises');
const { Readable } = require('node:stream');
const { from: copyFrom } = require('pg-copy-streams');
const { startBareOverview } = require('./lib/bare-overview');
const { atRate, loadMedian, median } = require('./lib/measure');
const { ROOT } = require('./lib/stack');
const { call, candidate, post, withDatabase, waitUntil } = require('./lib/workload');

// The domain's chain, from the build (the bench runs on the build, as the apps do).
const { chainEvents } = require(path.join(ROOT, 'dist/libs/domain/src/audit/audit-chain.js'));

/** A FULL request whose processes have all left 'En proceso': the overview the benches read. */
async function overviewSubject(stack, token) {
  const uuid = await post(stack, token, candidate('PKG-ACME-FULL'));
  await withDatabase(stack, (db) =>
    waitUntil(
      db,
      `SELECT NOT EXISTS (SELECT 1 FROM request_process WHERE request_id = $1 AND status = 'En proceso') AS done`,
      [uuid],
    ),
  );
  return uuid;
}

/**
 * The overview read with an API key, with a JWT, and by the bare handler, one 5 s run of each in
 * turn, three times (50 connections): medians side by side.
 */
async function credentialsSideBySide(stack, token, { runs = 3 } = {}) {
  const { key } = await call(stack.base, token, 'POST', '/api-keys', { name: 'bench', role: 'viewer' });
  const uuid = await overviewSubject(stack, token);
  const bare = await startBareOverview(stack);
  const overview = (base, bearer) => ({
    url: `${base}/candidate-requests/${uuid}`,
    headers: { authorization: `Bearer ${bearer}` },
    connections: 50,
  });
  const kinds = {
    jwt: overview(stack.base, token),
    apiKey: overview(stack.base, key),
    bare: overview(bare.url, token),
  };
  const measured = { jwt: [], apiKey: [], bare: [] };
  try {
    await loadMedian({ ...kinds.jwt, duration: 3 }, 1); // warm-up
    await loadMedian({ ...kinds.apiKey, duration: 3 }, 1);
    // Each kind takes each place in the order once in three rounds: in a fixed order the key always
    // ran right after the JWT, so what that place costs could not be told from what the key costs.
    const order = Object.entries(kinds);
    for (let i = 0; i < runs; i++)
      for (let j = 0; j < order.length; j++) {
        const [kind, options] = order[(i + j) % order.length];
        measured[kind].push(await loadMedian(options, 1));
      }
  } finally {
    bare.stop();
  }
  const summary = (list) => ({
    rps: median(list.map((r) => r.rps)),
    p99: median(list.map((r) => r.p99)),
    non2xx: list.reduce((n, r) => n + r.non2xx, 0),
    runs: list.map((r) => r.rps),
  });
  const result = Object.fromEntries(Object.entries(measured).map(([kind, list]) => [kind, summary(list)]));
  result.apiKeyOfJwt = result.apiKey.rps / result.jwt.rps;
  result.jwtOfBare = result.jwt.rps / result.bare.rps;
  return result;
}

/** A small seeded generator (mulberry32): logs of the same shape on every run (the ids are random). */
function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Picks from `[value, weight]` pairs. */
function weighted(random, pairs) {
  const total = pairs.reduce((n, [, w]) => n + w, 0);
  return () => {
    let r = random() * total;
    for (const [value, w] of pairs) if ((r -= w) < 0) return value;
    return pairs[pairs.length - 1][0];
  };
}

/**
 * What admins' logs hold: the operations of docs/security.md ("What is recorded"), overviews polled
 * most, changes of keys and endpoints rare. `[action, weight, subject type, subject named]`.
 */
const ACTIONS = [
  ['getCandidateRequest', 5500, 'candidate_request', true],
  ['createCandidateRequest', 1000, 'candidate_request', 'new'],
  ['listCandidateRequests', 800, 'candidate_request_list', false],
  ['getProcessDetail', 800, 'candidate_request', true],
  ['getCandidateReport', 300, 'candidate_request', true],
  ['createLegalSearch', 400, 'legal_search', 'new'],
  ['getLegalSearch', 300, 'legal_search', true],
  ['getLegalRecord', 200, 'legal_record', 'new'],
  ['screenWatchLists', 300, 'watch_list_screening', 'new'],
  ['signIn', 200, 'user', false],
  ['listAlerts', 100, 'monitor_alert_list', false],
  ['createMonitor', 50, 'monitor', 'new'],
  ['createApiKey', 1, 'api_key', 'new'],
  ['revokeApiKey', 0.5, 'api_key', true],
  ['createWebhookEndpoint', 1, 'webhook_endpoint', 'new'],
];

/**
 * One client's people and backends: four API keys (one backend polls most of the client's
 * overviews) and 30 staff members, a few busy and most rare (Zipf).
 */
function actorsOf(clientId, random) {
  const keys = [30, 15, 5, 1].map((w) => [{ type: 'api_key', id: randomUUID() }, w]);
  const users = Array.from({ length: 30 }, (_, i) => [
    { type: 'user', id: randomUUID(), email: `staff${i + 1}@${clientId}.test` },
    49 / (i + 1) / 4,
  ]);
  const all = [...keys, ...users];
  return { pick: weighted(random, all), heaviest: keys[0][0], rarest: users[users.length - 1][0] };
}

/**
 * `count` events after the chain's head, generated and chained with the domain's `chainEvents`, the
 * way the api chains them: 20 clients, `acme` (the demo admin's) a quarter of them. Their times run
 * from the head's to now. Answers rows for COPY, in chain order, and what the page part filters on.
 */
function* generatedEvents(head, count, now, picks) {
  const random = seeded(20261128);
  const clients = [
    ['acme', 25],
    ['globex', 15],
    ...Array.from({ length: 18 }, (_, i) => [`client-${String(i + 3).padStart(2, '0')}`, 60 / 18]),
  ];
  const clientOf = weighted(random, clients);
  const actors = new Map(clients.map(([id]) => [id, actorsOf(id, random)]));
  const subjects = new Map(clients.map(([id]) => [id, new Map()]));
  const actionOf = weighted(
    random,
    ACTIONS.map((a) => [a, a[1]]),
  );
  picks.acme = actors.get('acme');
  picks.acmeSubjects = [];
  picks.acmeEvents = 0;
  const span = Math.max(0, now - head.at);
  const CHUNK = 10_000;
  for (let done = 0; done < count; done += CHUNK) {
    const bodies = [];
    for (let i = done; i < Math.min(count, done + CHUNK); i++) {
      const clientId = clientOf();
      if (clientId === 'acme') picks.acmeEvents += 1;
      const [action, , subjectType, named] = actionOf();
      const known = subjects.get(clientId);
      let ids = known.get(subjectType);
      if (!ids) known.set(subjectType, (ids = []));
      let subjectId = null;
      if (named === 'new' || (named && ids.length === 0)) {
        subjectId = randomUUID();
        ids.push(subjectId);
        if (clientId === 'acme' && subjectType === 'candidate_request') picks.acmeSubjects.push(subjectId);
      } else if (named) {
        // Recent subjects are read most (a request is polled until it finishes).
        subjectId = ids[ids.length - 1 - Math.floor(ids.length * random() ** 4)];
      }
      const status = action.startsWith('create') ? 201 : random() < 0.01 ? 404 : 200;
      bodies.push({
        at: head.at + Math.floor((span * i) / count),
        actor: actors.get(clientId).pick(),
        clientId,
        action,
        subject: { type: subjectType, id: subjectId },
        status: action === 'createCandidateRequest' ? 202 : status,
        requestId: randomUUID(),
        ip: `203.0.113.${1 + Math.floor(random() * 250)}`,
      });
    }
    const chained = chainEvents(head, bodies);
    const last = chained[chained.length - 1];
    head = { id: last.id, at: last.at, hash: last.hash };
    yield chained;
  }
}

/** A COPY text field: these values hold no tab, newline or backslash. */
const field = (value) => (value === null || value === undefined ? '\\N' : String(value));

/**
 * Appends `count` valid chained events to the stack's log, as fast as this machine allows: chained in
 * node by the domain's functions, written with COPY in one transaction that holds the chain's head
 * (so the api appends after them), the table's secondary indexes dropped meanwhile and rebuilt from
 * their own definitions, then VACUUM ANALYZE, as autovacuum would in production (it is off here).
 * COPY inserts, so the append-only trigger (UPDATE, DELETE) is not in the way.
 */
async function fillAuditLog(stack, count) {
  const picks = {};
  const started = Date.now();
  await withDatabase(stack, async (db) => {
    await db.query('BEGIN');
    const {
      rows: [head],
    } = await db.query(`SELECT seq::text AS id, at_ms::float8 AS at, hash FROM audit_chain_head FOR UPDATE`);
    picks.firstId = BigInt(head.id) + 1n;
    const { rows: indexes } = await db.query(
      `SELECT i.relname AS name, pg_get_indexdef(i.oid) AS definition
         FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
        WHERE x.indrelid = 'audit_event'::regclass AND NOT x.indisprimary`,
    );
    for (const { name } of indexes) await db.query(`DROP INDEX "${name}"`);
    let last = head;
    const lines = (function* () {
      for (const chained of generatedEvents(head, count, Date.now(), picks)) {
        let text = '';
        for (const e of chained)
          text += `${e.id}\t${new Date(e.at).toISOString()}\t${e.at}\t${e.actor.type}\t${e.actor.id}\t${field(e.actor.email)}\t${field(e.clientId)}\t${e.action}\t${e.subject.type}\t${field(e.subject.id)}\t${e.status}\t${field(e.requestId)}\t${field(e.ip)}\t${e.hash}\n`;
        last = chained[chained.length - 1];
        yield text;
      }
    })();
    await pipeline(
      Readable.from(lines),
      db.query(
        copyFrom(`COPY audit_event (seq, at, at_ms, actor_type, actor_id, actor_email, client_id, action,
                   subject_type, subject_id, status, request_id, ip, hash) FROM STDIN`),
      ),
    );
    picks.lastId = BigInt(last.id);
    await db.query(`UPDATE audit_chain_head SET seq = $1, at_ms = $2, hash = $3`, [
      last.id,
      last.at,
      last.hash,
    ]);
    for (const { definition } of indexes) await db.query(definition);
    await db.query('COMMIT');
    await db.query('VACUUM ANALYZE audit_event');
  });
  return { seconds: (Date.now() - started) / 1000, picks };
}

/** `npm run audit:verify` on the stack's database: its wall time, exit status and last line. */
async function timeVerify(stack) {
  const started = Date.now();
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts/audit-verify.js')], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: stack.env.DATABASE_URL },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const status = await new Promise((resolve) => child.on('exit', resolve));
  return { seconds: (Date.now() - started) / 1000, status, output: output.trim().split('\n').pop() };
}

/** Each filter an admin would page with, its cursors drawn deep in the generated log. */
function pageQueries(picks) {
  const random = seeded(7);
  const span = Number(picks.lastId - picks.firstId);
  const deep = () => String(picks.firstId + BigInt(Math.floor(span * random())));
  const subjects = picks.acmeSubjects;
  return [
    ['client only, first page', () => ({})],
    ['client only, deep cursor', () => ({ after: deep() })],
    ['+ actorId (busiest key), deep', () => ({ actorId: picks.acme.heaviest.id, after: deep() })],
    ['+ actorId (rarest user), deep', () => ({ actorId: picks.acme.rarest.id, after: deep() })],
    ['+ action (overview), deep', () => ({ action: 'getCandidateRequest', after: deep() })],
    ['+ action (createApiKey), deep', () => ({ action: 'createApiKey', after: deep() })],
    ['+ subjectId', () => ({ subjectId: subjects[Math.floor(subjects.length * random())] })],
  ];
}

/** `GET /audit-events` (the demo admin, client acme, 100 a page) per filter, `rate` a second. */
async function pagesAtRate(stack, token, picks, { rate, seconds }) {
  const headers = { authorization: `Bearer ${token}` };
  const runs = [];
  for (const [label, query] of pageQueries(picks)) {
    const next = () => ({ path: `/audit-events?${new URLSearchParams(query())}`, headers });
    await atRate(stack.base, { rate, seconds: 1, next }); // warm-up
    runs.push({ label, ...(await atRate(stack.base, { rate, seconds, next })) });
  }
  return runs;
}

/** Events in the generated log; the page target's open-loop rate. */
const LOG_EVENTS = 1_000_000;
const PAGE_RATE = 200;

async function runAuditBench(stack, token, { events = LOG_EVENTS, credentials = true } = {}) {
  const results = {};
  if (credentials) results.credentials = await credentialsSideBySide(stack, token);
  const fill = await fillAuditLog(stack, events);
  results.fill = { events, seconds: fill.seconds, acmeEvents: fill.picks.acmeEvents };
  results.verify = await timeVerify(stack);
  results.pages = await pagesAtRate(stack, token, fill.picks, { rate: PAGE_RATE, seconds: 10 });
  return results;
}

module.exports = { LOG_EVENTS, runAuditBench, credentialsSideBySide, fillAuditLog, overviewSubject };
