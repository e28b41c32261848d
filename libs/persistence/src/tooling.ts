// Entry point of scripts/ (npm start, npm run seed, the migration scripts, the e2e harness):
// create the database, run or revert migrations, seed the demo data and the demo legal-records
// corpus. The apps import the barrel (./index.ts), which does not carry any of this.
export * from './setup/database-setup';
export * from './seed/demo-data';
export * from './legal-corpus/demo-corpus';
// The demo users' password policy (docs/behaviour.md, docs/integrators.md), for scripts/lib/setup.js.
export { decideDemoUsers } from '@app/domain';
