#!/usr/bin/env node
'use strict';
// npm run build:testing && node scripts/watch-list-pairs.js
// Writes the watch-list matcher's labelled pairs (issue 24) from their deterministic generator:
// the committed file is this script's output, and a unit spec checks that it still is.
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.join(__dirname, '..');
const QUALITY = 'libs/testing/src/watch-lists/quality';
const { generateLabelledPairs, toJsonLines } = require(
  path.join(ROOT, 'dist-testing', QUALITY, 'labelled-pairs.js'),
);

const pairs = generateLabelledPairs();
const file = path.join(ROOT, QUALITY, 'labelled-pairs.jsonl');
fs.writeFileSync(file, toJsonLines(pairs));
const positives = pairs.filter((pair) => pair.sameParty).length;
console.log(
  `${pairs.length} pairs (${positives} same party, ${pairs.length - positives} different) -> ${path.relative(ROOT, file)}`,
);
