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
      // The apps write events: each connection announces itself before it is first used (pg-pool
      // awaits onConnect), so the log's readers know whom to wait for (see event-horizon.ts).
      ...(overrides.eventWriter
        ? {
            onConnect: (client: { query(sql: string): Promise<unknown> }) =>
              client.query(ANNOUNCE_EVENT_WRITER),
          }
        : {}),
    },
  };
}
