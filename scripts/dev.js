#!/usr/bin/env node
'use strict';
// `npm run start:dev`: `nest build --watch` (the same compiler, Swagger plugin and alias rewriting
// as `npm run build`), and both apps under `node --watch`, so an edit recompiles and restarts them.
// Runs the same database setup as `npm start` first.
const { spawn, spawnSync } = require('node:child_process');
const path = require('node:path');
const { APP_NODE_FLAGS } = require('./lib/app-runtime');
const { parseCliArgs } = require('./lib/cli');
const { checkDependencies } = require('./lib/connectivity');
const { defaultDatabaseUrl, setupDatabase } = require('./lib/setup');

const ROOT = path.join(__dirname, '..');
const bin = (name) => path.join(ROOT, 'node_modules', '.bin', name);
const env = { ...process.env, NODE_ENV: process.env.NODE_ENV || 'development' };

const USAGE = `Usage: npm run start:dev

Builds, creates, migrates and seeds the database of DATABASE_URL like npm start, then rebuilds and
restarts both apps on every change of apps/ or libs/.

  -h, --help   print this and change nothing`;

async function main() {
  parseCliArgs(USAGE, process.argv.slice(2));
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  const ok = await checkDependencies({
    databaseUrl: env.DATABASE_URL || defaultDatabaseUrl(),
    redisUrl: env.REDIS_URL || 'redis://127.0.0.1:6379',
  });
  if (!ok) process.exit(1);
  await setupDatabase(env.DATABASE_URL);
  const children = [
    spawn(bin('nest'), ['build', '--watch', '--preserveWatchOutput'], { cwd: ROOT, stdio: 'inherit' }),
    spawn(process.execPath, [...APP_NODE_FLAGS.api, '--watch', 'dist/apps/api/src/main.js'], {
      cwd: ROOT,
      stdio: 'inherit',
      env,
    }),
    spawn(process.execPath, [...APP_NODE_FLAGS.processor, '--watch', 'dist/apps/processor/src/main.js'], {
      cwd: ROOT,
      stdio: 'inherit',
      env,
    }),
  ];
  const stop = () => {
    for (const child of children) child.kill('SIGTERM');
    setTimeout(() => process.exit(0), 1000).unref();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error) => {
  console.error(`✖ ${error.message}`);
  process.exit(1);
});
