/** Attempts per second a processor still makes while process jobs wait for it. */
export const BUSY_ATTEMPTS_PER_SECOND = 20;
/** How often the process queue's backlog is read (one Redis LLEN). */
export const BACKLOG_CHECK_EVERY_MS = 100;
/**
 * How long the backlog must stay empty before held attempts go: the jobs taken last are still
 * running, and a backlog that empties and fills again between readings is still a busy processor.
 */
export const IDLE_AFTER_MS = 500;

/**
 * Webhook attempts yield to screening work. While process jobs wait in Redis for a free slot, the
 * processor is saturated, and every attempt (a signed POST, its record in PostgreSQL) takes CPU from
 * the screenings themselves: on two cores one subscribed endpoint cut the process jobs' rate by more
 * than half. So while there is a backlog, attempts take turns at BUSY_ATTEMPTS_PER_SECOND (a
 * trickle, so nothing starves), and once the backlog has stayed empty for IDLE_AFTER_MS every held
 * attempt goes at once.
 * A processor that keeps up (the usual case: process jobs mostly wait on providers) holds nothing.
 *
 * Plain TypeScript: the processor's module reads the backlog and calls `observe`.
 */
export class DeliveryPacer {
  private held: Array<() => void> = [];
  private pace?: NodeJS.Timeout;
  /** A processor starting in front of a backlog must not spend its first moments on webhooks. */
  private backlogRead = false;
  /** When the backlog was first read empty since it was last busy. */
  private emptySince?: number;

  constructor(
    private readonly attemptsPerSecondWhenBusy = BUSY_ATTEMPTS_PER_SECOND,
    private readonly idleAfterMs = IDLE_AFTER_MS,
  ) {}

  /** Whether attempts are held back (also before the backlog was first read). */
  get busy(): boolean {
    return !this.backlogRead || this.pace !== undefined;
  }

  /** How many attempts wait for their turn. */
  get holding(): number {
    return this.held.length;
  }

  /** Resolves when the next attempt may start. */
  turn(): Promise<void> {
    if (!this.busy) return Promise.resolve();
    return new Promise((resolve) => this.held.push(resolve));
  }

  /** Each reading of the process jobs waiting for a slot (null: unknown, Redis unreachable). */
  observe(backlog: number | null): void {
    this.backlogRead = true;
    if (backlog === null) return this.release();
    if (backlog > 0) {
      this.emptySince = undefined;
      this.pace ??= setInterval(() => this.held.shift()?.(), 1000 / this.attemptsPerSecondWhenBusy);
      this.pace.unref();
      return;
    }
    // Nothing paced: let go what a first reading found held. Paced: wait until it stays empty.
    if (!this.pace) return this.release();
    this.emptySince ??= Date.now();
    if (Date.now() - this.emptySince >= this.idleAfterMs) this.release();
  }

  /** Lets every held attempt go, and holds none until the next busy reading (also on shutdown). */
  release(): void {
    this.backlogRead = true;
    this.emptySince = undefined;
    clearInterval(this.pace);
    this.pace = undefined;
    for (const go of this.held.splice(0)) go();
  }
}
