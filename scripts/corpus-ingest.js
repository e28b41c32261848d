#!/usr/bin/env node
'use strict';
// npm run corpus:ingest -- <file.jsonl>   (adds and replaces persons and lawsuits, all or nothing)
const path = require('node:path');
const { buildIfNeeded } = require('./lib/build');

// Progress goes to stderr: stdout carries the usage or the ingest's result only.
buildIfNeeded({ log: (line) => console.error(line) });
require(path.join(__dirname, '../dist/libs/application/src/legal-corpus/ingest-cli.js'))
  .main(process.argv.slice(2))
  .then((code) => {
    process.exitCode = code;
  })
  .catch((error) => {
    console.error(`✖ ${error.message}`);
    process.exitCode = 1;
  });
