#!/usr/bin/env node
'use strict';
// `npm start`: build if needed, check PostgreSQL and Redis, migrate, seed, then run the api and the
// processor in this terminal (both logs, prefixed) under a supervisor: an app that crashes is
// restarted with backoff while the other keeps serving; one that crashes 5 times within 60 s stops
// everything (exit 1). Ctrl-C or SIGTERM stops both gracefully (exit 0).
const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { APP_NODE_FLAGS } = require('./lib/app-runtime');
const { parseCliArgs } = require('./lib/cli');
const { checkDependencies } = require('./lib/connectivity');
const { defaultDatabaseUrl, demoUsers, setupDatabase } = require('./lib/setup');
const { supervise } = require('./lib/supervisor');

const ROOT = path.join(__dirname, '..');
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const PORT = process.env.PORT || '3000';

function newestMtime(dir, extension) {
  let newest = 0;
  if (!fs.existsSync(dir)) return newest;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full, extension));
    else if (entry.name.endsWith(extension)) newest = Math.max(newest, fs.statSync(full).mtimeMs);
  }
  return newest;
}

function buildIfNeeded() {
  const marker = path.join(ROOT, 'dist/apps/api/src/main.js');
  // Against the newest built file, not main.js alone: an incremental build rewrites only what changed.
  const sources = Math.max(...['apps', 'libs'].map((dir) => newestMtime(path.join(ROOT, dir), '.ts')));
  const built = Math.max(...['apps', 'libs'].map((dir) => newestMtime(path.join(ROOT, 'dist', dir), '.js')));
  if (fs.existsSync(marker) && built >= sources) return;
  console.log('Building...');
  const result = spawnSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function run(name, script, color, databaseUrl) {
  const child = spawn(process.execPath, [...APP_NODE_FLAGS[name], script], {
    cwd: ROOT,
    // The children write to a pipe: tell them whether a person is reading, so logs come out readable.
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      REDIS_URL,
      PORT,
      ...(process.stdout.isTTY ? { LOG_PRETTY: '1' } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = `\x1b[${color}m[${name}]\x1b[0m `;
  for (const stream of [child.stdout, child.stderr]) {
    let buffered = '';
    stream.on('data', (chunk) => {
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop();
      for (const line of lines) process.stdout.write(prefix + line + '\n');
    });
  }
  return child;
}

const USAGE = `Usage: npm start

Builds if needed, checks PostgreSQL and Redis, creates, migrates and seeds the database of
DATABASE_URL (the demo data where missing), then runs the api and the processor under a supervisor
until Ctrl-C. Configuration comes from the environment (README, Configuration).

  -h, --help   print this and change nothing`;

async function main() {
  parseCliArgs(USAGE, process.argv.slice(2));
  buildIfNeeded();
  const databaseUrl = process.env.DATABASE_URL || defaultDatabaseUrl();
  if (!(await checkDependencies({ databaseUrl, redisUrl: REDIS_URL }))) {
    console.error(
      '\nThe api needs both PostgreSQL and Redis. Start the missing one(s) and run `npm start` again.',
    );
    process.exit(1);
  }
  await setupDatabase(databaseUrl);

  const say = (line) => console.log(`\x1b[33m[supervisor]\x1b[0m ${line}`);
  const supervisor = supervise(
    [
      { name: 'api', start: () => run('api', 'dist/apps/api/src/main.js', '36', databaseUrl) },
      {
        name: 'processor',
        start: () => run('processor', 'dist/apps/processor/src/main.js', '35', databaseUrl),
      },
    ],
    { log: say },
  );
  // Ctrl-C reaches the apps too (same process group); they shut down gracefully either way.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => supervisor.stop());
  supervisor.done.then(({ code, message }) => {
    if (code === 0) say(message);
    else console.error(`✖ ${message}`);
    process.exit(code);
  });

  await waitForApi();
  const demo = demoUsers();
  console.log(
    [
      '',
      `  API ready:       http://localhost:${PORT}`,
      `  Swagger UI:      http://localhost:${PORT}/docs   (OpenAPI JSON: /docs-json)`,
      demo.create
        ? // A password of the operator's own is not printed: this output may end up in a log.
          `  Demo sign-in:    demo@acme.test / ${process.env.DEMO_PASSWORD ? '(your DEMO_PASSWORD)' : demo.password}   (also multi@acme.test, ops@globex.test)`
        : `  Demo sign-in:    none (${demo.reason})`,
      '  Stop with Ctrl-C (a crashed app is restarted; 5 crashes within 60 s stop everything).',
      '',
    ].join('\n'),
  );
}

async function waitForApi() {
  for (let i = 0; i < 120; i++) {
    try {
      const response = await fetch(`http://127.0.0.1:${PORT}/health`);
      if (response.status === 200) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  console.error('The api did not become healthy within 60 seconds; see its log above.');
}

main().catch((error) => {
  console.error(`✖ ${error.message}`);
  process.exit(1);
});
