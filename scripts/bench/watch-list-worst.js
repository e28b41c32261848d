#!/usr/bin/env node
'use strict';
// npm run build && node scripts/bench/watch-list-worst.js [--dist <dir> ...] [--runs 300] [--limit 20]
//   [--profile screen.cpuprofile] [--only <part of a candidate's label>]
// screen() at the real sizes for the commonest Mexican names, on an index built from the bench's
// generated files in the publishers' formats (read by the importer's readers, no database), as the
// api holds it. `--dist` (repeated) names the builds to compare (e.g. a copy of main's dist and this one):
// their screenings are interleaved, so the machine's load weighs on both alike; the files are the ones `npm run bench` caches under
// .bench/watch-lists (written here when they are missing). CPU time per screening is printed
// beside wall time: on a shared machine the CPU figure moves less with load.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { realSizeFiles, SOURCES } = require('./lib/watch-list-files');

const ROOT = path.join(__dirname, '..', '..');
const arg = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : fallback;
};
/** `--dist a --dist b`: builds compared side by side, their screenings interleaved. */
const DISTS = process.argv.flatMap((value, at) =>
  process.argv[at - 1] === '--dist' ? [path.resolve(value)] : [],
);
if (!DISTS.length) DISTS.push(path.join(ROOT, 'dist'));
const RUNS = Number(arg('--runs', 300));
/** The endpoint explains 20 hits, a list process 100; `--limit 0` explains every hit (npm run bench). */
const LIMIT = Number(arg('--limit', 20)) || undefined;
const PROFILE = arg('--profile', null);
/** `--only GUADALUPE`: only the candidates whose label holds it (to profile one of them). */
const ONLY = arg('--only', null);
const FILES_DIR = path.join(ROOT, '.bench', 'watch-lists');

/** The commonest names (issue 24's worst realistic case), with and without maternal surname. */
const WORST = [
  ['JUAN HERNANDEZ GARCIA', { name: 'Juan', lastName: 'Hernández', secondLastName: 'García' }],
  [
    'MARIA GUADALUPE LOPEZ MARTINEZ',
    { name: 'María Guadalupe', lastName: 'López', secondLastName: 'Martínez' },
  ],
  ['MARIA GARCIA HERNANDEZ', { name: 'María', lastName: 'García', secondLastName: 'Hernández' }],
  ['JOSE LUIS GARCIA (no maternal)', { name: 'José Luis', lastName: 'García' }],
  ['MARIA GUADALUPE HERNANDEZ (no mat.)', { name: 'María Guadalupe', lastName: 'Hernández' }],
  ['MARIA GARCIA (no maternal)', { name: 'María', lastName: 'García' }],
  ['JUAN HERNANDEZ (no maternal)', { name: 'Juan', lastName: 'Hernández' }],
  ['JUAN HERNANDEZ GARCIA LOPEZ (2 surn.)', { name: 'Juan', lastName: 'Hernández García' }],
  [
    'JUAN HERNANDEZ GARCIA, birth date',
    { name: 'Juan', lastName: 'Hernández', secondLastName: 'García', birthDate: '1980-05-01' },
  ],
];

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const fmt = (n) => n.toFixed(2).padStart(6);

/** One index per build, from the same entries (read once, by the first build's readers). */
async function buildIndexes() {
  const { readWatchListFiles } = require(path.join(DISTS[0], 'libs/adapters/src/watch-lists/index.js'));
  const files = realSizeFiles(FILES_DIR);
  const builds = DISTS.map((dist) => ({
    dist,
    domain: require(path.join(dist, 'libs/domain/src/index.js')),
    buildCpu: 0,
  }));
  for (const build of builds) build.index = new build.domain.WatchListIndex();
  for (const [at, source] of SOURCES.entries()) {
    const read = await readWatchListFiles(
      source,
      files[source].map((file) => ({ path: file })),
    );
    for (const build of builds) {
      const started = process.cpuUsage();
      const builder = new build.domain.WatchListSegmentBuilder(source, at + 1);
      for (const entry of read.entries) builder.add(entry);
      build.index.replace(builder.build());
      const used = process.cpuUsage(started);
      build.buildCpu += (used.user + used.system) / 1000;
    }
  }
  return builds;
}

/** CPU and wall time of one screening, in ms. */
function timed(index, subject) {
  const c = process.cpuUsage();
  const t = process.hrtime.bigint();
  const hits = index.screen(subject, { limit: LIMIT }).length;
  const wall = Number(process.hrtime.bigint() - t) / 1e6;
  const used = process.cpuUsage(c);
  return { cpu: (used.user + used.system) / 1000, wall, hits };
}

async function main() {
  const builds = await buildIndexes();
  builds.forEach((build, at) =>
    console.log(`  [${at}] ${build.dist}: index built in ${build.buildCpu.toFixed(0)} ms CPU`),
  );
  console.log(
    `${os.cpus().length} cores, load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(
        ' ',
      )}; ${RUNS} runs each after 30 untimed, builds interleaved 10 at a time, limit ${LIMIT ?? 'none'}\n` +
      `  ${'candidate'.padEnd(38)}    scored  hits   CPU p50    p95   wall p50    p95`,
  );
  let session = null;
  if (PROFILE) {
    session = new (require('node:inspector').Session)();
    session.connect();
    const post = (method, params) =>
      new Promise((resolve, reject) =>
        session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))),
      );
    session.postAsync = post;
    await post('Profiler.enable');
    await post('Profiler.setSamplingInterval', { interval: 100 });
    await post('Profiler.start');
  }
  for (const [label, fields] of WORST) {
    if (ONLY && !label.includes(ONLY)) continue;
    const subject = { kind: 'person', ...fields };
    for (const { index } of builds) for (let i = 0; i < 30; i++) index.screen(subject, { limit: LIMIT });
    const times = builds.map(() => ({ cpu: [], wall: [], hits: 0 }));
    for (let round = 0; round < RUNS / 10; round++)
      builds.forEach(({ index }, at) => {
        for (let i = 0; i < 10; i++) {
          const { cpu, wall, hits } = timed(index, subject);
          times[at].cpu.push(cpu);
          times[at].wall.push(wall);
          times[at].hits = hits;
        }
      });
    builds.forEach(({ index }, at) => {
      const { cpu, wall, hits } = times[at];
      console.log(
        `  ${(at ? '' : label).padEnd(38)} [${at}] ${String(index.countCandidates(subject)).padStart(6)} ${String(hits).padStart(5)}` +
          `  ${fmt(percentile(cpu, 50))} ${fmt(percentile(cpu, 95))}   ${fmt(percentile(wall, 50))} ${fmt(percentile(wall, 95))}` +
          (at ? `   CPU p50 ${(percentile(cpu, 50) / percentile(times[0].cpu, 50)).toFixed(2)}x [0]` : ''),
      );
    });
  }
  if (session) {
    const { profile } = await session.postAsync('Profiler.stop');
    fs.writeFileSync(PROFILE, JSON.stringify(profile));
    console.log(`profile of the screenings: ${PROFILE}`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
