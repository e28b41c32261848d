'use strict';
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

module.exports = { load, loadMedian, median, percentile, timeCalls };
