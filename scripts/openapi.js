#!/usr/bin/env node
'use strict';
// `npm run openapi`: writes the OpenAPI document the running code produces to docs/openapi.json
// (and the typed client's schema). Starts the built api briefly against DATABASE_URL / REDIS_URL.
const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const { parseCliArgs } = require('./lib/cli');

const ROOT = path.join(__dirname, '..');
const PORT = process.env.OPENAPI_PORT || '3098';

const USAGE = `Usage: npm run openapi

Rewrites docs/openapi.json with the document the built api serves at /docs-json, then the typed
client's schema (libs/api-client). Starts the api briefly against DATABASE_URL (set up first like
npm start does) and REDIS_URL, on OPENAPI_PORT (default 3098).

  -h, --help   print this and change nothing`;

async function main() {
  parseCliArgs(USAGE, process.argv.slice(2));
  await require('./lib/setup').setupDatabase(process.env.DATABASE_URL, () => undefined);
  const api = spawn(process.execPath, [path.join(ROOT, 'dist/apps/api/src/main.js')], {
    // METRICS_PORT=0: no metrics server, so a running `npm start` on the default ports is no obstacle.
    env: {
      ...process.env,
      PORT,
      METRICS_PORT: '0',
      LOG_LEVEL: 'warn',
      NODE_ENV: process.env.NODE_ENV || 'test',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    let document;
    for (let i = 0; i < 100 && !document; i++) {
      await new Promise((r) => setTimeout(r, 200));
      document = await fetch(`http://127.0.0.1:${PORT}/docs-json`)
        .then((r) => (r.ok ? r.json() : undefined))
        .catch(() => undefined);
    }
    if (!document) throw new Error('the api did not serve /docs-json');
    fs.mkdirSync(path.join(ROOT, 'docs'), { recursive: true });
    fs.writeFileSync(path.join(ROOT, 'docs/openapi.json'), JSON.stringify(document, null, 2) + '\n');
    console.log('Wrote docs/openapi.json');
  } finally {
    api.kill('SIGTERM');
  }
  const generated = spawnSync('npm', ['run', 'api-client', '--silent'], { cwd: ROOT, stdio: 'inherit' });
  process.exit(generated.status ?? 1);
}

main().catch((error) => {
  console.error(`✖ ${error.message}`);
  process.exit(1);
});
