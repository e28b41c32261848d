#!/usr/bin/env node
'use strict';
// npm run audit:verify   (walks the audit log's hash chain; exit 1 names the first broken event)
const path = require('node:path');
const { buildIfNeeded } = require('./lib/build');

buildIfNeeded({ log: (line) => console.error(line) });
require(path.join(__dirname, '../dist/libs/application/src/audit/verify-cli.js'))
  .main(process.argv.slice(2))
  .then((code) => {
    process.exitCode = code;
  })
  .catch((error) => {
    console.error(`✖ ${error.message}`);
    process.exitCode = 1;
  });
