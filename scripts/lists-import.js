#!/usr/bin/env node
'use strict';
// npm run lists:import -- --source ofac-sdn sdn.csv alt.csv add.csv   (see --help)
const path = require('node:path');
const { buildIfNeeded } = require('./lib/build');

const argv = process.argv.slice(2);
const CLI = path.join(__dirname, '..', 'dist/libs/application/src/watch-lists/import-cli.js');

async function run() {
  if (argv.includes('--help') || argv.includes('-h')) {
    buildIfNeeded({ log: (line) => console.error(line) });
    console.log(require(CLI).IMPORT_USAGE);
    return 0;
  }
  buildIfNeeded({ log: (line) => console.error(line) });
  const databaseUrl = process.env.DATABASE_URL || require('./lib/setup').defaultDatabaseUrl();
  return require(CLI).main(argv, databaseUrl);
}

run().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`✖ ${error.message}`);
    process.exit(1);
  },
);
