'use strict';
// The watch lists at the publishers' real sizes (issue 24): import all five with the CLI, then
// screen through the api and run list processes in the processor with them active.
//   1. import: article 69 (300,000 rows), 69-B (15,000), OFAC SDN (19,000 + 20,000 aliases), UN
//      (1,000), PEPs (50,000), written in the publishers' formats (scripts/bench/lib/watch-list-files.js)
//      and imported one source after the other as an operator would: the total wall time, and how
//      long until both apps screen against the new versions;
//   2. screen(): one candidate against every list inside the api's process is what the endpoint's
//      latency minus HTTP is; measured on the built index in this process, the worst realistic
//      candidate (the commonest name without maternal surname or birth date);
//   3. POST /watch-lists/screenings from 20 kept-alive connections for 10 s, first a name no list
//      has (the endpoint's floor), then the commonest names typed four ways: p50 / p95 / p99 and
//      requests/s; the slowest of them again at 500 a second;
//   4. registration -> globalEndDate of PKG-ACME-BASIC, one at a time (median of 15);
//   5. processor throughput on PKG-ACME-BASIC (1,800 requests, 9,000 jobs) with the lists, and with
//      SANDBOX_LIST_PROCESSES=true (the three list processes answered by the sandbox): alternated,
//      median of three each;
//   6. quality of the matcher on the committed labelled pairs (precision of match, recall);
//   7. RSS of the api and the processor with the real-size lists active.
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');
const Bull = require('bull');
const { Client } = require('pg');
const { realSizeFiles, SOURCES } = require('./lib/watch-list-files');
const { median, percentile } = require('./lib/measure');
const { candidate, post, processJobsRun, queueRegistrations, waitUntil } = require('./lib/workload');
const { cpuMs, rssMb, untilIdle } = require('./lib/floors');
const { ROOT, startApp } = require('./lib/stack');

const DIST = path.join(ROOT, 'dist');
const FILES_DIR = path.join(ROOT, '.bench', 'watch-lists');
const { SCREENING_QUEUE } = require(path.join(DIST, 'libs/platform/src/queue/queue.contract.js'));
const QUEUE_PREFIX = 'screening';

/** The worst realistic subject: the commonest given name and surnames, nothing to tell namesakes apart. */
const WORST = { name: 'María', lastName: 'García', secondLastName: 'Hernández' };
const WORST_NO_MATERNAL = { name: 'María', lastName: 'García' };
/**
 * The commonest names typed the ways that give the matcher most to do: without maternal surname
 * (every namesake is a hit), with two given names (a listed maternal surname may stand among
 * them), with both surnames in lastName (read as one compound surname and as the two).
 */
const ENDPOINT_CASES = [
  ['full name', WORST],
  ['no maternal', WORST_NO_MATERNAL],
  ['2 given names', { name: 'María Guadalupe', lastName: 'Hernández' }],
  ['2 in lastName', { name: 'Juan', lastName: 'Hernández García' }],
];
/**
 * The endpoint's floor: a name no list has (no candidate to score), so what it costs is the rest of
 * the request (authentication, validation, the stored screening and its charge, the answer).
 */
const NOBODY = { name: 'Zyxwq', lastName: 'Qwrtzp' };
/** Registrations per measured drain of the processor (see `drainBasic`). */
const BASIC_PER_DRAIN = 1800;
/** The throughput target: the latency target is read at this rate. */
const TARGET_RATE = 500;

/**
 * `n` kept-alive connections posting `body` for `seconds`: latencies of every answer. Each
 * connection posts again as soon as it has its answer, unless `rate` is given: then requests are
 * due at that many a second, spread evenly, each sent by the first free connection, and a
 * latency runs from when the request was due (time spent waiting for a free connection counts).
 */
async function postLoad(stack, token, url, body, { connections = 20, seconds = 10, rate = null } = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const payload = JSON.stringify(body);
  const { port } = new URL(stack.base);
  const latencies = [];
  let failures = 0;
  const deadline = Date.now() + seconds * 1000;
  const once = (started = process.hrtime.bigint()) =>
    new Promise((resolve) => {
      const request = http.request(
        {
          agent,
          host: '127.0.0.1',
          port,
          path: url,
          method: 'POST',
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(payload),
          },
        },
        (response) => {
          response.resume();
          response.on('end', () => {
            if (response.statusCode === 200) latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
            else failures++;
            resolve();
          });
        },
      );
      request.on('error', () => {
        failures++;
        resolve();
      });
      request.end(payload);
    });
  const began = process.hrtime.bigint();
  let sent = 0;
  const worker = async () => {
    if (rate === null) {
      while (Date.now() < deadline) await once();
      return;
    }
    for (;;) {
      const due = began + BigInt(Math.round((sent++ * 1e9) / rate));
      const wait = Number(due - process.hrtime.bigint()) / 1e6;
      if (Date.now() + Math.max(wait, 0) >= deadline) return;
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      await once(due);
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: connections }, worker));
  agent.destroy();
  return {
    rps: latencies.length / ((Date.now() - started) / 1000),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    failures,
  };
}

async function activeVersions(db) {
  const { rows } = await db.query(`SELECT source, version FROM watch_list_version WHERE status = 'active'`);
  return Object.fromEntries(rows.map((r) => [r.source, r.version]));
}

/** Until the api's screening reads every active version (the api loads them after their NOTIFY). */
async function apiScreensWith(stack, token, versions) {
  for (;;) {
    const response = await fetch(`${stack.base}/watch-lists/screenings`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ rfc: 'XAXX010101000' }),
    });
    const body = await response.json();
    if (SOURCES.every((s) => body.listsChecked?.some((l) => l.source === s && l.version === versions[s])))
      return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Until a BASIC registration's list processes read every active version (the processor's index). */
async function processorScreensWith(stack, token, db, versions) {
  for (;;) {
    const uuid = await post(stack, token, candidate('PKG-ACME-BASIC'));
    await waitUntil(
      db,
      `SELECT bool_and(status = 'Finalizado') AS done FROM request_process WHERE request_id = $1`,
      [uuid],
    );
    const { rows } = await db.query(
      `SELECT summary FROM request_process WHERE request_id = $1 AND summary ? 'listsChecked'`,
      [uuid],
    );
    const read = rows.flatMap((r) => r.summary.listsChecked);
    if (SOURCES.every((s) => read.some((l) => l.source === s && l.version === versions[s]))) return;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** screen() of the built index, in this process, at the real sizes: p50 / p95 over `runs`. */
async function inProcessScreening(databaseUrl, runs = 300) {
  const { WatchListIndex, WatchListSegmentBuilder } = require(path.join(DIST, 'libs/domain/src/index.js'));
  const { WatchListRepository } = require(
    path.join(DIST, 'libs/persistence/src/repositories/watch-list.repository.js'),
  );
  const { DataSource } = require('typeorm');
  const { dataSourceOptions } = require(path.join(DIST, 'libs/persistence/src/data-source-options.js'));
  const dataSource = new DataSource(dataSourceOptions(databaseUrl, { poolSize: 2 }));
  await dataSource.initialize();
  const repository = new WatchListRepository(dataSource);
  const index = new WatchListIndex();
  for (const row of await repository.activeVersions()) {
    const builder = new WatchListSegmentBuilder(row.source, row.version);
    for await (const page of repository.indexedEntries(row.id)) for (const entry of page) builder.add(entry);
    index.replace(builder.build());
  }
  await dataSource.destroy();
  const measure = (subject) => {
    for (let i = 0; i < 20; i++) index.screen(subject); // warm-up
    const times = [];
    let hits = 0;
    for (let i = 0; i < runs; i++) {
      const started = process.hrtime.bigint();
      hits = index.screen(subject).length;
      times.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
    return { p50: median(times), p95: percentile(times, 95), hits };
  };
  return {
    worst: measure({ kind: 'person', ...WORST }),
    worstNoMaternal: measure({ kind: 'person', ...WORST_NO_MATERNAL }),
  };
}

/**
 * BASIC registrations queued while the processor is paused, then drained: its jobs a second and its
 * CPU per job (from /proc, which the machine's other load moves less than a rate). 1,800 of them
 * (9,000 jobs, 2-3 s here): drains of 600 took 0.6 s, short enough for a neighbour's burst to move
 * the lists/sandbox ratio by 10 % from one run to the next.
 */
async function drainBasic(stack, token, db, queue) {
  await queue.pause();
  const queued = await queueRegistrations(stack, token, BASIC_PER_DRAIN);
  const cpuBefore = cpuMs(stack.processor.pid);
  await queue.resume();
  const run = await processJobsRun(db, queued);
  return { rate: run.jobs / run.seconds, cpuMsPerJob: (cpuMs(stack.processor.pid) - cpuBefore) / run.jobs };
}

async function runWatchListsBench(stack, token) {
  const db = new Client({ connectionString: stack.env.DATABASE_URL });
  await db.connect();
  const results = {};

  // 1. Import every source at its real size.
  const files = realSizeFiles(FILES_DIR);
  const { main } = require(path.join(DIST, 'libs/application/src/watch-lists/import-cli.js'));
  const perSource = {};
  const started = Date.now();
  for (const source of SOURCES) {
    const t = Date.now();
    const code = await main(
      { source, files: files[source], force: true },
      stack.env.DATABASE_URL,
      () => undefined,
    );
    if (code !== 0) throw new Error(`import of ${source} refused`);
    perSource[source] = (Date.now() - t) / 1000;
  }
  const importSeconds = (Date.now() - started) / 1000;
  const versions = await activeVersions(db);
  await apiScreensWith(stack, token, versions);
  const apiLoadedSeconds = (Date.now() - started) / 1000;
  await processorScreensWith(stack, token, db, versions);
  const processorLoadedSeconds = (Date.now() - started) / 1000;
  const { rows: counts } = await db.query(
    `SELECT source, entries FROM watch_list_version WHERE status = 'active' ORDER BY source`,
  );
  results.import = {
    seconds: importSeconds,
    perSource,
    apiLoadedSeconds,
    processorLoadedSeconds,
    entries: counts,
  };

  // 2. screen() in process, 3. the endpoint.
  results.screen = await inProcessScreening(stack.env.DATABASE_URL);
  await postLoad(stack, token, '/watch-lists/screenings', WORST, { seconds: 3 }); // warm-up
  const floor = await postLoad(stack, token, '/watch-lists/screenings', NOBODY);
  const cases = [];
  for (const [label, body] of ENDPOINT_CASES)
    cases.push({ label, ...(await postLoad(stack, token, '/watch-lists/screenings', body)) });
  // The slowest of them again, sent at the target rate: the latency a client sees at that load
  // (20 connections that never pause wait 20 / throughput on average, whatever the service does).
  const slowest = cases.reduce((a, b) => (b.rps < a.rps ? b : a));
  const atRate = await postLoad(
    stack,
    token,
    '/watch-lists/screenings',
    ENDPOINT_CASES.find(([label]) => label === slowest.label)[1],
    { rate: TARGET_RATE },
  );
  results.endpoint = { floor, cases, atRate: { label: slowest.label, rate: TARGET_RATE, ...atRate } };

  // 4. BASIC registration to its last process's end, one at a time.
  const toEnd = [];
  for (let i = 0; i < 15; i++) {
    const basic = await post(stack, token, candidate('PKG-ACME-BASIC'));
    await waitUntil(
      db,
      `SELECT bool_and(status = 'Finalizado') AS done FROM request_process WHERE request_id = $1`,
      [basic],
    );
    const { rows } = await db.query(
      `SELECT extract(epoch FROM (max(p.end_date) - r.created_at)) * 1000 AS ms FROM request_process p JOIN candidate_request r ON r.id = p.request_id WHERE r.id = $1 GROUP BY r.created_at`,
      [basic],
    );
    toEnd.push(Number(rows[0].ms));
  }
  results.basicToGlobalEndMs = median(toEnd);

  // 5. Processor throughput on BASIC: lists vs the sandbox for the three list processes, alternated.
  const queue = new Bull(SCREENING_QUEUE, stack.env.REDIS_URL, { prefix: QUEUE_PREFIX });
  const withProcessor = async (env) => {
    await stack.stopProcessor();
    stack.processor = startApp('processor', { ...stack.env, ...env });
    if (env.SANDBOX_LIST_PROCESSES !== 'true') await processorScreensWith(stack, token, db, versions);
    // The processor loads the lists in the background whatever answers its processes; a drain
    // measured while that runs would charge the load to whichever mode it overlapped.
    await untilIdle(stack.processor.pid);
    await drainBasic(stack, token, db, queue); // unmeasured: V8 optimises the new process's hot path
  };
  const lists = [];
  const sandbox = [];
  for (let i = 0; i < 3; i++) {
    await withProcessor({ SANDBOX_LIST_PROCESSES: 'true' });
    sandbox.push(await drainBasic(stack, token, db, queue));
    await withProcessor({});
    lists.push(await drainBasic(stack, token, db, queue));
  }
  await queue.close();
  const rates = (runs) => runs.map((run) => run.rate);
  const cpu = (runs) => median(runs.map((run) => run.cpuMsPerJob));
  results.processor = {
    listsJobsPerSecond: median(rates(lists)),
    sandboxJobsPerSecond: median(rates(sandbox)),
    ratio: median(rates(lists)) / median(rates(sandbox)),
    listsCpuMsPerJob: cpu(lists),
    sandboxCpuMsPerJob: cpu(sandbox),
  };

  // 6. Quality on the committed labelled pairs (in process; the same matcher).
  // The pairs and the evaluator are test support: built into dist-testing/ (npm run build:testing).
  const QUALITY = 'libs/testing/src/watch-lists/quality';
  const { fromJsonLines } = require(path.join(ROOT, 'dist-testing', QUALITY, 'labelled-pairs.js'));
  const { evaluatePairs } = require(path.join(ROOT, 'dist-testing', QUALITY, 'evaluate.js'));
  const pairs = fromJsonLines(fs.readFileSync(path.join(ROOT, QUALITY, 'labelled-pairs.jsonl'), 'utf8'));
  const { overall } = evaluatePairs(pairs);
  results.quality = { pairs: pairs.length, matchPrecision: overall.matchPrecision, recall: overall.recall };

  // 7. Memory with the real-size lists active.
  results.rss = { apiMb: rssMb(stack.api.pid), processorMb: rssMb(stack.processor.pid) };
  await db.end();
  return results;
}

module.exports = { runWatchListsBench };
