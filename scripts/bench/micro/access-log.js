#!/usr/bin/env node
'use strict';
// A micro-bench, not part of `npm run bench`: the api's access-log line written by hand (Fastify's
// onResponse hook, apps/api/src/common/access-log.ts) against pino-http's autoLogging writing the
// same line, beside a server writing none; each in its own process, loaded in turn by autocannon,
// rounds alternating (docs/architecture.md, "Hand-written where a library exists"). Needs
// `npm run build` first. Usage: node scripts/bench/micro/access-log.js [rounds] [seconds]
const { fork } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const autocannon = require('autocannon');

const VARIANTS = ['none', 'hand-written', 'pino-http'];
const BASE_PORT = Number(process.env.BENCH_PORT || 3940);
const SERVER = path.join(__dirname, 'access-log-server.js');
const URL_PATH = '/candidate-requests/5f0c6a4e-8f7b-4d2a-9c1e-3b2a1d0e9f8a';

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

function start(variant, port, logFile) {
  const child = fork(SERVER, {
    env: { ...process.env, VARIANT: variant, PORT: String(port), LOG_FILE: logFile },
  });
  return new Promise((resolve, reject) => {
    child.once('message', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`${variant} server exited with ${code}`)));
  });
}

async function main() {
  const rounds = Number(process.argv[2] ?? 5);
  const seconds = Number(process.argv[3] ?? 5);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'access-log-bench-'));
  // First the lines themselves: one request each, written to a file, to show both write the same fields.
  for (const [i, variant] of VARIANTS.slice(1).entries()) {
    const file = path.join(dir, `${variant}.log`);
    const server = await start(variant, BASE_PORT + i, file);
    await fetch(`http://127.0.0.1:${BASE_PORT + i}${URL_PATH}`, { headers: { authorization: 'Bearer x' } });
    // The line is written when the answer has finished, which may be just after the client has it.
    for (let tries = 0; tries < 200 && !fs.readFileSync(file, 'utf8').includes('\n'); tries++)
      await new Promise((resolve) => setTimeout(resolve, 10));
    server.kill();
    await new Promise((resolve) => server.once('exit', resolve));
    const line = JSON.parse(fs.readFileSync(file, 'utf8').trim().split('\n').at(-1));
    console.log(
      `${variant} line: ${JSON.stringify({ ...line, time: 0, pid: 0, requestId: '…', durationMs: 0 })}`,
    );
  }
  const servers = {};
  for (const [i, variant] of VARIANTS.entries())
    servers[variant] = await start(variant, BASE_PORT + i, '/dev/null');
  const rps = Object.fromEntries(VARIANTS.map((variant) => [variant, []]));
  try {
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 ? [...VARIANTS].reverse() : VARIANTS;
      for (const variant of order) {
        const result = await autocannon({
          url: `http://127.0.0.1:${BASE_PORT + VARIANTS.indexOf(variant)}${URL_PATH}`,
          connections: 20,
          duration: seconds,
        });
        if (result.non2xx || result.errors)
          throw new Error(`${variant}: ${result.non2xx} non-2xx, ${result.errors} errors`);
        rps[variant].push(result.requests.average);
      }
    }
  } finally {
    for (const server of Object.values(servers)) server.kill();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const floor = median(rps.none);
  for (const variant of VARIANTS) {
    const m = median(rps[variant]);
    const cost = variant === 'none' ? '' : `, ${(100 * (1 - m / floor)).toFixed(1)} % below no line`;
    console.log(
      `${variant.padEnd(12)} ${Math.round(m).toLocaleString('en-US')} req/s (${rps[variant].map(Math.round).join(', ')})${cost}`,
    );
  }
  const ratio = median(rps['pino-http']) / median(rps['hand-written']);
  console.log(`pino-http / hand-written: ${ratio.toFixed(3)} of the requests a second`);
  console.log(
    `${rounds} rounds of ${seconds} s at 20 connections, medians; node ${process.version}, load average ${os.loadavg()[0].toFixed(1)} at the end`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
