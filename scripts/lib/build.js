'use strict';
// Builds dist/ when a source under apps/ or libs/ is newer than the build (npm start, the CLIs).
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.join(__dirname, '..', '..');

/**
 * What tsconfig.build.json leaves out (specs, fixtures, the generated client, test support,
 * declarations): one of them newer than dist must not call for a build, which is incremental, emits
 * nothing for it, and so would be called for again on every run (each `npm run lists:import` of the
 * e2e specs rebuilt).
 */
const NOT_BUILT = /\.spec\.ts$|\.fixture\.ts$|\.d\.ts$|[\\/]libs[\\/](api-client|testing)[\\/]/;

function newestMtime(dir, extension) {
  let newest = 0;
  if (!fs.existsSync(dir)) return newest;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full, extension));
    else if (entry.name.endsWith(extension) && !NOT_BUILT.test(full))
      newest = Math.max(newest, fs.statSync(full).mtimeMs);
  }
  return newest;
}

/**
 * `pipeOutput`: the build's own output is collected and written through `console.log` (which a
 * caller writing JSON lines has redirected) instead of going straight to the terminal.
 */
function buildIfNeeded({ log = console.log, pipeOutput = false } = {}) {
  const marker = path.join(ROOT, 'dist/apps/api/src/main.js');
  // Against the newest built file, not main.js alone: an incremental build rewrites only what changed.
  const sources = Math.max(...['apps', 'libs'].map((dir) => newestMtime(path.join(ROOT, dir), '.ts')));
  const built = Math.max(...['apps', 'libs'].map((dir) => newestMtime(path.join(ROOT, 'dist', dir), '.js')));
  if (fs.existsSync(marker) && built >= sources) return;
  log('Building...');
  const result = spawnSync('npm', ['run', 'build', '--silent'], {
    cwd: ROOT,
    stdio: pipeOutput ? 'pipe' : 'inherit',
    encoding: 'utf8',
  });
  if (pipeOutput) for (const text of [result.stdout, result.stderr]) if (text) console.log(text);
  if (result.status !== 0) process.exit(result.status ?? 1);
}

module.exports = { buildIfNeeded };
