import { Pool } from 'pg';
import { LegalMatchSummary } from '@app/domain';
import { GroupCommit } from '../repositories/group-commit';
import {
  findLawsuits,
  findMatchSet,
  LawsuitFilter,
  LawsuitPage,
  MatchQuery,
  MatchSetHandle,
  summarizeManyForScreening,
  TransactionalExecutor,
} from './legal-corpus.queries';

export type { MatchQuery } from './legal-corpus.queries';

export interface LegalSourceSettings {
  databaseUrl: string;
  /** A call answers FAILED after this long; its SQL is cancelled in the database at the same moment. */
  timeoutMs: number;
  /** A call slower than this is flagged `slow_response`. */
  slowThresholdMs: number;
  /** Injected latency (tests, benchmarks): spent in the database, so the timeout cancels it like real slowness. */
  latencyMs: number;
  /** Injected share of failing calls (tests, benchmarks). */
  failureRate: number;
  poolSize?: number;
}

export type SourceAnswer<T> =
  | { ok: true; value: T; slow: boolean }
  // `cause`: the error itself, so a caller can tell an outage of PostgreSQL from a slow source.
  | { ok: false; slow: boolean; reason: string; cause?: unknown };

/** What `pg_stat_activity.application_name` shows for the source's connections. */
export const LEGAL_SOURCE_APPLICATION_NAME = 'screening-legal-source';

const SUMMARIES_PER_CALL = 50;
const CALLS_IN_FLIGHT = 2;

/**
 * The one port through which the legal-records search and BGC Legal read the source (here the
 * corpus in PostgreSQL). Every call is bounded by a timeout (`outcome: FAILED`) and timed against
 * the slow threshold (`slow_response`).
 *
 * The source has a pool of its own whose sessions carry `statement_timeout`: a call that times out
 * is cancelled in the database too, instead of running on and holding a connection that sign-in
 * and screening need. A slow source degrades searches, never the rest of the service.
 */
export class LegalRecordsSource {
  private readonly pool: Pool;
  private readonly db: TransactionalExecutor;
  /**
   * BGC Legal's lookups arriving together share one call (one statement). No timer: an idle
   * processor looks a candidate up at once. SUMMARIES_PER_CALL: 50 names still answer within the
   * source's slow threshold; CALLS_IN_FLIGHT: two keep the source busy while the next group gathers.
   * A failed call is the source's failure, not a candidate's: every job of the group retries.
   */
  private readonly summaries = new GroupCommit<MatchQuery, LegalMatchSummary>(
    async (queries) => {
      const answer = await this.screeningSummaries(queries);
      if (!answer.ok) throw new Error(`legal-records source: ${answer.reason}`, { cause: answer.cause });
      return answer.value;
    },
    { maxBatch: SUMMARIES_PER_CALL, maxInFlight: CALLS_IN_FLIGHT, retryAlone: false },
  );

  constructor(private readonly settings: LegalSourceSettings) {
    this.pool = new Pool({
      connectionString: settings.databaseUrl,
      max: settings.poolSize ?? 10,
      statement_timeout: settings.timeoutMs,
      connectionTimeoutMillis: settings.timeoutMs,
      application_name: LEGAL_SOURCE_APPLICATION_NAME,
      // Lookups of a few milliseconds: compiling a plan with LLVM (PostgreSQL's default above a
      // cost estimate that a big corpus or a grouped lookup can pass) would cost more than running it.
      options: '-c jit=off',
    });
    // An idle connection the server dropped must not crash the process; the next call reconnects.
    this.pool.on('error', () => undefined);
    // ... nor one that breaks while checked out between two queries (see data-source-options.ts).
    this.pool.on('connect', (client) => client.on('error', () => undefined));
    // The source runs a handful of fixed statements: each is prepared once per connection, so a
    // lookup pays neither parsing nor planning.
    const names = new Map<string, string>();
    const nameOf = (sql: string) => {
      let name = names.get(sql);
      if (!name) names.set(sql, (name = `legal-source-${names.size + 1}`));
      return name;
    };
    this.db = {
      query: async (sql: string, params?: unknown[]) =>
        (await this.pool.query({ name: nameOf(sql), text: sql, values: params })).rows,
      // Only a set computed on first use needs one (see findMatchSet); lookups are one statement.
      inTransaction: async (work) => {
        const client = await this.pool.connect();
        try {
          await client.query('BEGIN');
          const result = await work({
            query: async (sql: string, params?: unknown[]) =>
              (await client.query({ name: nameOf(sql), text: sql, values: params })).rows,
          });
          await client.query('COMMIT');
          return result;
        } catch (error) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw error;
        } finally {
          client.release();
        }
      },
    };
  }

  /**
   * The stored match set of a query on the current corpus version (its universe's KPIs and ranked
   * first `cap` matches): a lookup, computed from the corpus only the first time.
   */
  matchSet(query: MatchQuery, cap: number): Promise<SourceAnswer<MatchSetHandle>> {
    return this.call(() => findMatchSet(this.db, query, cap));
  }

  /** A person's lawsuits as of corpus version `asOfVersion` (a search's), or as they stand now (null). */
  lawsuits(
    personUuid: string,
    filter: LawsuitFilter,
    asOfVersion: string | null = null,
  ): Promise<SourceAnswer<LawsuitPage>> {
    return this.call(() => findLawsuits(this.db, personUuid, filter, asOfVersion));
  }

  /** BGC Legal's reading of one candidate's name (internal: nothing stored or billed); rejects on failure. */
  screeningSummary(query: MatchQuery): Promise<LegalMatchSummary> {
    return this.summaries.submit(query);
  }

  /** BGC Legal's reading of candidates' names, in one call: internal, nothing stored or billed. */
  screeningSummaries(queries: readonly MatchQuery[]): Promise<SourceAnswer<LegalMatchSummary[]>> {
    return this.call(() => summarizeManyForScreening(this.db, queries));
  }

  close(): Promise<void> {
    return this.pool.end();
  }

  private async call<T>(work: () => Promise<T>): Promise<SourceAnswer<T>> {
    const { timeoutMs, slowThresholdMs, latencyMs, failureRate } = this.settings;
    const started = Date.now();
    let timer: NodeJS.Timeout | undefined;
    try {
      const value = await Promise.race([
        (async () => {
          if (latencyMs > 0) await this.db.query('SELECT pg_sleep($1)', [latencyMs / 1000]);
          if (failureRate > 0 && Math.random() < failureRate) throw new Error('source unavailable');
          return work();
        })(),
        // Also bounds what statement_timeout cannot: waiting for a connection, a lost network.
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`source timed out after ${timeoutMs} ms`)), timeoutMs);
        }),
      ]);
      return { ok: true, value, slow: Date.now() - started > slowThresholdMs };
    } catch (error) {
      return { ok: false, slow: Date.now() - started > slowThresholdMs, reason: String(error), cause: error };
    } finally {
      clearTimeout(timer);
    }
  }
}
