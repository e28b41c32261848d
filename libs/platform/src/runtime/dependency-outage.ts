/**
 * Telling a dependency outage (PostgreSQL or Redis cannot be reached, or is shutting down or
 * starting up) from every other error, and waiting one out.
 *
 * Why it matters (docs/operations.md, "Outages"): an outage is nobody's fault and passes. An HTTP
 * caller must hear 503 with Retry-After (never a 401 that makes it throw its token away, never a
 * 500), and a job must wait for the dependency instead of spending its retries on it, since a job
 * whose retries ran out during an outage is a registration that never finishes.
 *
 * Plain TypeScript: reads the errors of pg, pg-pool, TypeORM and ioredis by their codes and
 * messages, and imports none of them.
 */

/** SQLSTATEs of a server that is going away, not yet up, or refusing connections (class 08 and 57P). */
const POSTGRES_OUTAGE_CODES = new Set([
  '08000', // connection_exception
  '08001', // sqlclient_unable_to_establish_sqlconnection
  '08003', // connection_does_not_exist
  '08004', // sqlserver_rejected_establishment_of_sqlconnection
  '08006', // connection_failure
  '57P01', // admin_shutdown: the server was stopped (fast or immediate) under our connection
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up, shutting down, in recovery
  '53300', // too_many_connections
]);

/** Socket errors of a peer that is not there (any dependency: we only talk to PostgreSQL and Redis). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ECONNABORTED',
]);

/** Messages the drivers give without a code (pg, pg-pool, ioredis), matched from their start. */
const OUTAGE_MESSAGES = [
  /^Connection terminated/i, // pg: "Connection terminated unexpectedly", "... due to connection timeout"
  /^timeout exceeded when trying to connect/i, // pg-pool's connectionTimeoutMillis
  /^Client has encountered a connection error and is not queryable/i, // pg
  /^Client was closed and is not queryable/i, // pg
  /^Connection is closed/i, // ioredis
  /^Reached the max retries per request limit/i, // ioredis MaxRetriesPerRequestError
  /^Stream isn't writeable and enableOfflineQueue/i, // ioredis without an offline queue
  /^the database system is (starting up|shutting down|in recovery mode)/i, // 57P03's message
];

/** How deep causes are followed (TypeORM's driverError, Error.cause, AggregateError.errors). */
const MAX_DEPTH = 4;

/** True when the error (or what caused it) says PostgreSQL or Redis could not be reached. */
export function isDependencyOutage(error: unknown, depth = 0): boolean {
  if (depth > MAX_DEPTH || typeof error !== 'object' || error === null) return false;
  const { code, message, name, driverError, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    name?: unknown;
    driverError?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string' && (POSTGRES_OUTAGE_CODES.has(code) || NETWORK_CODES.has(code))) return true;
  if (name === 'MaxRetriesPerRequestError') return true;
  if (typeof message === 'string' && OUTAGE_MESSAGES.some((pattern) => pattern.test(message))) return true;
  if (Array.isArray(errors) && errors.some((inner) => isDependencyOutage(inner, depth + 1))) return true;
  return isDependencyOutage(driverError, depth + 1) || isDependencyOutage(cause, depth + 1);
}

/** What a caller is told to wait before trying again while a dependency is away (Retry-After). */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;

export interface OutageWaitOptions {
  /** The first pause after an outage error; doubled after each further one (with +-20 % jitter). */
  firstDelayMs?: number;
  /** The longest pause: how late, at worst, work resumes after the dependency is back. */
  maxDelayMs?: number;
  /** Checked before each pause: once true, the outage error is thrown instead of waited out. */
  giveUp?: () => boolean;
  /** Told when the work starts waiting and when it stops (logs and metrics: OutageWatch). */
  observer?: OutageObserver;
  /** The pause (a spec passes its own). */
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

/** Told once when a piece of work starts waiting out an outage, and once when it stops waiting. */
export interface OutageObserver {
  waiting(error: unknown): void;
  waitEnded(): void;
}

const DEFAULT_FIRST_DELAY_MS = 250;
const DEFAULT_MAX_DELAY_MS = 5_000;

/** The pause before retry number `retry` (0-based) of work that met an outage. */
export function outagePauseMs(
  retry: number,
  firstDelayMs = DEFAULT_FIRST_DELAY_MS,
  maxDelayMs = DEFAULT_MAX_DELAY_MS,
  random: () => number = Math.random,
): number {
  const base = Math.min(firstDelayMs * 2 ** Math.min(retry, 30), maxDelayMs);
  return Math.round(base * (0.8 + 0.4 * random()));
}

/**
 * Runs `work`, and runs it again after a growing pause for as long as it fails with a dependency
 * outage: an outage of any length is waited out, never counted against a job's retries. Any other
 * error is thrown at once. `work` must be safe to run again after a failure whose outcome is
 * unknown (a commit whose answer was lost): every caller re-reads state and writes on a condition.
 */
export async function waitOutOutages<T>(work: () => Promise<T>, options: OutageWaitOptions = {}): Promise<T> {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  let waited = false;
  try {
    for (let retry = 0; ; retry++) {
      try {
        return await work();
      } catch (error) {
        if (!isDependencyOutage(error) || options.giveUp?.()) throw error;
        if (!waited) options.observer?.waiting(error);
        waited = true;
        await sleep(outagePauseMs(retry, options.firstDelayMs, options.maxDelayMs, options.random));
      }
    }
  } finally {
    if (waited) options.observer?.waitEnded();
  }
}

/**
 * What a command-line tool tells its operator while it waits out an outage (`lists:import`,
 * `corpus:ingest`): the work is all or nothing, so it is simply run again once PostgreSQL answers.
 */
export function printedOutage(print: (line: string) => void, nothingDone: string): OutageObserver {
  return {
    waiting: (error) =>
      print(
        `PostgreSQL cannot be reached (${error instanceof Error ? error.message : String(error)}): ` +
          `${nothingDone}. Trying again until it answers (Ctrl-C to stop).`,
      ),
    waitEnded: () => print('PostgreSQL answers again.'),
  };
}
