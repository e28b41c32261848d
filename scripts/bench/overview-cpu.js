'use strict';
// CPU per audited overview (GET /candidate-requests/{uuid}), api process and PostgreSQL backends,
// for one or more builds side by side on one stack: a figure that holds on a loaded machine, where
// the throughput ratio does not (docs/performance.md, "The overview with its audit event").
//
//   node scripts/bench/overview-cpu.js [--rounds 5] [--requests 10000] ROOT_A [ROOT_B ...]
//
// Each ROOT is a checkout with a build (`npm run build`); the stack (database, Redis, processor) is
// the first one's. Every build's api runs at once on its own port, against the same database; the
// rounds take them in turn, each round a fixed number of requests from 50 connections, and read
// utime + stime from /proc of the api and of every PostgreSQL backend of the database before and
// after. Env: BENCH_PORT, BENCH_REDIS_PORT, BENCH_DATABASE_URL as for `npm run bench` (defaults
// 3950, 6450 and screening_bench_speed, apart from the bench's own, so the two can run at once);
// OVERVIEW_CPU_NODE_ARGS_<i> adds Node flags to build i's api (0-based). Each api also runs with
// --trace-gc, whence the KB allocated per request, which the load hardly moves. --bare adds the bare
// handler as one more target; --hold leaves the stack up (for strace, a profiler) until SIGINT.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { parseArgs } = require('node:util');
const autocannon = require('autocannon');
const { Client } = require('pg');

const { values, positionals: roots } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    requests: { type: 'string', default: '10000' },
    hold: { type: 'boolean', default: false },
    bare: { type: 'boolean', default: false },
  },
  allowPositionals: true,
});
if (roots.length === 0) throw new Error('usage: overview-cpu.js [--rounds n] [--requests n] ROOT...');
const ROUNDS = Number(values.rounds);
const REQUESTS = Number(values.requests);
const first = path.resolve(roots[0]);
const { startStack, sleep } = require(path.join(first, 'scripts/bench/lib/stack'));
const { candidate, post, waitUntil } = require(path.join(first, 'scripts/bench/lib/workload'));
const { spawn } = require('node:child_process');
const { APP_NODE_FLAGS } = require(path.join(first, 'scripts/lib/app-runtime'));

const { stopRedisServer } = require(path.join(first, 'scripts/lib/redis-server'));
const redisPort = Number(process.env.BENCH_REDIS_PORT || 6450);
/** The apps started here, and the stack once up: ended on exit, however it comes. */
const started = new Set();
let running = null;

const gcLogOf = (index) => path.join(os.tmpdir(), `overview-cpu-api-${index}.gc.log`);

/**
 * The collections `--trace-gc` logged from byte `from` of api `index`'s log on: their count, their
 * pauses (ms) and the MB allocated between them (each one's heap before, less the last one's after).
 */
function collections(index, from) {
  const text = fs.readFileSync(gcLogOf(index), 'utf8').slice(from);
  let count = 0;
  let pauseMs = 0;
  let allocatedMb = 0;
  let after = null;
  for (const m of text.matchAll(
    /(Scavenge|Mark-Compact|Mark-sweep)[^\d]*?([\d.]+) \([\d.]+\) -> ([\d.]+) \([\d.]+\) MB, (?:pooled: [\d.]+ MB, )?([\d.]+)/g,
  )) {
    count += 1;
    if (after !== null) allocatedMb += Math.max(0, Number(m[2]) - after);
    after = Number(m[3]);
    pauseMs += Number(m[4]);
  }
  return { count, pauseMs, allocatedMb, end: from + Buffer.byteLength(text) };
}

const TICK_MS = 10; // USER_HZ 100
function cpuMs(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return null;
  }
}
function rssMb(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
  } catch {
    return NaN;
  }
}
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** Longer than the stack's own wait: several apis start at once on a loaded machine. */
async function waitHealthy(port) {
  for (let i = 0; i < 600; i++) {
    const status = await fetch(`http://127.0.0.1:${port}/health`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return;
    await sleep(200);
  }
  throw new Error(`api on ${port} did not become healthy`);
}

function startApi(root, env, index) {
  const extra = process.env[`OVERVIEW_CPU_NODE_ARGS_${index}`];
  const args = [
    ...APP_NODE_FLAGS.api,
    // One line per collection on stdout (the api logs JSON lines there too, few at LOG_LEVEL=warn):
    // the heap before and after each gives the bytes allocated between, which the machine's load
    // does not change, unlike CPU time.
    '--trace-gc',
    ...(extra ? extra.split(' ') : []),
    path.join(root, 'dist/apps/api/src/main.js'),
  ];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', fs.openSync(gcLogOf(index), 'w'), 'inherit'],
  });
  started.add(child);
  return child;
}

async function backends(db, name) {
  const { rows } = await db.query(
    `SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
    [name],
  );
  return rows.map((r) => r.pid);
}

async function main() {
  const port = Number(process.env.BENCH_PORT || 3950);
  const databaseUrl =
    process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/screening_bench_speed';
  const dbName = new URL(databaseUrl).pathname.slice(1);
  const stack = await startStack({
    port,
    redisPort,
    databaseUrl,
    env: { JWT_ACCESS_TTL: '1h' },
  });
  running = stack;
  // The stack's own api is build 0's; the others' on the next ports.
  stack.api.kill('SIGTERM');
  await new Promise((r) => stack.api.once('exit', r));
  const apis = [];
  for (let i = 0; i < roots.length; i++) {
    const apiPort = port + 1 + i;
    const child = startApi(path.resolve(roots[i]), { ...stack.env, PORT: String(apiPort) }, i);
    child.once('exit', (code, signal) => console.error(`api ${i} exited: ${code ?? signal}`));
    const flags = process.env[`OVERVIEW_CPU_NODE_ARGS_${i}`];
    apis.push({
      index: i,
      root: flags ? `${roots[i]} ${flags}` : roots[i],
      child,
      base: `http://127.0.0.1:${apiPort}`,
      runs: [],
    });
  }
  for (const api of apis) await waitHealthy(Number(new URL(api.base).port));
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const signin = await fetch(`${apis[0].base}/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'demo@acme.test',
        password: process.env.DEMO_PASSWORD || 'Demo-Pass-2026!',
      }),
    });
    const token = (await signin.json()).accessToken;
    const uuid = await post({ base: apis[0].base }, token, candidate('PKG-ACME-FULL'));
    await waitUntil(
      db,
      `SELECT NOT EXISTS (SELECT 1 FROM request_process WHERE request_id = $1 AND status = 'En proceso') AS done`,
      [uuid],
    );
    await stack.stopProcessor();
    if (values.bare) {
      // --bare: the floor too (scripts/bench/bare-overview-server.js), as one more target.
      const { startBareOverview } = require(path.join(first, 'scripts/bench/lib/bare-overview'));
      const bare = await startBareOverview({ env: { ...stack.env, PORT: String(port) } });
      started.add({ kill: () => bare.stop() });
      apis.push({
        root: 'bare',
        child: { pid: bare.pid, kill: () => bare.stop() },
        base: bare.url,
        runs: [],
      });
    }
    const options = (api, extra) => ({
      url: `${api.base}/candidate-requests/${uuid}`,
      headers: { authorization: `Bearer ${token}` },
      connections: 50,
      ...extra,
    });
    if (values.hold) {
      // --hold: leave the stack up for a profiler or strace; the URL, token and pids in a file.
      const held = { apis: apis.map((a) => ({ base: a.base, pid: a.child.pid })), uuid, token, dbName };
      fs.writeFileSync('/tmp/overview-cpu-hold.json', JSON.stringify(held, null, 2));
      console.log('held: /tmp/overview-cpu-hold.json; SIGINT to stop');
      await new Promise(() => undefined); // until SIGINT: the exit handler ends the stack
      return;
    }
    // Warm-up: V8 optimises the path over its first seconds of load.
    for (const api of apis) await autocannon(options(api, { duration: 8 }));
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 ? [...apis].reverse() : apis;
      for (const api of order) {
        await sleep(500);
        const pg0 = new Map((await backends(db, dbName)).map((pid) => [pid, cpuMs(pid)]));
        const { rows: x0 } = await db.query(
          `SELECT xact_commit::bigint AS c FROM pg_stat_database WHERE datname = $1`,
          [dbName],
        );
        const gc0 = api.index === undefined ? null : collections(api.index, 0);
        const api0 = cpuMs(api.child.pid);
        const gen0 = process.cpuUsage();
        const result = await autocannon(options(api, { amount: REQUESTS }));
        const api1 = cpuMs(api.child.pid);
        const gen = process.cpuUsage(gen0);
        const gc = gc0 && collections(api.index, gc0.end);
        await sleep(200); // the stats collector
        const { rows: x1 } = await db.query(
          `SELECT xact_commit::bigint AS c FROM pg_stat_database WHERE datname = $1`,
          [dbName],
        );
        let pgMs = 0;
        for (const pid of await backends(db, dbName)) {
          const now = cpuMs(pid);
          if (now !== null) pgMs += now - (pg0.get(pid) ?? 0);
        }
        const n = result.requests.total;
        const run = {
          apiMs: (api1 - api0) / n,
          pgMs: pgMs / n,
          loadMs: (gen.user + gen.system) / 1000 / n,
          rps: result.requests.average,
          xactPerReq: (Number(x1[0].c) - Number(x0[0].c) - 2) / n,
          non2xx: result.non2xx,
          statuses: Object.keys(result.statusCodeStats ?? {}).join('/'),
          rss: rssMb(api.child.pid),
          kbPerReq: gc ? (gc.allocatedMb * 1024) / n : NaN,
          gcPerKReq: gc ? (gc.count * 1000) / n : NaN,
          gcMsPerReq: gc ? gc.pauseMs / n : NaN,
        };
        api.runs.push(run);
        console.log(
          `round ${round + 1} ${api.root}: api ${run.apiMs.toFixed(3)} ms/req, pg ${run.pgMs.toFixed(3)} ms/req, autocannon ${run.loadMs.toFixed(3)} ms/req, ${Math.round(run.rps)} req/s, xact/req ${run.xactPerReq.toFixed(3)}, non2xx ${run.non2xx} (${run.statuses}), rss ${run.rss.toFixed(0)} MB, allocated ${run.kbPerReq.toFixed(1)} KB/req, ${run.gcPerKReq.toFixed(1)} collections/1,000 req, pauses ${run.gcMsPerReq.toFixed(3)} ms/req`,
        );
      }
    }
    console.log('\nmedians');
    for (const api of apis) {
      const m = (k) => median(api.runs.map((r) => r[k]));
      console.log(
        `${api.root}: api ${m('apiMs').toFixed(3)} ms/req, pg ${m('pgMs').toFixed(3)} ms/req, autocannon ${m('loadMs').toFixed(3)} ms/req, ${Math.round(m('rps'))} req/s, xact/req ${m('xactPerReq').toFixed(3)}, rss ${m('rss').toFixed(0)} MB, allocated ${m('kbPerReq').toFixed(1)} KB/req, ${m('gcPerKReq').toFixed(1)} collections/1,000 req, pauses ${m('gcMsPerReq').toFixed(3)} ms/req`,
      );
    }
  } finally {
    await db.end();
    for (const api of apis) api.child.kill('SIGTERM');
    await stack.stop();
  }
}

// Whatever ends this script, the apps and the Redis it started end with it (a crash left them
// serving the ports).
process.on('exit', () => {
  for (const child of started) child.kill('SIGKILL');
  if (running) {
    running.processor.kill('SIGKILL');
    stopRedisServer(redisPort);
  }
});
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => process.exit(130));

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
