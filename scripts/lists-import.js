#!/usr/bin/env node
'use strict';
// npm run lists:import -- --source ofac-sdn sdn.csv alt.csv add.csv   (see --help)
const path = require('node:path');
const { buildIfNeeded } = require('./lib/build');
const { parseCliArgs } = require('./lib/cli');

const USAGE = `Usage: npm run lists:import -- --source <source> [--force] <file>...

Imports a watch list from the publisher's files (read exactly as published) and makes it the
active version, unless the files are refused; the apps pick it up without a restart.

  --source <source>  sat-69b, sat-69, ofac-sdn, un-consolidated or peps
  --force            import even when the files hold fewer than 80 % of the active version's entries,
                     or are dated before the active version
  -h, --help         print this and change nothing

Files per source:
  sat-69b          Listado_completo_69-B.csv
  sat-69           one or more of Firmes.csv, Exigibles.csv, No_localizados.csv, Cancelados.csv,
                   CSDsinefectos.csv, Sentencias.csv, EntespublicosydeGobiernoomisos.csv
  ofac-sdn         sdn.csv [alt.csv] [add.csv]
  un-consolidated  consolidated.xml
  peps             one FollowTheMoney .jsonl file

Files are read relative to the directory the command is run from. Exit status: 0 when the files
are the active version afterwards (new, or the same as before), 1 when they were refused.
DATABASE_URL names the database, as for the apps.`;

const { values, positionals } = parseCliArgs(USAGE, process.argv.slice(2), {
  options: { source: { type: 'string' }, force: { type: 'boolean' } },
  positionals: { min: 0, max: Infinity },
});

async function run() {
  buildIfNeeded({ log: (line) => console.error(line) });
  const databaseUrl = process.env.DATABASE_URL || require('./lib/setup').defaultDatabaseUrl();
  const cli = require(path.join(__dirname, '..', 'dist/libs/application/src/watch-lists/import-cli.js'));
  // npm runs scripts from the repository's root; INIT_CWD is where the operator ran the command.
  const cwd = process.env.INIT_CWD || process.cwd();
  const files = positionals.map((file) => path.resolve(cwd, file));
  return cli.main({ source: values.source, force: values.force, files }, databaseUrl);
}

run().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`✖ ${error.message}`);
    process.exit(1);
  },
);
