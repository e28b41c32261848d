import { DataSourceOptions } from 'typeorm';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';
import { ANNOUNCE_EVENT_WRITER } from './repositories/event-horizon';

/**
 * The one definition of how we talk to PostgreSQL, shared by the apps, the CLI data source and
 * the scripts. `synchronize` stays off: the schema comes only from migrations.
 */
export function dataSourceOptions(
  databaseUrl: string,
  overrides: { poolSize?: number; eventWriter?: boolean } = {},
): DataSourceOptions {
  return {
    type: 'postgres',
    url: databaseUrl,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTableName: 'schema_migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    // TypeORM's own log of a failed query prints its parameters (names, RFCs, searched names) outside
    // our redaction; callers log errors through pino, whose serializer keeps values out.
    logging: false,
    extra: {
      max: overrides.poolSize ?? 10,
      application_name: 'screening-service',
      // pg-pool awaits onConnect for every new connection, before its first use.
      onConnect: async (client: PoolConnection) => {
        keepErrorsHandled(client);
        // The apps write events: each connection announces itself, so the log's readers know whom
        // to wait for (see event-horizon.ts).
        if (overrides.eventWriter) await client.query(ANNOUNCE_EVENT_WRITER);
      },
    },
  };
}

type PoolConnection = {
  query(sql: string): Promise<unknown>;
  on(event: 'error', listener: (error: Error) => void): unknown;
};

/**
 * A pooled connection that PostgreSQL drops (a restart: 57P01, then the socket ends) emits `error`.
 * pg-pool listens only while the connection is idle, and `pool.query` only once per query: a second
 * error, or one between two queries of a checked-out connection, would have no listener and end
 * the process (docs/operations.md, "Outages"). This listener stays for the connection's life; the
 * query in flight still fails with its own error, and the pool drops the broken connection.
 */
function keepErrorsHandled(client: PoolConnection): void {
  client.on('error', () => undefined);
}
