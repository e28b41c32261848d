#!/usr/bin/env node
'use strict';
// npm run corpus:generate -- --persons 1000000   (replaces the corpus of DATABASE_URL)
require('../dist/libs/persistence/src/legal-corpus/cli.js')
  .main(process.argv.slice(2))
  .catch((error) => {
    console.error(`✖ ${error.message}`);
    process.exit(1);
  });
