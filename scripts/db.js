#!/usr/bin/env node
'use strict';
// npm run migration:run | migration:revert | seed  (the build runs first, see package.json)
const { parseCliArgs } = require('./lib/cli');
const {
  defaultDatabaseUrl,
  persistence,
  setupDatabase,
  hashDemoPassword,
  demoUsers,
} = require('./lib/setup');

const COMMANDS = ['setup', 'migrate', 'revert', 'seed'];
const USAGE = `Usage: node scripts/db.js <command>     (npm run migration:run | migration:revert | seed)

Changes the database of DATABASE_URL (default postgres://postgres@127.0.0.1:5432/screening):

  setup     create the database if missing, apply pending migrations, seed the demo data and the
            demo legal-records corpus where missing (what npm start does first)
  migrate   create the database if missing and apply pending migrations   (npm run migration:run)
  revert    revert the last applied migration                           (npm run migration:revert)
  seed      setup, then write the demo clients, users and packages again (npm run seed)

With NODE_ENV=production the demo users are created only with DEMO_PASSWORD set to a password of
your own; the published default is refused.

  -h, --help   print this and change nothing`;

async function main(command) {
  const databaseUrl = process.env.DATABASE_URL || defaultDatabaseUrl();
  const persistenceLib = persistence();
  switch (command) {
    case 'migrate': {
      await persistenceLib.ensureDatabase(databaseUrl);
      const applied = await persistenceLib.runMigrations(databaseUrl);
      console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'No pending migrations.');
      break;
    }
    case 'revert':
      await persistenceLib.revertLastMigration(databaseUrl);
      console.log('Reverted the last migration.');
      break;
    case 'setup':
      // What `npm start` does before starting the apps (used by the compose file's migrate service).
      await setupDatabase(databaseUrl);
      break;
    case 'seed': {
      // Explicit seeding re-applies the demo rows idempotently even when clients exist; asked for
      // where no demo users may be created, it fails saying why.
      const decision = demoUsers();
      if (!decision.create) throw new Error(decision.reason);
      await setupDatabase(databaseUrl);
      await persistenceLib.withDataSource(databaseUrl, async (ds) =>
        persistenceLib.seedDemoData(ds, await hashDemoPassword(decision.password)),
      );
      console.log('Demo data is in place.');
      break;
    }
  }
}

const { positionals } = parseCliArgs(USAGE, process.argv.slice(2), {
  positionals: { allowed: COMMANDS, min: 1, max: 1 },
});
main(positionals[0]).catch((error) => {
  console.error(`✖ ${error.message}`);
  process.exit(1);
});
