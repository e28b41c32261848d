'use strict';
// Builds dist/ when a source under apps/ or libs/ is newer than the build (npm start, the CLIs).
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.join(__dirname, '..', '..');

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

function buildIfNeeded(log = console.log) {
  const marker = path.join(ROOT, 'dist/apps/api/src/main.js');
  // Against the newest built file, not main.js alone: an incremental build rewrites only what changed.
  const sources = Math.max(...['apps', 'libs'].map((dir) => newestMtime(path.join(ROOT, dir), '.ts')));
  const built = Math.max(...['apps', 'libs'].map((dir) => newestMtime(path.join(ROOT, 'dist', dir), '.js')));
  if (fs.existsSync(marker) && built >= sources) return;
  log('Building...');
  const result = spawnSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

module.exports = { buildIfNeeded };
