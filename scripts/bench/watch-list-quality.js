#!/usr/bin/env node
'use strict';
// npm run build:testing && node scripts/bench/watch-list-quality.js [--all]
// The watch-list matcher's quality on the committed labelled pairs (docs/watch-list-matching.md, Quality):
// precision of `match` and recall of `match` + `possible_match`, overall and per category, then
// the misclassified pairs (false matches and misses; `--all` also lists the negatives sent to review).
// Not a test: it prints figures; the unit spec fails below the floor. The pairs and the evaluator are
// test support (libs/testing), built into dist-testing/ with the matcher they need, not into dist/.
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.join(__dirname, '..', '..');
const QUALITY = 'libs/testing/src/watch-lists/quality';
const dist = (file) => require(path.join(ROOT, 'dist-testing', QUALITY, file));
const { fromJsonLines } = dist('labelled-pairs.js');
const { evaluatePairs, QUALITY_FLOOR, QUALITY_TARGET } = dist('evaluate.js');

const pairs = fromJsonLines(fs.readFileSync(path.join(ROOT, QUALITY, 'labelled-pairs.jsonl'), 'utf8'));
const report = evaluatePairs(pairs);
const ratio = (value) => (value === null ? '    -' : value.toFixed(3));
const row = (label, f) =>
  `${label.padEnd(18)} ${String(f.pairs).padStart(5)} ${String(f.positives).padStart(5)} ${String(f.negatives).padStart(5)}` +
  `   ${ratio(f.matchPrecision)} (${f.trueMatches}/${f.matches})`.padEnd(22) +
  `   ${ratio(f.recall)} (${f.flagged}/${f.positives})`.padEnd(22) +
  `   ${String(f.negativesForReview).padStart(4)}`;

console.log(
  `Watch-list matcher on ${pairs.length} labelled pairs (${path.join(QUALITY, 'labelled-pairs.jsonl')})\n`,
);
console.log(
  `${'category'.padEnd(18)} ${'pairs'.padStart(5)} ${'same'.padStart(5)} ${'diff'.padStart(5)}   precision of match     recall match+possible  different, possible_match`,
);
for (const [category, figures] of Object.entries(report.byCategory)) console.log(row(category, figures));
console.log(row('OVERALL', report.overall));
console.log(
  `\nprecision of match ${ratio(report.overall.matchPrecision)} (target >= ${QUALITY_TARGET.matchPrecision}, floor ${QUALITY_FLOOR.matchPrecision})` +
    `   recall of match + possible_match ${ratio(report.overall.recall)} (target >= ${QUALITY_TARGET.recall}, floor ${QUALITY_FLOOR.recall})`,
);
console.log(`\nMisclassified (${report.misclassified.length}):`);
for (const m of report.misclassified)
  console.log(
    `  ${m.id.padEnd(22)} ${m.error.padEnd(11)} ${m.decision} ${m.score}  ${m.construction}\n      ${m.features}`,
  );
if (process.argv.includes('--all')) {
  const { compareWithEntry } = require(
    path.join(ROOT, 'dist-testing/libs/domain/src/watch-lists/matching/compare.js'),
  );
  console.log('\nDifferent parties decided possible_match:');
  for (const pair of pairs.filter((p) => !p.sameParty)) {
    const c = compareWithEntry(pair.subject, pair.entry);
    if (c.decision === 'possible_match')
      console.log(`  ${pair.id.padEnd(22)} ${c.score}  ${pair.construction}`);
  }
}
