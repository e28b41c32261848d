'use strict';
// Batch registration (docs/behaviour.md): how long a 1,000-item batch takes to be accepted, and how fast its
// processes then run (the processor's full rate is the screening bench's figure).
const { median } = require('./lib/measure');
const { authHeaders, candidate, processJobsRun, withDatabase } = require('./lib/workload');

async function postBatch(stack, token, items) {
  const started = process.hrtime.bigint();
  const response = await fetch(`${stack.base}/candidate-requests/batch`, {
    method: 'POST',
    headers: authHeaders(token),
    body: JSON.stringify({ items }),
  });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (response.status !== 202) throw new Error(`batch: ${response.status} ${await response.text()}`);
  return { ms, body: await response.json() };
}

async function runBatchBench(stack, token) {
  return withDatabase(stack, async (db) => {
    const times = [];
    let last;
    for (let i = 0; i < 3; i++) {
      last = await postBatch(
        stack,
        token,
        Array.from({ length: 1000 }, () => candidate('PKG-ACME-BASIC')),
      );
      times.push(last.ms);
    }
    const uuids = last.body.items.map((item) => item.uuid);
    const { jobs, seconds } = await processJobsRun(db, uuids, 600_000);
    return { acceptMs: { median: median(times), runs: times }, processJobsPerSecond: jobs / seconds };
  });
}

module.exports = { runBatchBench };
