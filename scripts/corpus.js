#!/usr/bin/env node
'use strict';
// npm run corpus:generate -- --persons 1000000   (replaces the corpus of DATABASE_URL)
const { parseCliArgs } = require('./lib/cli');

const USAGE = `Usage: npm run corpus:generate -- [--persons N] [--seed N] [--database-url URL]

Replaces the legal-records corpus of the database with a generated one: every person and lawsuit
in it is deleted first (stored searches keep the match sets they were made from).

  --persons N          persons to generate (default: the demo corpus's 60,000)
  --seed N             seed of the generator: the same seed gives the same corpus (default 2026)
  --database-url URL   the database (default: DATABASE_URL, else postgres://postgres@127.0.0.1:5432/screening)
  -h, --help           print this and change nothing`;

const argv = process.argv.slice(2);
parseCliArgs(USAGE, argv, {
  options: {
    persons: { type: 'string' },
    seed: { type: 'string' },
    'database-url': { type: 'string' },
  },
});

require('../dist/libs/persistence/src/legal-corpus/cli.js')
  .main(argv)
  .catch((error) => {
    console.error(`✖ ${error.message}`);
    process.exit(1);
  });
