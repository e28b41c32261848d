/**
 * What operators take for granted (docs/integrators.md, issue 23): production refuses predictable secrets
 * at boot, creates demo users only with a password of the operator's own, and a script that
 * changes data prints its usage for --help and changes nothing.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import * as argon2 from 'argon2';
import { Client } from 'pg';
import { state, withDb } from './support/helpers';
import { ROOT } from './support/stack';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** A script of scripts/ run to its end, as `npm run` would run it. */
function runScript(args: string[], env: Record<string, string | undefined>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('production refuses predictable secrets at boot', () => {
  const boot = (env: Record<string, string>) =>
    spawnSync(process.execPath, [join(ROOT, 'dist/apps/api/src/main.js')], {
      env: { ...process.env, ...state().env, NODE_ENV: 'production', PORT: '1', ...env },
      encoding: 'utf8',
      timeout: 20_000,
    });
  const goodKey = () => randomBytes(32).toString('base64');

  it.each([
    ['one letter 32 times', 'x'.repeat(32)],
    ['a word repeated', 'Secret-2026!'.repeat(3)],
  ])('will not start with a JWT_SECRET of %s, naming the variable', (_label, secret) => {
    const result = boot({ JWT_SECRET: secret, WEBHOOKS_SECRET_KEY: goodKey() });
    expect(result.status).not.toBe(0);
    expect(result.stderr + result.stdout).toMatch(/JWT_SECRET is too predictable for production/);
  });

  it('will not start with a WEBHOOKS_SECRET_KEY of 32 zero bytes', () => {
    const result = boot({
      JWT_SECRET: randomBytes(48).toString('base64'),
      WEBHOOKS_SECRET_KEY: Buffer.alloc(32).toString('base64'),
    });
    expect(result.status).not.toBe(0);
    expect(result.stderr + result.stdout).toMatch(/WEBHOOKS_SECRET_KEY is too predictable for production/);
  });
});

describe('demo users in production (docs/behaviour.md, docs/integrators.md)', () => {
  const databaseUrl = `${state().databaseUrl}_production`;
  const admin = () => {
    const url = new URL(databaseUrl);
    url.pathname = '/postgres';
    return new Client({ connectionString: url.toString() });
  };
  const name = new URL(databaseUrl).pathname.slice(1);
  const production = (extra: Record<string, string | undefined> = {}) => ({
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    DEMO_PASSWORD: undefined,
    ...extra,
  });
  const demoUsers = async (): Promise<Array<{ email: string; password_hash: string }>> => {
    const db = new Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      return (
        await db.query(
          `SELECT email, password_hash FROM app_user WHERE email IN ('demo@acme.test', 'multi@acme.test', 'ops@globex.test') ORDER BY email`,
        )
      ).rows;
    } finally {
      await db.end();
    }
  };

  beforeAll(async () => {
    expect(name).toMatch(/test/);
    const db = admin();
    await db.connect();
    await db.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await db.end();
  });

  afterAll(async () => {
    const db = admin();
    await db.connect();
    await db.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await db.end();
  });

  it('sets a database up without demo users when DEMO_PASSWORD is not set, saying so', async () => {
    const setup = await runScript(['scripts/db.js', 'setup'], production());
    expect(setup).toEqual(
      expect.objectContaining({
        code: 0,
        stdout: expect.stringContaining('No demo users: NODE_ENV=production'),
      }),
    );
    expect(await demoUsers()).toEqual([]);
    const seed = await runScript(['scripts/db.js', 'seed'], production());
    expect(seed.code).toBe(1);
    expect(seed.stderr).toContain('DEMO_PASSWORD is not set');
    expect(await demoUsers()).toEqual([]);
  }, 90_000);

  it.each([
    ['setup', ['scripts/db.js', 'setup']],
    ['seed', ['scripts/db.js', 'seed']],
  ])(
    'refuses to %s with the published default password, saying why',
    async (_label, args) => {
      const run = await runScript(args, production({ DEMO_PASSWORD: 'Demo-Pass-2026!' }));
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('DEMO_PASSWORD is the published default (Demo-Pass-2026!)');
      expect(await demoUsers()).toEqual([]);
    },
    60_000,
  );

  it('creates them with a password of the operator’s own', async () => {
    const password = `Own-${randomBytes(9).toString('base64url')}`;
    const run = await runScript(['scripts/db.js', 'setup'], production({ DEMO_PASSWORD: password }));
    expect(run.code).toBe(0);
    const users = await demoUsers();
    expect(users.map((u) => u.email)).toEqual(['demo@acme.test', 'multi@acme.test', 'ops@globex.test']);
    for (const user of users) {
      expect(await argon2.verify(user.password_hash, password)).toBe(true);
      expect(await argon2.verify(user.password_hash, 'Demo-Pass-2026!')).toBe(false);
    }
  }, 60_000);
});

describe('--help of every script that changes data prints its usage and changes nothing', () => {
  /** What any of these scripts would change: the schema, the demo rows, the corpus, the docs. */
  const fingerprint = async () => ({
    database: await withDb(
      async (db) =>
        (
          await db.query(`SELECT
            (SELECT count(*) FROM schema_migrations)::int AS migrations,
            (SELECT string_agg(email || ':' || password_hash, ',' ORDER BY email) FROM app_user) AS users,
            (SELECT count(*) FROM client)::int AS clients,
            (SELECT count(*) FROM legal_person)::int AS persons,
            (SELECT max(version) FROM legal_corpus_load) AS corpus`)
        ).rows[0],
    ),
    openapi: statSync(join(ROOT, 'docs/openapi.json')).mtimeMs,
  });
  const env = () => ({ DATABASE_URL: state().databaseUrl, REDIS_URL: state().redisUrl });

  it.each([
    ['corpus:generate', ['scripts/corpus.js', '--help']],
    ['corpus:generate, -h after an option', ['scripts/corpus.js', '--persons', '10', '-h']],
    ['migration:run', ['scripts/db.js', 'migrate', '--help']],
    ['migration:revert', ['scripts/db.js', 'revert', '--help']],
    ['seed', ['scripts/db.js', 'seed', '--help']],
    ['db.js setup', ['scripts/db.js', 'setup', '-h']],
    ['start', ['scripts/start.js', '--help']],
    ['start:dev', ['scripts/dev.js', '--help']],
    ['openapi', ['scripts/openapi.js', '--help']],
    ['bench', ['scripts/bench.js', '--help']],
  ])('%s', async (_label, args) => {
    const before = await fingerprint();
    const run = await runScript(args, env());
    expect(run).toEqual({ code: 0, stdout: expect.stringMatching(/^Usage: /), stderr: '' });
    expect(run.stdout).toContain('-h, --help');
    expect(await fingerprint()).toEqual(before);
  });

  it.each([
    ['a mistyped option', ['scripts/corpus.js', '--persns', '10'], "Unknown option '--persns'"],
    ['an unknown command', ['scripts/db.js', 'drop'], 'Unknown argument "drop"'],
    ['no command', ['scripts/db.js'], 'Missing argument'],
  ])('stops on %s with exit 2, changing nothing', async (_label, args, problem) => {
    const before = await fingerprint();
    const run = await runScript(args, env());
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(problem);
    expect(run.stderr).toContain('Usage: ');
    expect(await fingerprint()).toEqual(before);
  });
});
