#!/usr/bin/env node
'use strict';
// `npm run bench`: performance figures, measured side by side in one run on a private stack.
// Not a test: it prints numbers (and writes them to .bench/results.json) and never fails on them.
const fs = require('node:fs');
const path = require('node:path');
const { startStack, ROOT } = require('./bench/stack');
const { runScreeningBench } = require('./bench/screening');
const { runScalingBench } = require('./bench/scaling');
const { runBatchBench } = require('./bench/batch');
const { runWebhooksBench } = require('./bench/webhooks');

const fmt = (n, digits = 0) =>
  n === undefined ? '-' : Number(n).toLocaleString('en-US', { maximumFractionDigits: digits });

async function signIn(base) {
  const r = await fetch(`${base}/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: 'demo@acme.test',
      password: process.env.DEMO_PASSWORD || 'Demo-Pass-2026!',
    }),
  });
  return (await r.json()).accessToken;
}

async function main() {
  const args = process.argv.slice(2);
  const personsAt = args.indexOf('--persons');
  const persons = personsAt >= 0 ? Number(args[personsAt + 1]) : undefined;
  if (persons !== undefined && !(Number.isInteger(persons) && persons > 0))
    throw new Error('--persons must be a whole number > 0');
  const only = args.filter((a, i) => !a.startsWith('--') && (personsAt < 0 || i !== personsAt + 1));
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
      const s = await runScreeningBench(stack, token);
      results.screening = s;
      console.log('\nCandidate screening (SANDBOX_LATENCY_MS=0, medians of 3 runs of 5 s)');
      console.log(
        `  registration                 ${fmt(s.registration.rps)} req/s   p99 ${fmt(s.registration.p99)} ms   non-2xx ${s.registration.non2xx}`,
      );
      console.log(
        `  overview GET (api)           ${fmt(s.overview.api.rps)} req/s   p99 ${fmt(s.overview.api.p99)} ms`,
      );
      console.log(
        `  overview GET (bare http+pg)  ${fmt(s.overview.bare.rps)} req/s   p99 ${fmt(s.overview.bare.p99)} ms`,
      );
      console.log(`  api / bare                   ${fmt(s.overview.ratio * 100, 1)} %`);
      console.log(
        `  FULL: registration -> Completed        median ${fmt(s.latency.fullToCompletedMs, 1)} ms`,
      );
      console.log(
        `  BASIC: registration -> globalEndDate   median ${fmt(s.latency.basicToGlobalEndMs, 1)} ms`,
      );
      console.log(
        `  processor                    ${fmt(s.processor.jobsPerSecond)} process jobs/s (${s.processor.jobs} jobs in ${fmt(s.processor.seconds, 2)} s)`,
      );
    }
    if (only.length === 0 || only.includes('batch')) {
      const b = await runBatchBench(stack, token);
      results.batch = b;
      console.log('\nBatch registration (1,000 PKG-ACME-BASIC items, 3 runs)');
      console.log(`  accepted in                  median ${fmt(b.acceptMs.median)} ms   target < 2,000 ms`);
      console.log(`  its 5,000 process jobs ran at ${fmt(b.processJobsPerSecond)} jobs/s`);
    }
    if (only.length === 0 || only.includes('scaling')) {
      const s = await runScalingBench(stack, token);
      results.scaling = s;
      console.log(
        '\nSeveral instances on this machine (same PostgreSQL and Redis, medians of 3 runs of 5 s)',
      );
      console.log(`  registration, one api       ${fmt(s.oneApi.rps)} req/s   p99 ${fmt(s.oneApi.p99)} ms`);
      console.log(`  registration, two apis      ${fmt(s.twoApis.rps)} req/s   p99 ${fmt(s.twoApis.p99)} ms`);
      console.log(`  process jobs, one processor ${fmt(s.oneProcessor)} jobs/s`);
      console.log(`  process jobs, two processors ${fmt(s.twoProcessors)} jobs/s`);
    }
    if (only.length === 0 || only.includes('webhooks')) {
      const w = await runWebhooksBench(stack, token);
      results.webhooks = w;
      console.log(
        '\nWebhooks (one endpoint subscribed to every event, a local receiver, vs none; medians of 3)',
      );
      console.log(
        `  registration, processor running  none ${fmt(w.registration.none.rps)} req/s (p99 ${fmt(w.registration.none.p99)} ms)   one ${fmt(w.registration.one.rps)} req/s (p99 ${fmt(w.registration.one.p99)} ms)   ${fmt(w.registration.ratio * 100, 1)} %`,
      );
      console.log(
        `  processor, 3,000 process jobs    none ${fmt(w.processor.none)} jobs/s   one ${fmt(w.processor.one)} jobs/s   ${fmt(w.processor.ratio * 100, 1)} %`,
      );
      console.log(
        `  deliveries to a local receiver   ${fmt(w.deliveries.perSecond)} /s (${fmt(w.deliveries.deliveries)} events in ${fmt(w.deliveries.seconds, 2)} s, ${fmt(w.deliveries.received)} received)`,
      );
    }
    if (only.length === 0 || only.includes('report')) {
      results.report = await require('./bench/report').runReportBench(stack, token);
    }
    const legal = path.join(__dirname, 'bench', 'legal.js');
    if (fs.existsSync(legal) && (only.length === 0 || only.includes('legal'))) {
      results.legal = await require(legal).runLegalBench(stack, token, { persons });
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
