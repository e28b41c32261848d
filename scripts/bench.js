#!/usr/bin/env node
'use strict';
// `npm run bench`: performance figures, measured side by side in one run on a private stack.
// Not a test: it prints numbers (and writes them to .bench/results.json) and never fails on them.
const fs = require('node:fs');
const path = require('node:path');
const { startStack, ROOT } = require('./bench/lib/stack');
const { runScreeningBench } = require('./bench/screening');
const { runScalingBench } = require('./bench/scaling');
const { runBatchBench } = require('./bench/batch');
const { runWebhookDeliveriesBench, runWebhooksBench } = require('./bench/webhooks');
const { runNoisyTenantBench } = require('./bench/noisy-tenant');
const { runWatchListsBench } = require('./bench/watch-lists');
const { runMonitorsBench } = require('./bench/monitors');
const { runRetentionBench } = require('./bench/retention');
const { LOG_EVENTS, runAuditBench } = require('./bench/audit');
const { bullNoopJobsPerSecond, rssMb } = require('./bench/lib/floors');
const { parseCliArgs } = require('./lib/cli');

const PARTS = [
  'screening',
  'webhooks',
  'webhook-deliveries',
  'noisy-tenant',
  'legal',
  'batch',
  'scaling',
  'report',
  'monitors',
  'watch-lists',
  'retention',
  'audit',
];
const USAGE = `Usage: npm run bench -- [part ...] [--persons N] [--no-ingest] [--monitors N] [--requests N] [--audit-events N]

Performance figures (not a test). Drops and recreates the database screening_bench (or
BENCH_DATABASE_URL; a legal-only run keeps a loaded corpus of the same version), starts its own
redis-server and the built apps, and writes .bench/results.json.

  part          any of ${PARTS.join(', ')} (default: all)
  --persons N   size of the legal-records corpus to measure (generated when not loaded)
  --no-ingest   skip the legal part's corpus ingest under load
  --monitors N  active monitors the monitors part generates (default 1,000,000)
  --requests N  candidate requests the retention part generates (default 1,000,000)
  --audit-events N  chained events the audit part generates into the log (default 1,000,000)
  -h, --help    print this and change nothing`;

const fmt = (n, digits = 0) =>
  n === undefined ? '-' : Number(n).toLocaleString('en-US', { maximumFractionDigits: digits });

async function signIn(base) {
  const response = await fetch(`${base}/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: 'demo@acme.test',
      password: process.env.DEMO_PASSWORD || 'Demo-Pass-2026!',
    }),
  });
  return (await response.json()).accessToken;
}

async function main() {
  const { values, positionals: only } = parseCliArgs(USAGE, process.argv.slice(2), {
    options: {
      persons: { type: 'string' },
      'no-ingest': { type: 'boolean' },
      monitors: { type: 'string' },
      requests: { type: 'string' },
      'audit-events': { type: 'string' },
    },
    positionals: { allowed: PARTS },
  });
  const persons = values.persons === undefined ? undefined : Number(values.persons);
  const monitors = values.monitors === undefined ? 1_000_000 : Number(values.monitors);
  if (!(Number.isInteger(monitors) && monitors > 0)) throw new Error('--monitors must be a whole number > 0');
  const requests = values.requests === undefined ? 1_000_000 : Number(values.requests);
  if (!(Number.isInteger(requests) && requests > 0)) throw new Error('--requests must be a whole number > 0');
  const auditEvents = values['audit-events'] === undefined ? LOG_EVENTS : Number(values['audit-events']);
  if (!(Number.isInteger(auditEvents) && auditEvents > 0))
    throw new Error('--audit-events must be a whole number > 0');
  if (persons !== undefined && !(Number.isInteger(persons) && persons > 0))
    throw new Error('--persons must be a whole number > 0');
  const stack = await startStack({
    // A legal-only run keeps its database, so a loaded corpus of the same version is reused.
    keepDatabase: only.length === 1 && only[0] === 'legal',
    // BENCH_PORT / BENCH_REDIS_PORT let two benches (or a bench and a dev stack) share a machine.
    port: Number(process.env.BENCH_PORT || 3200),
    redisPort: Number(process.env.BENCH_REDIS_PORT || 6396),
    databaseUrl: process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/screening_bench',
    // The webhooks bench delivers to a receiver on 127.0.0.1, which production refuses by default.
    env: { JWT_ACCESS_TTL: '1h', WEBHOOKS_ALLOW_PRIVATE_URLS: 'true' },
  });
  const results = { machine: `${require('node:os').cpus().length} cores`, at: new Date().toISOString() };
  try {
    const token = await signIn(stack.base);
    if (only.length === 0 || only.includes('screening')) {
      const screening = await runScreeningBench(stack, token);
      results.screening = screening;
      console.log(
        '\nCandidate screening (SANDBOX_LATENCY_MS=0, medians of 3 runs of 5 s; registration after a 10 s warm-up)',
      );
      console.log(
        `  registration                 ${fmt(screening.registration.rps)} req/s   p99 ${fmt(screening.registration.p99)} ms   non-2xx ${screening.registration.non2xx}`,
      );
      console.log(
        `  overview GET (api)           ${fmt(screening.overview.api.rps)} req/s   p99 ${fmt(screening.overview.api.p99)} ms`,
      );
      console.log(
        `  overview GET (bare http+pg)  ${fmt(screening.overview.bare.rps)} req/s   p99 ${fmt(screening.overview.bare.p99)} ms`,
      );
      console.log(`  api / bare                   ${fmt(screening.overview.ratio * 100, 1)} %`);
      console.log(
        `  FULL: registration -> Completed        median ${fmt(screening.latency.fullToCompletedMs, 1)} ms`,
      );
      console.log(
        `  BASIC: registration -> globalEndDate   median ${fmt(screening.latency.basicToGlobalEndMs, 1)} ms`,
      );
      console.log(
        `  processor                    ${fmt(screening.processor.jobsPerSecond)} process jobs/s (median of 3 drains of ${screening.processor.jobs} jobs by a running processor; ${fmt(screening.processor.seconds, 2)} s)`,
      );
      // The floor, right after, on the same Redis: Bull with no-op jobs.
      screening.processor.bullNoopJobsPerSecond = await bullNoopJobsPerSecond(stack.env.REDIS_URL);
      screening.processor.ratio =
        screening.processor.jobsPerSecond / screening.processor.bullNoopJobsPerSecond;
      console.log(
        `  Bull alone, no-op jobs       ${fmt(screening.processor.bullNoopJobsPerSecond)} jobs/s   processor / Bull ${fmt(screening.processor.ratio * 100, 1)} %   target >= 18 %`,
      );
      console.log(
        `  targets: registration >= 1,000 req/s; overview api / bare >= 85 % (with its audit event)`,
      );
    }
    if (only.length === 0 || only.includes('batch')) {
      const batch = await runBatchBench(stack, token);
      results.batch = batch;
      console.log('\nBatch registration (1,000 PKG-ACME-BASIC items, 3 runs)');
      console.log(
        `  accepted in                  median ${fmt(batch.acceptMs.median)} ms   target < 2,000 ms`,
      );
      console.log(`  its 5,000 process jobs ran at ${fmt(batch.processJobsPerSecond)} jobs/s`);
    }
    if (only.length === 0 || only.includes('scaling')) {
      const scaling = await runScalingBench(stack, token);
      results.scaling = scaling;
      console.log(
        '\nSeveral instances on this machine (same PostgreSQL and Redis, medians of 3 runs of 5 s)',
      );
      console.log(
        `  registration, one api       ${fmt(scaling.oneApi.rps)} req/s   p99 ${fmt(scaling.oneApi.p99)} ms`,
      );
      console.log(
        `  registration, two apis      ${fmt(scaling.twoApis.rps)} req/s   p99 ${fmt(scaling.twoApis.p99)} ms`,
      );
      console.log(`  process jobs, one processor ${fmt(scaling.oneProcessor)} jobs/s`);
      console.log(`  process jobs, two processors ${fmt(scaling.twoProcessors)} jobs/s`);
    }
    if (only.length === 0 || only.includes('webhooks')) {
      const webhooks = await runWebhooksBench(stack, token);
      results.webhooks = webhooks;
      console.log(
        '\nWebhooks (one endpoint subscribed to every event, a local receiver, vs none; medians of 3)',
      );
      console.log(
        `  registration, processor running  none ${fmt(webhooks.registration.none.rps)} req/s (p99 ${fmt(webhooks.registration.none.p99)} ms)   one ${fmt(webhooks.registration.one.rps)} req/s (p99 ${fmt(webhooks.registration.one.p99)} ms)   ${fmt(webhooks.registration.ratio * 100, 1)} %`,
      );
      console.log(
        `  processor, 3,000 process jobs    none ${fmt(webhooks.processor.none)} jobs/s   one ${fmt(webhooks.processor.one)} jobs/s   ${fmt(webhooks.processor.ratio * 100, 1)} %   target >= 90 %`,
      );
      console.log(
        `  ... until every event delivered  none ${fmt(webhooks.processor.noneSeconds, 1)} s (no deliveries)   one ${fmt(webhooks.processor.oneAllDeliveredSeconds, 1)} s (attempts yield to the process backlog)`,
      );
      console.log(
        `  deliveries to a local receiver   ${fmt(webhooks.deliveries.perSecond)} /s (${fmt(webhooks.deliveries.deliveries)} events in ${fmt(webhooks.deliveries.seconds, 2)} s, ${fmt(webhooks.deliveries.received)} received)   target >= 1,000 /s`,
      );
      console.log(
        `  signed POSTs alone (floor)       ${fmt(webhooks.deliveries.floor.perSecond)} /s (no database, no queue; 64 in flight)   deliveries / floor ${fmt(webhooks.deliveries.ofFloor * 100, 1)} %`,
      );
    }
    // Not in a whole run: the webhooks part measures the same deliveries once.
    if (only.includes('webhook-deliveries')) {
      const d = await runWebhookDeliveriesBench(stack, token);
      results.webhookDeliveries = d;
      console.log('\nWebhook deliveries to a local receiver, then signed POSTs alone to it (3 runs)');
      const label = { postgres: 'PostgreSQL', redis: 'Redis' };
      const cpu = (us, roles) => roles.map((role) => `${label[role] ?? role} ${fmt(us[role])}`).join(', ');
      d.runs.forEach((r, i) =>
        console.log(
          `  run ${i + 1}   deliveries ${fmt(r.perSecond)} /s   signed POSTs alone ${fmt(r.floor)} /s   deliveries / floor ${fmt(r.ofFloor * 100, 1)} %\n` +
            `          CPU us a delivery: ${cpu(r.cpuUsPerDelivery, ['processor', 'postgres', 'receiver', 'redis', 'other'])}` +
            `; a POST alone: ${cpu(r.cpuUsPerPost, ['sender', 'receiver'])}`,
        ),
      );
      console.log(
        `  median  deliveries ${fmt(d.perSecond)} /s   signed POSTs alone ${fmt(d.floor)} /s   deliveries / floor ${fmt(d.ofFloor * 100, 1)} %   target >= 60 %`,
      );
    }
    if (only.length === 0 || only.includes('noisy-tenant')) {
      const noisy = await runNoisyTenantBench(stack);
      results.noisyTenant = noisy;
      const q = (r) =>
        `p50 ${fmt(r.p50)} ms p95 ${fmt(r.p95)} ms max ${fmt(r.max)} ms (${fmt(r.received)} of ${fmt(r.events)} events, ${r.requests} requests)\n${' '.repeat(31)}stages p50/p95 ms: dispatched ${fmt(r.dispatchP50)}/${fmt(r.dispatchP95)}, behind its subject's earlier events ${fmt(r.chainP50)}/${fmt(r.chainP95)}, then to its attempt ${fmt(r.startP50)}/${fmt(r.startP95)}`;
      console.log(
        `\nOne tenant's burst beside another's webhooks (SANDBOX_LATENCY_MS=${noisy.sandboxLatencyMs}; busy: acme, 20 endpoints x 60 FULL registrations at once; quiet: globex, one endpoint, a FULL registration a second)`,
      );
      console.log(`  quiet client alone           ${q(noisy.quietAlone)}`);
      noisy.runs.forEach((run, i) => {
        console.log(`  quiet client, burst ${i + 1}       ${q(run.quiet)}   target p95 < 1,000 ms`);
        console.log(
          `  busy client, burst ${i + 1}        ${fmt(run.busy.deliveries)} deliveries of ${fmt(run.busy.events)} events in ${fmt(run.busy.seconds, 1)} s: ${fmt(run.busy.perSecond)} /s (60 registered in ${fmt(run.registeredMs)} ms)`,
        );
      });
      console.log(
        `  median of the bursts         quiet p50 ${fmt(noisy.during.quietP50)} ms p95 ${fmt(noisy.during.quietP95)} ms; busy ${fmt(noisy.during.busyPerSecond)} deliveries/s (${fmt(noisy.during.busySeconds, 1)} s)`,
      );
    }
    if (only.length === 0 || only.includes('report')) {
      results.report = await require('./bench/report').runReportBench(stack, token);
    }
    const legal = path.join(__dirname, 'bench', 'legal.js');
    if (fs.existsSync(legal) && (only.length === 0 || only.includes('legal'))) {
      results.legal = await require(legal).runLegalBench(stack, token, {
        persons,
        ingest: !values['no-ingest'],
      });
    }
    results.rssMb = { api: rssMb(stack.api.pid), processor: rssMb(stack.processor.pid) };
    console.log(
      `\nMemory after the bench: api ${fmt(results.rssMb.api)} MB, processor ${fmt(results.rssMb.processor)} MB RSS   target <= 200 MB each`,
    );
    if (only.length === 0 || only.includes('monitors')) {
      const m = await runMonitorsBench(stack, token, { monitors });
      results.monitors = m;
      console.log(
        `\nMonitoring (${fmt(m.monitors)} generated active monitors; OFAC SDN versions imported with the CLI)`,
      );
      console.log(
        `  monitors generated           ${fmt(m.seedSeconds, 1)} s; filed in the processor's index within ${fmt(m.indexSeconds, 1)} s`,
      );
      console.log(
        `  version concerning nobody    +1,000 entries: compared ${fmt(m.nobody.wallMs)} ms after the import's commit (${fmt(m.nobody.dbMs)} ms in the processor)   target <= 10 s`,
      );
      console.log(
        `  version naming 1,000 monitored candidates: ${fmt(m.concerning.alerts)} alerts ${fmt(m.concerning.wallMs)} ms after the commit (${fmt(m.concerning.dbMs)} ms in the processor)   target <= 60 s`,
      );
      console.log(
        `  alert -> webhook received    p50 ${fmt(m.webhooks.p50)} ms p95 ${fmt(m.webhooks.p95)} ms max ${fmt(m.webhooks.max)} ms (${fmt(m.webhooks.delivered)} of ${fmt(m.webhooks.of)})   target <= 5 s`,
      );
      const b = m.beside;
      for (const [label, run] of [
        ['idle', b.idle],
        ['during an activation', b.during],
      ])
        console.log(
          `  ${label.padEnd(28)} registration ${fmt(run.registrationRps)} req/s (p99 ${fmt(run.registrationP99)} ms, non-2xx ${run.non2xx})   legal search p50 ${fmt(run.searchP50, 1)} ms p95 ${fmt(run.searchP95, 1)} ms (${run.searches})`,
        );
      console.log(
        `  ... the activation (${fmt(b.activation.alerts)} alerts, ${fmt(b.activation.dbMs)} ms in the processor) ${b.activation.stillRunningAtEnd ? 'ran through the whole load' : 'ended within the load'}   target: no regression`,
      );
    }
    // Near the end: it leaves a log of a million events, which the parts above run without.
    if (only.length === 0 || only.includes('audit')) {
      const audit = await runAuditBench(stack, token, { events: auditEvents });
      results.audit = audit;
      const c = audit.credentials;
      const runs = (r) => r.runs.map((n) => fmt(n)).join(', ');
      console.log(
        '\nAudit log: the overview GET with its audit event, by credential (50 connections; medians of 3 runs of 5 s, in turn)',
      );
      console.log(
        `  with a JWT                   ${fmt(c.jwt.rps)} req/s   p99 ${fmt(c.jwt.p99)} ms   (${runs(c.jwt)})`,
      );
      console.log(
        `  with an API key              ${fmt(c.apiKey.rps)} req/s   p99 ${fmt(c.apiKey.p99)} ms   (${runs(c.apiKey)})   key / JWT ${fmt(c.apiKeyOfJwt * 100, 1)} %   target >= 95 %`,
      );
      console.log(
        `  bare http+pg (JWT)           ${fmt(c.bare.rps)} req/s   p99 ${fmt(c.bare.p99)} ms   (${runs(c.bare)})   JWT / bare ${fmt(c.jwtOfBare * 100, 1)} %   target >= 85 %`,
      );
      console.log(
        `\nAudit log of ${fmt(audit.fill.events)} generated chained events (20 clients, acme ${fmt(audit.fill.acmeEvents)})`,
      );
      console.log(
        `  generated and written         ${fmt(audit.fill.seconds, 1)} s (COPY, indexes rebuilt, VACUUM ANALYZE)`,
      );
      console.log(
        `  npm run audit:verify          ${fmt(audit.verify.seconds, 1)} s, exit ${audit.verify.status}   target <= 60 s   (${audit.verify.output})`,
      );
      console.log(
        `  GET /audit-events as acme's admin, 100 a page, ${audit.pages[0].rate} pages/s open loop for ${fmt(audit.pages[0].requests / audit.pages[0].rate)} s each   target p95 <= 10 ms`,
      );
      for (const page of audit.pages)
        console.log(
          `  ${page.label.padEnd(32)} p50 ${fmt(page.p50, 1)} p95 ${fmt(page.p95, 1)} p99 ${fmt(page.p99, 1)} max ${fmt(page.max, 1)} ms   failures ${page.failures}`,
        );
    }
    // Last: it leaves the real-size lists active, which the parts above must not run with.
    if (only.length === 0 || only.includes('watch-lists')) {
      const lists = await runWatchListsBench(stack, token);
      results.watchLists = lists;
      console.log(
        '\nWatch lists at the real sizes (art. 69 300,000 rows, 69-B 15,000, SDN 19,000 + 20,000 aliases, UN 1,000, PEPs 50,000)',
      );
      console.log(
        `  import of all five (CLI)     ${fmt(lists.import.seconds, 1)} s   (${Object.entries(
          lists.import.perSource,
        )
          .map(([s, t]) => `${s} ${fmt(t, 1)}`)
          .join(', ')})   target <= 60 s`,
      );
      console.log(
        `  ... screened by the api / the processor ${fmt(lists.import.apiLoadedSeconds, 1)} s / ${fmt(lists.import.processorLoadedSeconds, 1)} s after the first import began`,
      );
      console.log(
        `  screen(), in process         worst (María García Hernández, ${lists.screen.worst.hits} hits) p50 ${fmt(lists.screen.worst.p50, 2)} ms p95 ${fmt(lists.screen.worst.p95, 2)} ms; no maternal surname (${lists.screen.worstNoMaternal.hits} hits) p95 ${fmt(lists.screen.worstNoMaternal.p95, 2)} ms   target p95 <= 10 ms`,
      );
      const floor = lists.endpoint.floor;
      console.log(
        `  POST /watch-lists/screenings nobody (floor) ${fmt(floor.rps)} req/s   p50 ${fmt(floor.p50, 1)} p95 ${fmt(floor.p95, 1)} p99 ${fmt(floor.p99, 1)} ms   (a name no list has: the request without matching)`,
      );
      for (const run of lists.endpoint.cases)
        console.log(
          `  POST /watch-lists/screenings ${run.label.padEnd(13)} ${fmt(run.rps)} req/s   p50 ${fmt(run.p50, 1)} p95 ${fmt(run.p95, 1)} p99 ${fmt(run.p99, 1)} ms   failures ${run.failures}   target >= 500/s (20 connections, each posting again at once)`,
        );
      const atRate = lists.endpoint.atRate;
      console.log(
        `  ... ${atRate.label}, sent at ${atRate.rate}/s  ${fmt(atRate.rps)} req/s   p50 ${fmt(atRate.p50, 1)} p95 ${fmt(atRate.p95, 1)} p99 ${fmt(atRate.p99, 1)} ms   failures ${atRate.failures}   target p95 <= 15 ms`,
      );
      console.log(
        `  BASIC: registration -> globalEndDate   median ${fmt(lists.basicToGlobalEndMs, 1)} ms   target < 50 ms`,
      );
      console.log(
        `  processor on BASIC           lists ${fmt(lists.processor.listsJobsPerSecond)} jobs/s   sandbox ${fmt(lists.processor.sandboxJobsPerSecond)} jobs/s   ${fmt(lists.processor.ratio * 100, 1)} %   target >= 80 %   (CPU per job ${fmt(lists.processor.listsCpuMsPerJob, 3)} / ${fmt(lists.processor.sandboxCpuMsPerJob, 3)} ms)`,
      );
      console.log(
        `  quality on ${lists.quality.pairs} labelled pairs   precision of match ${fmt(lists.quality.matchPrecision, 3)} (target >= 0.98)   recall of match + possible_match ${fmt(lists.quality.recall, 3)} (target >= 0.95)`,
      );
      console.log(
        `  RSS with the lists active    api ${fmt(lists.rss.apiMb)} MB, processor ${fmt(lists.rss.processorMb)} MB   target <= 300 MB each`,
      );
    }
    // After the others: it adds a million requests to the database they share.
    if (only.length === 0 || only.includes('retention')) {
      const r = await runRetentionBench(stack, { requests });
      results.retention = r;
      console.log(
        `\nRetention (${fmt(r.requests)} generated requests over three years, 1,000 kept by active monitors, 100,000 searches; filled in ${fmt(r.fillSeconds, 1)} s)`,
      );
      const idle = r.nothingDue;
      console.log(
        `  sweep, nothing due           database ${fmt(idle.dbMs, 1)} ms over ${idle.statements} statements (server, EXPLAIN ANALYZE: ${fmt(idle.serverMs, 1)} ms); wall ${fmt(idle.wallMs, 1)} ms   target <= 1,000 ms`,
      );
      const s = r.suppression;
      console.log(
        `  one subject's ${fmt(s.requests)} requests suppressed   ${fmt(s.wallMs)} ms (database ${fmt(s.dbMs)} ms, ${s.statements} statements); ${fmt(s.suppressedRows)} suppressed, ${fmt(s.suppressedEvents)} events, traces left: ${s.traces.length ? s.traces.join(', ') : 'none'}   target <= 5,000 ms`,
      );
      const two = r.twoAtOnce;
      console.log(
        `  two sweeps at once           ${fmt(two.due)} due: blocked ${two.blockedBySweeps.join(' + ')}, ${fmt(two.events)} events for ${fmt(two.subjects)} requests (${fmt(two.wallMs)} ms)   target: each once`,
      );
    }
  } finally {
    await stack.stop();
  }
  fs.mkdirSync(path.join(ROOT, '.bench'), { recursive: true });
  fs.writeFileSync(path.join(ROOT, '.bench', 'results.json'), JSON.stringify(results, null, 2));
  console.log('\nWritten to .bench/results.json');
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
