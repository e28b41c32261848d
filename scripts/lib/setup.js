'use strict';
// Database setup shared by `npm start`, `npm run seed`, the migration scripts and the e2e harness.
const path = require('node:path');

const DIST = path.join(__dirname, '..', '..', 'dist');

/** The apps' own default (libs/platform's config), read from the build. */
function defaultDatabaseUrl() {
  return require(path.join(DIST, 'libs/platform/src/config/app-config.js')).DEFAULT_DATABASE_URL;
}

function persistence() {
  return require(path.join(DIST, 'libs/persistence/src/tooling.js'));
}

/**
 * Whether the demo users are created, and with which password (docs/behaviour.md, docs/integrators.md: in production only
 * with a DEMO_PASSWORD of the operator's own). A refusal (the published default in production) is
 * thrown, so the setup stops saying why.
 */
function demoUsers(env = process.env) {
  const decision = persistence().decideDemoUsers(env.NODE_ENV, env.DEMO_PASSWORD);
  if (decision.refused) throw new Error(decision.refused);
  return decision;
}

async function hashDemoPassword(password) {
  const argon2 = require('argon2');
  return argon2.hash(password, { type: argon2.argon2id });
}

/**
 * Demo clients, users and packages when the database has no client (all three or none: without
 * demo users, the demo clients would only be in the way), and the demo rows a demo database lacks;
 * the demo corpus when empty.
 */
async function seedIfEmpty(databaseUrl, log = console.log) {
  const persistenceLib = persistence();
  const decision = demoUsers();
  await persistenceLib.withDataSource(databaseUrl, async (ds) => {
    const empty = !(await persistenceLib.hasAnyClient(ds));
    if (empty && !decision.create) log(decision.reason);
    // A demo database seeded by an earlier version gets the demo rows it lacks (new demo users).
    if (decision.create && (empty || (await persistenceLib.hasDemoClients(ds)))) {
      await persistenceLib.seedDemoData(ds, await hashDemoPassword(decision.password));
      if (empty) log('Seeded the demo clients, users and packages.');
    }
    if (typeof persistenceLib.seedDemoCorpusIfEmpty === 'function') {
      const loaded = await persistenceLib.seedDemoCorpusIfEmpty(ds, log);
      if (loaded) log(`Loaded the demo legal-records corpus (${loaded} persons).`);
    }
  });
}

async function setupDatabase(
  databaseUrl = process.env.DATABASE_URL || defaultDatabaseUrl(),
  log = console.log,
) {
  const persistenceLib = persistence();
  const { created } = await persistenceLib.ensureDatabase(databaseUrl);
  if (created) log(`Created database ${new URL(databaseUrl).pathname.slice(1)}.`);
  const applied = await persistenceLib.runMigrations(databaseUrl);
  if (applied.length) log(`Applied migrations: ${applied.join(', ')}.`);
  await seedIfEmpty(databaseUrl, log);
  await importDemoWatchLists(databaseUrl, log);
}

/** The demo watch lists (data/watch-lists/demo), for every list that was never imported. */
async function importDemoWatchLists(databaseUrl, log = console.log) {
  const { importDemoListsIfMissing } = require(
    path.join(DIST, 'libs/application/src/watch-lists/import-cli.js'),
  );
  await importDemoListsIfMissing(databaseUrl, path.join(__dirname, '..', '..', 'data/watch-lists/demo'), log);
}

module.exports = {
  defaultDatabaseUrl,
  setupDatabase,
  seedIfEmpty,
  persistence,
  hashDemoPassword,
  demoUsers,
};
