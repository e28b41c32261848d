import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../data-source-options';

/** Creates the database named in the URL when it does not exist yet (needs CREATEDB rights). */
export async function ensureDatabase(databaseUrl: string): Promise<{ created: boolean }> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`Database name "${name}" must be letters, digits or _`);
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount) return { created: false };
    await client.query(`CREATE DATABASE "${name}"`).catch((error: { code?: string }) => {
      if (error.code !== '42P04') throw error; // created concurrently: fine
    });
    return { created: true };
  } finally {
    await client.end();
  }
}

export async function withDataSource<T>(
  databaseUrl: string,
  work: (ds: DataSource) => Promise<T>,
): Promise<T> {
  const dataSource = new DataSource(dataSourceOptions(databaseUrl, { poolSize: 4 }));
  await dataSource.initialize();
  try {
    return await work(dataSource);
  } finally {
    await dataSource.destroy();
  }
}

/** Runs pending migrations; returns their names. */
export async function runMigrations(databaseUrl: string): Promise<string[]> {
  return withDataSource(databaseUrl, async (ds) =>
    (await ds.runMigrations({ transaction: 'each' })).map((m) => m.name),
  );
}

export async function revertLastMigration(databaseUrl: string): Promise<void> {
  await withDataSource(databaseUrl, (ds) => ds.undoLastMigration({ transaction: 'each' }));
}
