import { ChildProcess } from 'node:child_process';
import Bull from 'bull';
import { Client } from 'pg';
import request from 'supertest';
import {
  isAlive,
  kill,
  readState,
  sleep,
  spawnApp,
  StackState,
  waitForExit,
  waitForHealthy,
  writeState,
} from './stack';

export const DEMO_PASSWORD = 'Demo-Pass-2026!';

/** The stack's screening queue, as the apps name it (close it after use). */
export function screeningQueue(): Bull.Queue {
  return new Bull('screening', state().redisUrl, { prefix: 'screening' });
}

export function state(): StackState {
  return readState();
}

/** A supertest agent on the running api. */
export function api() {
  return request(`http://127.0.0.1:${state().apiPort}`);
}

export interface Session {
  accessToken: string;
  refreshToken: string;
  auth: { Authorization: string };
  body: Record<string, unknown>;
}

export async function signIn(email = 'demo@acme.test', password = DEMO_PASSWORD): Promise<Session> {
  const response = await api().post('/signin').send({ email, password });
  if (response.status !== 200)
    throw new Error(`sign-in of ${email} failed: ${response.status} ${JSON.stringify(response.body)}`);
  const body = response.body as { accessToken: string; refreshToken: string };
  return {
    accessToken: body.accessToken,
    refreshToken: body.refreshToken,
    auth: { Authorization: `Bearer ${body.accessToken}` },
    body: response.body,
  };
}

/**
 * The session of `email`, signed in before the suite's tests run (a `beforeAll` of the calling
 * file): `const acme = signedIn('demo@acme.test')` at the top of a spec, then `acme.auth` in its tests.
 */
export function signedIn(email: string): Session {
  const session = {} as Session;
  beforeAll(async () => {
    Object.assign(session, await signIn(email));
  });
  return session;
}

/** A direct connection to the e2e database, for assertions on what was stored. */
export async function withDb<T>(work: (db: Client) => Promise<T>): Promise<T> {
  const db = new Client({ connectionString: state().databaseUrl });
  await db.connect();
  try {
    return await work(db);
  } finally {
    await db.end();
  }
}

/** `SELECT count(*)::int AS n ...` against the e2e database: what tests assert about stored rows. */
export function countRows(sql: string, params: unknown[] = []): Promise<number> {
  return withDb(async (db) => (await db.query(sql, params)).rows[0].n as number);
}

/** Polls until a `SELECT count(*)::int AS n ...` answers `count` (or the time runs out). */
export async function untilCount(
  sql: string,
  params: unknown[],
  {
    count = 1,
    timeoutMs = 20_000,
    what = 'rows',
  }: { count?: number; timeoutMs?: number; what?: string } = {},
): Promise<void> {
  await eventually(
    async () => ((await countRows(sql, params)) === count ? true : undefined),
    timeoutMs,
    what,
  );
}

/** Polls until `check` returns a value (not undefined) or the time runs out. */
export async function eventually<T>(
  check: () => Promise<T | undefined>,
  timeoutMs = 20_000,
  what = 'condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    await sleep(100);
  }
  throw new Error(`Timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
}

/**
 * Kills the processor (SIGKILL: no graceful shutdown) and, unless told otherwise, starts a new one
 * (answered, so a test can signal it and see how it exits).
 */
export async function killProcessor(
  options: { restart?: boolean; env?: Record<string, string>; signal?: NodeJS.Signals } = {},
): Promise<ChildProcess | undefined> {
  const current = state();
  kill(current.processorPid, options.signal ?? 'SIGKILL');
  await waitForExit(current.processorPid, 35_000);
  if (options.restart === false) return undefined;
  return restartProcessor(options.env);
}

/** Starts the stack's processor again unless it runs; extra environment on top of the stack's. */
export function restartProcessor(env?: Record<string, string>): ChildProcess | undefined {
  const current = state();
  if (isAlive(current.processorPid)) return undefined;
  const processor = spawnApp('processor', { ...current.env, ...(env ?? {}) });
  writeState({ ...current, processorPid: processor.pid! });
  return processor;
}

/** Restarts the api with extra environment (e.g. a failing legal-records source); `{}` restores it. */
export async function restartApi(env: Record<string, string>): Promise<ChildProcess> {
  const current = state();
  kill(current.apiPid, 'SIGTERM');
  await waitForExit(current.apiPid, 15_000);
  const api = spawnApp('api', { ...current.env, ...env });
  writeState({ ...current, apiPid: api.pid! });
  await waitForHealthy(current.apiPort);
  return api;
}
