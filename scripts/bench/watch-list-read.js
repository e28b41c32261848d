#!/usr/bin/env node
'use strict';
// How long the watch-list readers take on real-size files, and the memory they need: writes the
// files (scripts/bench/lib/watch-list-files.js, fixed seed) and reads each source in its own
// process (the built readers, so `npm run build` first), reporting wall time, the process's CPU
// time (what to compare on a busy machine) and peak RSS. Not a
// test and not part of `npm run bench`: reading is one part of an import, which the import bench
// measures end to end with the database write.
//   node scripts/bench/watch-list-read.js [--dir <where to write the files>]
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { writeRealSizeWatchLists } = require('./lib/watch-list-files');

const ROOT = path.join(__dirname, '../..');
const READERS = path.join(ROOT, 'dist/libs/adapters/src/watch-lists/index.js');

/** Runs in the child: reads one source and prints what it took. */
const CHILD = `
const { readWatchListFiles } = require(process.env.READERS);
const [source, ...paths] = process.argv.slice(1);
const started = process.hrtime.bigint();
readWatchListFiles(source, paths.map((path) => ({ path }))).then((read) => {
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  const cpu = process.cpuUsage();
  console.log(JSON.stringify({
    ms, cpuMs: (cpu.user + cpu.system) / 1000, peakRssMb: process.resourceUsage().maxRSS / 1024,
    rows: read.rows, entries: read.entries.length, rejected: read.rejected.length, redacted: read.redacted, skipped: read.skipped,
  }));
});`;

function main() {
  if (!fs.existsSync(READERS)) throw new Error('build first: npm run build');
  const at = process.argv.indexOf('--dir');
  const dir = at > 0 ? process.argv[at + 1] : fs.mkdtempSync(path.join(os.tmpdir(), 'watch-lists-'));
  const started = Date.now();
  const files = writeRealSizeWatchLists(dir);
  console.log(`files written in ${((Date.now() - started) / 1000).toFixed(1)} s under ${dir}`);
  const load = os.loadavg()[0].toFixed(1);
  console.log(`${os.cpus().length} cores, load average ${load}`);
  console.log('source            MB    rows   entries rejected  skipped  wall s   CPU s  peak RSS MB');
  for (const [source, paths] of Object.entries(files)) {
    const mb = paths.reduce((sum, file) => sum + fs.statSync(file).size, 0) / 1e6;
    const out = execFileSync(process.execPath, ['-e', CHILD, source, ...paths], {
      env: { ...process.env, READERS },
      encoding: 'utf8',
    });
    const r = JSON.parse(out);
    console.log(
      `${source.padEnd(16)} ${mb.toFixed(1).padStart(5)} ${String(r.rows).padStart(7)} ${String(r.entries).padStart(9)} ` +
        `${String(r.rejected).padStart(8)} ${String(r.skipped).padStart(8)} ${(r.ms / 1000).toFixed(2).padStart(7)} ` +
        `${(r.cpuMs / 1000).toFixed(2).padStart(7)} ${r.peakRssMb.toFixed(0).padStart(12)}`,
    );
  }
}

main();
