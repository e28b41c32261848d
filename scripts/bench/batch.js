'use strict';
// Batch registration (CONTRACT 8): how long a 1,000-item batch takes to be accepted, and how fast its
// processes then run (the processor's full rate is the screening bench's figure).
const { Client } = require('pg');
const { median } = require('./measure');
const { candidate, waitUntil } = require('./screening');

async function postBatch(stack, token, items) {
  const started = process.hrtime.bigint();
  const r = await fetch(`${stack.base}/candidate-requests/batch`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ items }),
  });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (r.status !== 202) throw new Error(`batch: ${r.status} ${await r.text()}`);
  return { ms, body: await r.json() };
}

async function runBatchBench(stack, token) {
  const db = new Client({ connectionString: stack.env.DATABASE_URL });
  await db.connect();
  try {
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
    await waitUntil(
      db,
      `SELECT count(*) = 0 AS done FROM request_process WHERE request_id = ANY($1) AND status <> 'Finalizado'`,
      [uuids],
      600_000,
    );
    const { rows } = await db.query(
      `SELECT count(*)::int AS jobs, extract(epoch FROM (max(end_date) - min(start_date))) AS seconds
         FROM request_process WHERE request_id = ANY($1)`,
      [uuids],
    );
    return {
      acceptMs: { median: median(times), runs: times },
      processJobsPerSecond: rows[0].jobs / Number(rows[0].seconds),
    };
  } finally {
    await db.end();
  }
}

module.exports = { runBatchBench };
