#!/usr/bin/env node
'use strict';
// npm run build && npm run build:testing && node scripts/bench/watch-list-screening.js [--runs 500] [--dist <dir>]
// The watch-list index at the publishers' real sizes (issue 24: Art. 69 300,000, 69-B 15,000,
// SDN 19,000 with 20,000 aliases, UN 1,000, PEPs 50,000), with generated entries: build time per
// source, the memory the index holds, and screen() latency for the worst realistic candidates
// (the commonest Mexican names, with and without maternal surname and birth date) and for a mix
// of generated candidates. Not a test: it prints figures. CPU time is printed beside wall time
// because the machine is shared: the CPU figure is what one screening costs. The generated entries
// are test support (libs/testing, built into dist-testing/); the index is the one of dist/ (or --dist).
const os = require('node:os');
const path = require('node:path');
const v8 = require('node:v8');
const vm = require('node:vm');

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc');
const dist = process.argv.indexOf('--dist');
// --dist <dir>: another build (a copy of main's dist, to compare before and after a change).
const MATCHING = path.join(
  dist > 0 ? path.resolve(process.argv[dist + 1]) : path.join(__dirname, '..', '..', 'dist'),
  'libs/domain/src/watch-lists/matching',
);
const load = (file) => require(path.join(MATCHING, file));
const SYNTHETIC = path.join(__dirname, '..', '..', 'dist-testing/libs/testing/src/watch-lists/synthetic');
const { syntheticEntries, REAL_SIZES } = require(path.join(SYNTHETIC, 'synthetic-entries.js'));
const { person, seededRandom } = require(path.join(SYNTHETIC, 'synthetic-names.js'));
const { WatchListSegmentBuilder } = load('indexing/segment-builder.js');
const { WatchListIndex } = load('indexing/watch-list-index.js');

const at = process.argv.indexOf('--runs');
const RUNS = at > 0 ? Number(process.argv[at + 1]) : 500;
const fmt = (n, digits = 2) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const settle = () => new Promise((resolve) => setTimeout(resolve, 300)).then(() => gc());
const memory = () => {
  gc();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return { heapUsed, arrayBuffers };
};
const cpuMs = (since) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

async function main() {
  console.log(
    `${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}\n`,
  );
  await settle();
  const before = memory();
  const index = new WatchListIndex();
  console.log('Build (entries generated beforehand; add + build only)');
  let totalCpu = 0;
  for (const source of Object.keys(REAL_SIZES)) {
    const entries = [...syntheticEntries(source)];
    const names = entries.reduce((sum, entry) => sum + entry.names.length, 0);
    const cpu = process.cpuUsage();
    const wall = process.hrtime.bigint();
    const builder = new WatchListSegmentBuilder(source, 1);
    for (const entry of entries) builder.add(entry);
    index.replace(builder.build());
    const used = cpuMs(cpu);
    totalCpu += used;
    console.log(
      `  ${source.padEnd(16)} ${String(entries.length).padStart(7)} entries ${String(names).padStart(7)} names   ` +
        `${fmt(used, 0).padStart(6)} ms CPU  ${fmt(Number(process.hrtime.bigint() - wall) / 1e6, 0).padStart(6)} ms wall`,
    );
  }
  console.log(`  all sources                                      ${fmt(totalCpu, 0).padStart(6)} ms CPU`);
  await settle();
  const after = memory();
  const heap = (after.heapUsed - before.heapUsed) / 1e6;
  const arrays = (after.arrayBuffers - before.arrayBuffers) / 1e6;
  console.log(
    `\nMemory held by the index: ${fmt(heap + arrays, 1)} MB (${fmt(heap, 1)} MB JS heap, ${fmt(arrays, 1)} MB typed arrays); process RSS ${fmt(process.memoryUsage().rss / 1e6, 0)} MB`,
  );

  const worst = [
    [
      'JUAN HERNANDEZ GARCIA, birth date',
      {
        kind: 'person',
        name: 'Juan',
        lastName: 'Hernández',
        secondLastName: 'García',
        birthDate: '1980-05-01',
      },
    ],
    [
      'JUAN HERNANDEZ GARCIA',
      { kind: 'person', name: 'Juan', lastName: 'Hernández', secondLastName: 'García' },
    ],
    ['JUAN HERNANDEZ (no maternal)', { kind: 'person', name: 'Juan', lastName: 'Hernández' }],
    [
      'MARIA GARCIA HERNANDEZ, birth date',
      {
        kind: 'person',
        name: 'María',
        lastName: 'García',
        secondLastName: 'Hernández',
        birthDate: '1975-02-03',
      },
    ],
    ['MARIA GARCIA (no maternal)', { kind: 'person', name: 'María', lastName: 'García' }],
    [
      'MARIA GUADALUPE HERNANDEZ HERNANDEZ',
      { kind: 'person', name: 'María Guadalupe', lastName: 'Hernández', secondLastName: 'Hernández' },
    ],
    [
      'JOSE LUIS HERNANDEZ HERNANDEZ, RFC',
      {
        kind: 'person',
        name: 'José Luis',
        lastName: 'Hernández',
        secondLastName: 'Hernández',
        rfc: 'HEHL800101AB1',
      },
    ],
    [
      'a rare name',
      {
        kind: 'person',
        name: 'Eleuterio',
        lastName: 'Zubiría',
        secondLastName: 'Ochoa',
        birthDate: '1966-09-30',
      },
    ],
    [
      'SERVICIOS INTEGRALES DEL NORTE SA DE CV',
      { kind: 'entity', businessName: 'Servicios Integrales del Norte SA de CV' },
    ],
    ['COMERCIALIZADORA AZTECA', { kind: 'entity', businessName: 'Comercializadora Azteca' }],
  ];
  console.log(`\nscreen(), all sources, best 20 hits explained, ${RUNS} runs each (after 50 untimed)`);
  console.log(
    `  ${'candidate'.padEnd(38)} ${'scored'.padStart(6)} ${'hits'.padStart(5)}   CPU p50   p95    wall p50   p95`,
  );
  const measure = (subjects) => {
    const wall = [];
    const cpu = [];
    for (let i = 0; i < RUNS; i++) {
      const subject = subjects[i % subjects.length];
      const c = process.cpuUsage();
      const t = process.hrtime.bigint();
      index.screen(subject, { limit: 20 });
      wall.push(Number(process.hrtime.bigint() - t) / 1e6);
      cpu.push(cpuMs(c));
    }
    wall.sort((a, b) => a - b);
    cpu.sort((a, b) => a - b);
    return `${fmt(percentile(cpu, 50)).padStart(7)} ${fmt(percentile(cpu, 95)).padStart(5)}   ${fmt(percentile(wall, 50)).padStart(7)} ${fmt(percentile(wall, 95)).padStart(5)}`;
  };
  const scored = (subject) => index.countCandidates(subject);
  for (const [label, subject] of worst) {
    for (let i = 0; i < 50; i++) index.screen(subject, { limit: 20 });
    const hits = index.screen(subject).length;
    console.log(
      `  ${label.padEnd(38)} ${String(scored(subject)).padStart(6)} ${String(hits).padStart(5)}  ${measure([subject])}`,
    );
  }
  const random = seededRandom(7);
  const mix = Array.from({ length: 2000 }, () => {
    const p = person(random);
    return {
      kind: 'person',
      name: p.given,
      lastName: p.paternal,
      secondLastName: p.maternal,
      birthDate: random() < 0.6 ? p.birthDate : null,
    };
  });
  for (const subject of mix.slice(0, 200)) index.screen(subject, { limit: 20 });
  const scoredMix = mix.map(scored).sort((a, b) => a - b);
  console.log(
    `  ${'2,000 generated candidates (mix)'.padEnd(38)} ${String(percentile(scoredMix, 50)).padStart(6)} ${'-'.padStart(5)}  ${measure(mix)}` +
      `   (scored: median; p95 ${percentile(scoredMix, 95)})`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
