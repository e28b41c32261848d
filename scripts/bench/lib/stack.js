'use strict';
// Starts a private stack for benchmarks: its own database, its own redis-server, the built api and
// processor as child processes. Nothing is shared with a developer's running stack.
const { spawn } = require('node:child_process');
const { randomBytes } = require('node:crypto');
const path = require('node:path');
const { Client } = require('pg');
const { APP_NODE_FLAGS } = require('../../lib/app-runtime');
const { startRedisServer, stopRedisServer } = require('../../lib/redis-server');

const ROOT = path.join(__dirname, '..', '..', '..');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function recreateDatabase(databaseUrl) {
  const admin = new URL(databaseUrl);
  const name = admin.pathname.slice(1);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await client.end();
}

function startApp(name, env) {
  // BENCH_API_NODE_ARGS / BENCH_PROCESSOR_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") profile an app.
  const extra = process.env[`BENCH_${name.toUpperCase()}_NODE_ARGS`];
  const nodeArgs = extra ? extra.split(' ') : [];
  const args = [...APP_NODE_FLAGS[name], ...nodeArgs, path.join(ROOT, `dist/apps/${name}/src/main.js`)];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return child;
}

async function waitHealthy(port) {
  for (let i = 0; i < 200; i++) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/health`);
      if (response.status === 200) return;
    } catch {
      /* starting */
    }
    await sleep(150);
  }
  throw new Error('api did not become healthy');
}

/** A stack left running on the port would answer instead of ours and make every figure wrong. */
async function assertPortFree(port) {
  const answered = await fetch(`http://127.0.0.1:${port}/health`).then(
    () => true,
    () => false,
  );
  if (answered) throw new Error(`Port ${port} is taken (a bench left running?); set BENCH_PORT or stop it`);
}

async function startStack({ port, redisPort, databaseUrl, env = {}, keepDatabase = false }) {
  await assertPortFree(port);
  if (!keepDatabase) await recreateDatabase(databaseUrl);
  const { setupDatabase } = require(path.join(ROOT, 'scripts/lib/setup.js'));
  await setupDatabase(databaseUrl, () => undefined);
  stopRedisServer(redisPort);
  startRedisServer(redisPort, 'bench');
  await sleep(300);
  const appEnv = {
    NODE_ENV: 'production',
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    // A fresh secret each run: production (which the bench runs as) refuses any written in the repository.
    JWT_SECRET: randomBytes(32).toString('base64url'),
    WEBHOOKS_SECRET_KEY: randomBytes(32).toString('base64'),
    LOG_LEVEL: 'warn',
    SANDBOX_LATENCY_MS: '0',
    // No metrics servers: their default ports would clash with a developer's running `npm start`.
    METRICS_PORT: '0',
    PROCESSOR_METRICS_PORT: '0',
    ...env,
  };
  const stack = {
    env: appEnv,
    api: startApp('api', appEnv),
    processor: startApp('processor', appEnv),
    base: `http://127.0.0.1:${port}`,
    async restartProcessor() {
      this.processor.kill('SIGKILL');
      await sleep(200);
      this.processor = startApp('processor', appEnv);
    },
    stopProcessor() {
      this.processor.kill('SIGTERM');
      return new Promise((r) => this.processor.once('exit', r));
    },
    /** `extraEnv`: this processor only (the noisy-tenant part runs it with the sandbox's default latency). */
    startProcessor(extraEnv = {}) {
      this.processor = startApp('processor', { ...appEnv, ...extraEnv });
    },
    async stop() {
      // Redis goes last: apps still shutting down (a processor with a large monitors' index takes
      // seconds) would otherwise print their lost connections as crashes.
      const exited = (app) =>
        app.exitCode !== null || app.signalCode !== null
          ? Promise.resolve()
          : new Promise((r) => app.once('exit', r));
      this.api.kill('SIGTERM');
      this.processor.kill('SIGTERM');
      await Promise.race([Promise.all([exited(this.api), exited(this.processor)]), sleep(15_000)]);
      stopRedisServer(redisPort);
    },
  };
  await waitHealthy(port);
  return stack;
}

module.exports = { startStack, startApp, waitHealthy, sleep, ROOT };
