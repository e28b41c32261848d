'use strict';
// Issue 26: a daily bulletin ingested while the api serves. A bulletin of 30,000 persons and
// 100,000 lawsuits (lib/bulletin.js) goes through `npm run corpus:ingest` while 20 connections
// create searches on the 20 most common name pairs; then the search figures again.
// Targets: ingest <= 60 s; searches during it p95 <= 25 ms and 0 errors; after it the existing
// targets (most common pair p95 <= 20 ms at 1M, <= 25 ms at 10M; >= 500 searches/s).
// The ingest changes the corpus, so the next `npm run bench -- legal` loads it again.
const { spawn } = require('node:child_process');
const os = require('node:os');
const path = require('node:path');
const autocannon = require('autocannon');
const { Client } = require('pg');
const { median, percentile } = require('./lib/measure');
const { ROOT, sleep } = require('./lib/stack');
const { writeBulletin } = require('./lib/bulletin');
const { call } = require('./lib/workload');

const { CORPUS_INGEST_APPLICATION_NAME } = require(
  path.join(ROOT, 'dist/libs/persistence/src/legal-corpus/corpus-session.js'),
);

const SEARCHES = '/risks/legal-records/searches';
const fmt = (n, digits = 1) =>
  n === undefined || n === null ? '-' : Number(n).toLocaleString('en-US', { maximumFractionDigits: digits });

/** 20 connections cycling through the pairs until `stop()`; every response's latency and status. */
function searchLoad(base, token, pairs) {
  const responses = [];
  let instance;
  const done = new Promise((resolve, reject) => {
    instance = autocannon(
      {
        url: `${base}${SEARCHES}`,
        connections: 20,
        duration: 3600,
        requests: pairs.map((p) => ({
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ name: p.name, lastName: p.lastName }),
        })),
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
  instance.on('response', (_client, status, _bytes, latency) =>
    responses.push({ at: Date.now(), status, latency }),
  );
  return {
    responses,
    async stop() {
      instance.stop();
      const result = await done;
      return { errors: result.errors + result.timeouts };
    },
  };
}

function figures(responses) {
  const latencies = responses.map((r) => r.latency);
  const seconds = responses.length > 1 ? (responses.at(-1).at - responses[0].at) / 1000 : 0;
  return {
    searches: responses.length,
    rps: seconds > 0 ? responses.length / seconds : 0,
    p50: median(latencies),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    non2xx: responses.filter((r) => r.status < 200 || r.status >= 300).length,
  };
}

/** CPU milliseconds a process has used (user + system), from /proc; null once it is gone. */
function cpuMs(pid) {
  try {
    const fields = require('node:fs').readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/**
 * Runs the ingest and samples the CPU its PostgreSQL backend and the CLI use: figures that do not
 * depend on what else the machine runs, where the wall time does.
 */
function runIngest(file, databaseUrl) {
  const cpu = { postgres: 0, cli: 0 };
  const monitor = new Client({ connectionString: databaseUrl });
  let backend = null;
  let sampling = true;
  const sample = async () => {
    await monitor.connect();
    while (sampling) {
      if (backend === null)
        backend =
          (
            await monitor.query(
              `SELECT pid FROM pg_stat_activity WHERE application_name = $1 ORDER BY backend_start DESC LIMIT 1`,
              [CORPUS_INGEST_APPLICATION_NAME],
            )
          ).rows[0]?.pid ?? null;
      if (backend !== null) cpu.postgres = cpuMs(backend) ?? cpu.postgres;
      await sleep(100);
    }
    await monitor.end();
  };
  const sampler = sample();
  return runCli(file, databaseUrl, (pid) => (cpu.cli = cpuMs(pid) ?? cpu.cli)).then(async (result) => {
    sampling = false;
    await sampler;
    return { ...result, cpu };
  });
}

function runCli(file, databaseUrl, sampleCli) {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    // The built CLI, as `npm run corpus:ingest` runs it (the bench has just built dist/).
    const cli = path.join(ROOT, 'dist/libs/application/src/legal-corpus/ingest-cli.js');
    const run = `require(${JSON.stringify(cli)}).main(process.argv.slice(1)).then((code) => (process.exitCode = code))`;
    const child = spawn(process.execPath, ['-e', run, file], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: databaseUrl },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    const timer = setInterval(() => sampleCli(child.pid), 100);
    child.on('exit', () => clearInterval(timer));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve({ started, finished: Date.now(), stdout })
        : reject(new Error(`corpus:ingest exited ${code}: ${stdout}`)),
    );
  });
}

/** `pairs`: the 20 most common name pairs of the corpus (most common first). */
async function runIngestBench(stack, token, pairs, options = {}) {
  const persons = options.bulletinPersons ?? 30_000;
  const lawsuits = options.bulletinLawsuits ?? 100_000;
  const databaseUrl = stack.env.DATABASE_URL;
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  const file = path.join(os.tmpdir(), `bench-bulletin-${process.pid}.jsonl`);
  const written = await writeBulletin(db, file, { persons, lawsuits, seed: Date.now() });
  await db.end();

  // The same load before the ingest (warm), during it, and after it.
  const beforeLoad = searchLoad(stack.base, token, pairs);
  await sleep(5000);
  await beforeLoad.stop();
  const before = figures(beforeLoad.responses.slice(Math.floor(beforeLoad.responses.length / 5)));

  const duringLoad = searchLoad(stack.base, token, pairs);
  await sleep(2000);
  const ingest = await runIngest(file, databaseUrl);
  await sleep(1000);
  const { errors } = await duringLoad.stop();
  const during = figures(
    duringLoad.responses.filter((r) => r.at >= ingest.started && r.at <= ingest.finished),
  );
  require('node:fs').rmSync(file, { force: true });

  const afterLoad = searchLoad(stack.base, token, pairs);
  await sleep(5000);
  await afterLoad.stop();
  const after = figures(afterLoad.responses.slice(Math.floor(afterLoad.responses.length / 5)));
  const top = { name: pairs[0].name, lastName: pairs[0].lastName };
  const sequential = [];
  for (let i = 0; i < 300; i++) {
    const start = process.hrtime.bigint();
    await call(stack.base, token, 'POST', SEARCHES, top);
    if (i >= 100) sequential.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  const afterTop = { p50: median(sequential), p95: percentile(sequential, 95) };

  const seconds = (ingest.finished - ingest.started) / 1000;
  console.log(
    `\nCorpus ingest while serving (${fmt(written.persons, 0)} persons, ${fmt(written.lawsuits, 0)} lawsuits; 20 connections on the 20 most common pairs)`,
  );
  for (const line of ingest.stdout.trim().split('\n')) console.log(`  | ${line}`);
  console.log(`  ingest wall time (CLI start to exit)         ${fmt(seconds)} s   target <= 60 s`);
  console.log(
    `  ingest CPU (from /proc, independent of the machine's load): PostgreSQL backend ${fmt(ingest.cpu.postgres / 1000)} s, CLI ${fmt(ingest.cpu.cli / 1000)} s`,
  );
  const row = (label, f, target) =>
    console.log(
      `  ${label.padEnd(44)} ${fmt(f.rps, 0)} searches/s   p50 ${fmt(f.p50)}  p95 ${fmt(f.p95)}  p99 ${fmt(f.p99)} ms   non-2xx ${f.non2xx}${target ? `   ${target}` : ''}`,
    );
  row('searches before the ingest', before);
  row('searches during the ingest', during, `target p95 <= 25 ms, 0 errors (errors ${errors})`);
  row('searches after the ingest', after, 'target >= 500/s');
  console.log(
    `  most common pair after the ingest, sequential p50 ${fmt(afterTop.p50)}  p95 ${fmt(afterTop.p95)} ms   target p95 <= 20 ms (1M), <= 25 ms (10M)`,
  );
  return {
    bulletin: written,
    seconds,
    cpu: ingest.cpu,
    before,
    during: { ...during, errors },
    after,
    afterTop,
  };
}

module.exports = { runIngestBench };
