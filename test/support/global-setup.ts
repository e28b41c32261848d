import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { Client } from 'pg';
import {
  distIsBuilt,
  E2E,
  ROOT,
  startApi,
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
    env,
  });
}
