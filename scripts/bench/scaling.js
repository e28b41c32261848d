'use strict';
// How far one instance goes and what a second one adds (docs/scaling.md): registration with one api
// and with two side by side, then a queue of process jobs drained by one processor and by two.
const { Client } = require('pg');
const { load, median } = require('./lib/measure');
const { startApp, waitHealthy } = require('./lib/stack');
const { processJobsRun, queueRegistrations, registrationLoad, waitUntil } = require('./lib/workload');

const RUNS = 3;

async function registrationRate(urls, token) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    const parts = await Promise.all(
      urls.map((url) => load(registrationLoad(url, token, { connections: 20 / urls.length }))),
    );
    runs.push({ rps: parts.reduce((sum, p) => sum + p.rps, 0), p99: Math.max(...parts.map((p) => p.p99)) });
  }
  return { rps: median(runs.map((r) => r.rps)), p99: median(runs.map((r) => r.p99)) };
}

/** Queues `requests` BASIC registrations (5 jobs each) with no processor, then times the drain. */
async function drainRate(stack, token, db, startProcessors, requests = 600) {
  const queued = await queueRegistrations(stack, token, requests);
  const processors = startProcessors();
  const { jobs, seconds } = await processJobsRun(db, queued);
  await Promise.all(processors.map((p) => new Promise((r) => p.once('exit', r).kill('SIGTERM'))));
  return jobs / seconds;
}

async function runScalingBench(stack, token) {
  const db = new Client({ connectionString: stack.env.DATABASE_URL });
  await db.connect();
  const secondPort = Number(stack.env.PORT) + 1;
  const second = startApp('api', { ...stack.env, PORT: String(secondPort), METRICS_PORT: '9281' });
  await waitHealthy(secondPort);
  await stack.stopProcessor();
  try {
    const oneApi = await registrationRate([stack.base], token);
    const twoApis = await registrationRate([stack.base, `http://127.0.0.1:${secondPort}`], token);
    const processor = (port) => startApp('processor', { ...stack.env, PROCESSOR_METRICS_PORT: String(port) });
    // The registrations above left jobs queued: drain them first so each figure starts from empty.
    const drainer = processor(9282);
    await waitUntil(
      db,
      `SELECT NOT EXISTS (SELECT 1 FROM request_process WHERE status = 'En proceso') AS done`,
      [],
      600_000,
    );
    await new Promise((r) => drainer.once('exit', r).kill('SIGTERM'));
    const oneProcessor = await drainRate(stack, token, db, () => [processor(9282)]);
    const twoProcessors = await drainRate(stack, token, db, () => [processor(9282), processor(9283)]);
    return { oneApi, twoApis, oneProcessor, twoProcessors };
  } finally {
    second.kill('SIGTERM');
    stack.startProcessor();
    await db.end();
  }
}

module.exports = { runScalingBench };
