import { Client } from 'pg';
import { CorpusSession } from './corpus-loader';

/** What `pg_stat_activity.application_name` shows for a corpus ingest's connection. */
export const CORPUS_INGEST_APPLICATION_NAME = 'screening-corpus-ingest';

/** One database session of its own for a corpus CLI (an ingest is one transaction of one session). */
export async function openCorpusSession(databaseUrl: string): Promise<CorpusSession> {
  const client = new Client({
    connectionString: databaseUrl,
    application_name: CORPUS_INGEST_APPLICATION_NAME,
  });
  await client.connect();
  // A server that drops the connection fails the statement in flight; the process must not crash.
  client.on('error', () => undefined);
  return {
    query: async (sql: string, params?: unknown[]) => (await client.query(sql, params)).rows,
    release: () => client.end(),
  };
}
