#!/usr/bin/env node
'use strict';
// `npm start`: build if needed, check PostgreSQL and Redis, migrate, seed, then run the api and the
// processor in this terminal (both logs, prefixed). Ctrl-C stops both.
const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { checkDependencies } = require('./lib/connectivity');

const ROOT = path.join(__dirname, '..');
const DATABASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/screening';
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const PORT = process.env.PORT || '3000';

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else if (entry.name.endsWith('.ts')) newest = Math.max(newest, fs.statSync(full).mtimeMs);
  }
  return newest;
}

function buildIfNeeded() {
  const marker = path.join(ROOT, 'dist/apps/api/src/main.js');
  const sources = Math.max(newestMtime(path.join(ROOT, 'apps')), newestMtime(path.join(ROOT, 'libs')));
  if (fs.existsSync(marker) && fs.statSync(marker).mtimeMs >= sources) return;
  console.log('Building...');
  const result = spawnSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function run(name, script, color) {
  const child = spawn(process.execPath, [script], {
    cwd: ROOT,
    // The children write to a pipe: tell them whether a person is reading, so logs come out readable.
    env: {
      ...process.env,
      DATABASE_URL,
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
  if (!(await checkDependencies({ databaseUrl: DATABASE_URL, redisUrl: REDIS_URL }))) {
    console.error(
      '\nThe api needs both PostgreSQL and Redis. Start the missing one(s) and run `npm start` again.',
    );
    process.exit(1);
  }
  const { setupDatabase } = require('./lib/setup');
  await setupDatabase(DATABASE_URL);

  const children = [
    run('api', 'dist/apps/api/src/main.js', '36'),
    run('processor', 'dist/apps/processor/src/main.js', '35'),
  ];
  let stopping = false;
  const stop = (code) => {
    if (stopping) return;
    stopping = true;
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
    setTimeout(() => process.exit(code), 5000).unref();
  };
  for (const child of children) {
    child.on('exit', (code) => {
      if (!stopping) {
        console.error(`A process stopped (exit ${code}); stopping the other.`);
        stop(code || 1);
      } else if (children.every((c) => c.exitCode !== null || c.signalCode !== null)) process.exit(0);
    });
  }
  process.on('SIGINT', () => stop(0));
  process.on('SIGTERM', () => stop(0));

  await waitForApi();
  const password = process.env.DEMO_PASSWORD || 'Demo-Pass-2026!';
  console.log(
    [
      '',
      `  API ready:       http://localhost:${PORT}`,
      `  Swagger UI:      http://localhost:${PORT}/docs   (OpenAPI JSON: /docs-json)`,
      `  Demo sign-in:    demo@acme.test / ${password}   (also multi@acme.test, ops@globex.test)`,
      '  Stop with Ctrl-C.',
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
