import { createHash } from 'node:crypto';
import { Client } from 'pg';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { dataSourceOptions } from '../data-source-options';
import { MIGRATIONS } from '../migrations';
import { DEMO_DATA, seedDemoData } from '../seed/demo-data';

/**
 * Medium tests (docs/testing.md, "Medium tests"): a repository against real PostgreSQL, beside its
 * source. Each spec file gets a database of its own, copied from a template that holds the migrated
 * schema and the demo data (docs/behaviour.md, "Demo data"): copying the 10 MB template is one
 * statement (1-2 s measured on a 2-core machine under a load of 15-20, less when it is quiet), the 30
 * migrations take several seconds more, so they run once per migration list, not once per file.
 *
 * Every SQL statement sent while a spec's `sqlOf(...)` runs is recorded, so the spec can snapshot the
 * SQL of each repository method (immich's GenerateSql idea): a changed query shows in review.
 */

const SERVER = process.env.MEDIUM_DATABASE_SERVER ?? 'postgres://postgres@127.0.0.1:5432';
/** Every database made here has this prefix (and so `medium` in its name). */
const PREFIX = 'screening_medium_';
/** Not a real argon2 hash: no medium test logs in with the demo password. */
export const MEDIUM_PASSWORD_HASH = 'medium-test-password-hash';
/** Connections of a spec's pool: all opened before the first test, so statements sent together
 * reach the server in the order they were sent and the recorded SQL does not depend on timing. */
const POOL_SIZE = 4;

export interface MediumDatabase {
  /** The spec file's own database, migrated and seeded with the demo data. */
  readonly dataSource: DataSource;
  readonly name: string;
  /** Its connection URL (for what opens a connection of its own, a LISTEN). */
  readonly url: string;
  /** The SQL statements `work` sent, in order (whitespace normalised), and its result. */
  record<T>(work: () => Promise<T>): Promise<{ result: T; sql: string[] }>;
  /** The SQL statements `work` sent, for `expect(await db.sqlOf(...)).toMatchSnapshot()`. */
  sqlOf(work: () => Promise<unknown>): Promise<string[]>;
  /** Rows of a query on the spec's database (for assertions on what a method wrote). */
  rows<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

/**
 * Registers the `beforeAll` that copies the template into a fresh database and opens a DataSource
 * on it with the apps' own options, and the `afterAll` that closes it and drops the database.
 * Call at the top of a spec file; use the answer inside tests.
 */
export function mediumDatabase(): MediumDatabase {
  let dataSource: DataSource | undefined;
  let name = '';
  let recording: string[] | null = null;

  beforeAll(async () => {
    name = `${PREFIX}db_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
    await createFromTemplate(name);
    // A server with every connection taken (other checkouts' benches and stacks on this machine)
    // refuses new ones for a moment: open the pool again until it has them all.
    dataSource = await whileServerFull(async () => {
      const opened = new DataSource(recordingOptions(name, () => recording));
      try {
        await opened.initialize();
        await warm(opened);
        return opened;
      } catch (error) {
        if (opened.isInitialized) await opened.destroy();
        throw error;
      }
    });
  });

  afterAll(async () => {
    await dataSource?.destroy();
    if (name) await onServer((admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
  });

  const current = (): DataSource => {
    if (!dataSource) throw new Error('mediumDatabase(): used outside a test (beforeAll has not run)');
    return dataSource;
  };
  const record = async <T>(work: () => Promise<T>): Promise<{ result: T; sql: string[] }> => {
    if (recording) throw new Error('sqlOf/record: one recording at a time');
    const sql: string[] = [];
    recording = sql;
    try {
      const result = await work();
      return { result, sql };
    } finally {
      recording = null;
    }
  };
  return {
    get dataSource() {
      return current();
    },
    get name() {
      return name;
    },
    get url() {
      return databaseUrl(name);
    },
    record,
    sqlOf: async (work) => (await record(work)).sql,
    rows: (sql, params = []) => current().query(sql, params),
  };
}

type RecordedClient = { query: (config: unknown, ...rest: unknown[]) => unknown };

function statementText(config: unknown): string {
  const text = typeof config === 'string' ? config : (config as { text: string; name?: string }).text;
  const name = typeof config === 'object' ? (config as { name?: string }).name : undefined;
  const normalised = dedent(text);
  return name ? `-- prepared as ${name}\n${normalised}` : normalised;
}

/** Leading indentation common to the continuation lines removed, trailing spaces and blank edges dropped. */
function dedent(text: string): string {
  const lines = text.replace(/\s+$/gm, '').split('\n');
  while (lines.length && lines[0].trim() === '') lines.shift();
  const rest = lines.slice(1).filter((l) => l.trim() !== '');
  const indent = Math.min(...rest.map((l) => l.length - l.trimStart().length), Infinity);
  return [lines[0].trim(), ...lines.slice(1).map((l) => l.slice(Number.isFinite(indent) ? indent : 0))].join(
    '\n',
  );
}

/** The apps' options on database `name`, every statement sent while `recording()` is set kept in it. */
function recordingOptions(name: string, recording: () => string[] | null): DataSourceOptions {
  const options = dataSourceOptions(databaseUrl(name), { poolSize: POOL_SIZE, eventWriter: true });
  const extra = options.extra as { onConnect: (client: RecordedClient) => Promise<void> };
  const announce = extra.onConnect;
  return {
    ...options,
    extra: {
      ...extra,
      idleTimeoutMillis: 0, // the warm connections stay for the whole file (see POOL_SIZE)
      onConnect: async (client: RecordedClient) => {
        await announce(client);
        const query = client.query.bind(client);
        client.query = (config: unknown, ...rest: unknown[]) => {
          recording()?.push(statementText(config));
          return query(config, ...rest);
        };
      },
    },
  } as DataSourceOptions;
}

/**
 * Opens every connection of the pool up front and gives them back, so later ones are taken in order.
 * Those opened are given back even when another failed: the pool could not be closed otherwise.
 */
async function warm(dataSource: DataSource): Promise<void> {
  const pool = (dataSource.driver as unknown as { master: { connect(): Promise<{ release(): void }> } })
    .master;
  const opened = await Promise.allSettled(Array.from({ length: POOL_SIZE }, () => pool.connect()));
  for (const result of opened) if (result.status === 'fulfilled') result.value.release();
  const failed = opened.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}

/** How long a spec waits for the server to have a connection free (within the 60 s of a hook). */
const SERVER_FULL_DEADLINE_MS = 45_000;

/** Runs `work` again while PostgreSQL refuses connections because all are taken (53300). */
async function whileServerFull<T>(work: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + SERVER_FULL_DEADLINE_MS;
  for (;;) {
    try {
      return await work();
    } catch (error) {
      if ((error as { code?: string }).code !== '53300' || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

function databaseUrl(name: string): string {
  return `${SERVER}/${name}`;
}

async function onServer<T>(work: (admin: Client) => Promise<T>): Promise<T> {
  const admin = await whileServerFull(async () => {
    const client = new Client({ connectionString: databaseUrl('postgres') });
    await client.connect();
    return client;
  });
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/**
 * Copies the template into `name`. A checkout with other migrations that builds its own template
 * drops ours (see dropLeftovers): when it went between our check and our copy, it is built again.
 */
async function createFromTemplate(name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const template = await ensureTemplate();
    try {
      await onServer((admin) => admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`));
      return;
    } catch (error) {
      // 3D000: the template does not exist (any more).
      if ((error as { code?: string }).code !== '3D000' || attempt === 2) throw error;
    }
  }
}

/** The template's name: the migrations (names and code) and the demo seed, hashed. */
function templateName(): string {
  const hash = createHash('sha256');
  for (const migration of MIGRATIONS) {
    hash.update(migration.name);
    hash.update(String(migration.prototype.up));
  }
  hash.update(String(seedDemoData));
  hash.update(JSON.stringify(DEMO_DATA));
  return `${PREFIX}template_${hash.digest('hex').slice(0, 12)}`;
}

/** The migrated, seeded template; built once (under an advisory lock, several workers may ask). */
async function ensureTemplate(): Promise<string> {
  const template = templateName();
  const exists = (admin: Client) =>
    admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]).then((r) => r.rowCount === 1);
  return onServer(async (admin) => {
    if (await exists(admin)) return template;
    await admin.query(`SELECT pg_advisory_lock(hashtext('screening_medium_template'))`);
    try {
      if (await exists(admin)) return template;
      await dropLeftovers(admin);
      const building = `${template}_building`;
      await admin.query(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`);
      await admin.query(`CREATE DATABASE "${building}"`);
      const dataSource = await whileServerFull(() =>
        new DataSource(dataSourceOptions(databaseUrl(building), { poolSize: 2 })).initialize(),
      );
      try {
        await dataSource.runMigrations({ transaction: 'each' });
        await seedDemoData(dataSource, MEDIUM_PASSWORD_HASH);
      } finally {
        await dataSource.destroy();
      }
      // Renamed only when complete: a template under this name is always whole.
      await admin.query(`ALTER DATABASE "${building}" RENAME TO "${template}"`);
      return template;
    } finally {
      await admin.query(`SELECT pg_advisory_unlock(hashtext('screening_medium_template'))`);
    }
  });
}

/**
 * Templates of other migration lists, and the databases of spec files whose process is gone (a run
 * killed before its afterAll). A template another checkout is copying right now cannot be dropped:
 * that is fine, it goes next time.
 */
async function dropLeftovers(admin: Client): Promise<void> {
  const { rows } = await admin.query<{ datname: string }>(
    `SELECT datname FROM pg_database WHERE datname LIKE '${PREFIX}%'`,
  );
  for (const { datname } of rows) {
    const pid = /^screening_medium_db_(\d+)_/.exec(datname)?.[1];
    if (pid !== undefined && processAlive(Number(pid))) continue;
    await admin.query(`DROP DATABASE IF EXISTS "${datname}"`).catch(() => undefined);
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Polls `check` until it answers true, or fails after `deadlineMs`: for what another connection
 * does in its own time (a NOTIFY delivered), without a fixed sleep.
 */
export async function eventually(
  check: () => boolean | Promise<boolean>,
  deadlineMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Not true within ${deadlineMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The id of a demo user (docs/behaviour.md, "Demo data"), e.g. `demo@acme.test`, the admin of acme. */
export async function demoUserId(db: MediumDatabase, email: string): Promise<string> {
  const [row] = await db.rows<{ id: string }>(`SELECT id FROM app_user WHERE email = $1`, [email]);
  if (!row) throw new Error(`No demo user ${email}`);
  return row.id;
}
