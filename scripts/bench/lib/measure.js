'use strict';
const http = require('node:http');
const autocannon = require('autocannon');

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

/** One autocannon run; answers requests/s (mean), latency p50/p99 and the non-2xx count. */
async function load(options) {
  const result = await autocannon({ connections: 20, duration: 5, ...options });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** `runs` runs; the median of each figure. */
async function loadMedian(options, runs = 3) {
  const results = [];
  for (let i = 0; i < runs; i++) results.push(await load(options));
  return {
    rps: median(results.map((r) => r.rps)),
    p50: median(results.map((r) => r.p50)),
    p99: median(results.map((r) => r.p99)),
    non2xx: results.reduce((n, r) => n + r.non2xx, 0),
    errors: results.reduce((n, r) => n + r.errors, 0),
  };
}

/** Sequential timing of an async function: p50/p95 in milliseconds. */
async function timeCalls(n, fn) {
  const times = [];
  for (let i = 0; i < n; i++) {
    const start = process.hrtime.bigint();
    await fn(i);
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return { p50: median(times), p95: percentile(times, 95), n };
}

/**
 * Open-loop load: `rate` GET requests a second for `seconds`, each sent when it is due whether or not
 * the ones before have been answered (closed-loop connections wait for each answer, so a slow answer
 * delays the requests behind it and hides their wait). Each latency runs from the request's due
 * time, so a late send (the generator's own event loop) counts too. `next(i)` answers the i-th
 * request's path and headers. Answers p50/p95/p99/max in ms, the rate achieved and the failures
 * (any status but 200, and errors).
 */
async function atRate(base, { rate, seconds, next, maxInFlight = 256 }) {
  const { hostname, port } = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: maxInFlight });
  const total = Math.round(rate * seconds);
  const latencies = [];
  let failures = 0;
  let answered = 0;
  let allAnswered;
  const finished = new Promise((resolve) => (allAnswered = resolve));
  const began = process.hrtime.bigint();
  const dueAt = (i) => began + BigInt(Math.round((i * 1e9) / rate));
  const send = (i) => {
    const due = dueAt(i);
    const { path, headers } = next(i);
    let settled = false;
    const done = (ok) => {
      if (settled) return;
      settled = true;
      if (ok) latencies.push(Number(process.hrtime.bigint() - due) / 1e6);
      else failures += 1;
      answered += 1;
      if (answered === total) allAnswered();
    };
    const request = http.get({ agent, hostname, port, path, headers }, (response) => {
      response.resume();
      response.on('end', () => done(response.statusCode === 200));
      response.on('error', () => done(false));
    });
    request.on('error', () => done(false));
  };
  let sent = 0;
  await new Promise((resolve) => {
    const tick = () => {
      const now = process.hrtime.bigint();
      while (sent < total && dueAt(sent) <= now) send(sent++);
      if (sent < total) setTimeout(tick, Math.max(0, Number(dueAt(sent) - process.hrtime.bigint()) / 1e6));
      else resolve();
    };
    tick();
  });
  await finished;
  const elapsed = Number(process.hrtime.bigint() - began) / 1e9;
  agent.destroy();
  return {
    rate,
    requests: total,
    rps: answered / elapsed,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: Math.max(...latencies),
    failures,
  };
}

module.exports = { atRate, load, loadMedian, median, percentile, timeCalls };
