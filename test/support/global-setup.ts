import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { Client } from 'pg';
import {
  distIsBuilt,
  E2E,
  MAIL_CATCHER_GLOBAL,
  ROOT,
  startApi,
  startMailCatcher,
  startProcessor,
  startRedis,
  stackEnv,
  stopRedis,
  waitForHealthy,
  waitForRedis,
  writeState,
} from './stack';

/** Refuses any database whose name lacks "test": the setup drops and recreates it. */
function assertTestDatabase(url: string): string {
  const name = new URL(url).pathname.slice(1);
  if (!name.includes('test'))
    throw new Error(`Refusing to run e2e tests against "${name}": the name must contain "test".`);
  return name;
}

export default async function globalSetup(): Promise<void> {
  if (!distIsBuilt() || process.env.E2E_BUILD === '1') {
    const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('build failed');
  }
  const name = assertTestDatabase(E2E.databaseUrl);
  const admin = new URL(E2E.databaseUrl);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await client.end();

  // Same path as `npm start`: create the database, migrate, seed the demo data.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { setupDatabase } = require(join(ROOT, 'scripts/lib/setup.js')) as {
    setupDatabase: (url: string, log: (line: string) => void) => Promise<void>;
  };
  await setupDatabase(E2E.databaseUrl, () => undefined);

  stopRedis(E2E.redisPort);
  await waitForRedis(E2E.redisPort, false);
  startRedis(E2E.redisPort);
  await waitForRedis(E2E.redisPort, true);

  // The apps' SMTP_URL: a catcher in this process, which lives as long as the Jest run. Tests read
  // it over HTTP (test/support/mail.ts): they run in other module registries, or other processes.
  const catcher = await startMailCatcher().catch((error: Error) => {
    throw new Error(
      `The e2e mail catcher did not start: ${error.message}. Another e2e run on this slot? ` +
        'Give each run an E2E_SLOT and E2E_SLOT_OFFSET of its own.',
    );
  });
  (globalThis as Record<string, unknown>)[MAIL_CATCHER_GLOBAL] = catcher;
  try {
    const env = stackEnv();
    const apiPid = startApi(env);
    const processorPid = startProcessor(env);
    await waitForHealthy(E2E.apiPort);
    writeState({
      apiPort: E2E.apiPort,
      redisPort: E2E.redisPort,
      databaseUrl: E2E.databaseUrl,
      redisUrl: env.REDIS_URL,
      apiPid,
      processorPid,
      mailUrl: catcher.webUrl,
      env,
    });
  } catch (error) {
    await catcher.close();
    throw error;
  }
}
