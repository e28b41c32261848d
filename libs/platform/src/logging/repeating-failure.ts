/** What RepeatingFailure writes through (a Nest Logger). */
export interface FailureLogger {
  warn(fields: Record<string, unknown>, message: string): void;
  log(fields: Record<string, unknown>, message: string): void;
}

/** While a periodic task keeps failing, how often it is said again. */
export const REPEAT_EVERY_MS = 60_000;

/**
 * The log of a periodic task (a sweep, a poll, a heartbeat) that fails again on every tick while
 * PostgreSQL or Redis is away: its first failure at warn, then one line a minute with the count,
 * and one line when it works again. A line per tick would bury an operator in thousands of lines
 * a minute saying the same thing (docs/operations.md, "Outages").
 */
export class RepeatingFailure {
  private failures = 0;
  private lastSaid = 0;

  constructor(
    private readonly logger: FailureLogger,
    /** What failed, as a sentence subject: "Outbox sweep". */
    private readonly what: string,
    private readonly now: () => number = Date.now,
  ) {}

  failed(error: unknown): void {
    this.failures += 1;
    const at = this.now();
    if (this.failures > 1 && at - this.lastSaid < REPEAT_EVERY_MS) return;
    this.lastSaid = at;
    this.logger.warn(
      { err: error, failures: this.failures },
      this.failures === 1 ? `${this.what} failed; retrying` : `${this.what} still failing; retrying`,
    );
  }

  succeeded(): void {
    if (this.failures === 0) return;
    this.logger.log({ failures: this.failures }, `${this.what} works again`);
    this.failures = 0;
  }
}
