#!/usr/bin/env node
'use strict';
// npm run migration:run | migration:revert | seed  (the build runs first, see package.json)
const {
  defaultDatabaseUrl,
  persistence,
  setupDatabase,
  hashDemoPassword,
  demoUsers,
} = require('./lib/setup');

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
    default:
      console.error('usage: node scripts/db.js setup|migrate|revert|seed');
      process.exit(2);
  }
}

main(process.argv[2]).catch((error) => {
  console.error(`✖ ${error.message}`);
  process.exit(1);
});
