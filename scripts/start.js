#!/usr/bin/env node
'use strict';
// `npm start`: build if needed, check PostgreSQL and Redis, migrate, seed, then run the api and the
// processor in this terminal (both logs, prefixed) under a supervisor: an app that crashes is
// restarted with backoff while the other keeps serving; one that crashes 5 times within 60 s stops
// everything (exit 1). Ctrl-C or SIGTERM stops both gracefully (exit 0).
const { spawn } = require('node:child_process');
const path = require('node:path');
const { APP_NODE_FLAGS } = require('./lib/app-runtime');
const { buildIfNeeded } = require('./lib/build');
const { checkDependencies } = require('./lib/connectivity');
const { defaultDatabaseUrl, setupDatabase } = require('./lib/setup');
const { supervise } = require('./lib/supervisor');

const ROOT = path.join(__dirname, '..');
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const PORT = process.env.PORT || '3000';

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

async function main() {
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
  const password = process.env.DEMO_PASSWORD || 'Demo-Pass-2026!';
  console.log(
    [
      '',
      `  API ready:       http://localhost:${PORT}`,
      `  Swagger UI:      http://localhost:${PORT}/docs   (OpenAPI JSON: /docs-json)`,
      `  Demo sign-in:    demo@acme.test / ${password}   (also multi@acme.test, ops@globex.test)`,
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
