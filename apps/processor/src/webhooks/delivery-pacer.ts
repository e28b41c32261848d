import { AttemptAllowances } from '@app/domain';

/** Attempts per second each client still makes while process jobs wait for the processor. */
export const BUSY_ATTEMPTS_PER_SECOND = 20;
/**
 * ... and how many it may make at once before that pace applies: about what one registration's
 * events make for one endpoint (a FULL package's two dozen), so a quiet client's webhooks are not
 * held at all, while a client with a burst of thousands is soon down to the pace.
 */
export const BUSY_ATTEMPT_BURST = 25;
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
 * than half. So while there is a backlog, each client's attempts go within its allowance (the
 * domain's AttemptAllowances: a few at once, then BUSY_ATTEMPTS_PER_SECOND), the clients' held
 * attempts taking turns; once the backlog has stayed empty for IDLE_AFTER_MS every held attempt goes
 * at once. One trickle shared first come first served let a client's burst of thousands of held
 * attempts keep another client's few waiting for a minute (docs/performance.md).
 * A processor that keeps up (the usual case: process jobs mostly wait on providers) holds nothing.
 *
 * Plain TypeScript: the processor's module reads the backlog and calls `observe`.
 */
export class DeliveryPacer {
  /** Held attempts by client, each client's in arrival order. */
  private held = new Map<string, Array<() => void>>();
  private pace?: NodeJS.Timeout;
  /** A processor starting in front of a backlog must not spend its first moments on webhooks. */
  private backlogRead = false;
  /** When the backlog was first read empty since it was last busy. */
  private emptySince?: number;
  private readonly allowances: AttemptAllowances;

  constructor(
    private readonly attemptsPerSecondWhenBusy = BUSY_ATTEMPTS_PER_SECOND,
    private readonly idleAfterMs = IDLE_AFTER_MS,
    burst = BUSY_ATTEMPT_BURST,
  ) {
    this.allowances = new AttemptAllowances({ perSecond: attemptsPerSecondWhenBusy, burst });
  }

  /** Whether attempts are held back (also before the backlog was first read). */
  get busy(): boolean {
    return !this.backlogRead || this.pace !== undefined;
  }

  /** How many attempts wait for their turn. */
  get holding(): number {
    let count = 0;
    for (const queue of this.held.values()) count += queue.length;
    return count;
  }

  /** Clients with attempts waiting for their turn (for logs). */
  get clientsHeld(): number {
    return this.held.size;
  }

  /** Resolves when the client's next attempt may start. */
  turn(clientId: string): Promise<void> {
    if (!this.busy) return Promise.resolve();
    if (this.pace && !this.held.has(clientId) && this.allowances.take(clientId, Date.now()))
      return Promise.resolve();
    return new Promise((resolve) => {
      const queue = this.held.get(clientId);
      if (queue) queue.push(resolve);
      else this.held.set(clientId, [resolve]);
    });
  }

  /** Each reading of the process jobs waiting for a slot (null: unknown, Redis unreachable). */
  observe(backlog: number | null): void {
    this.backlogRead = true;
    if (backlog === null) return this.release();
    if (backlog > 0) {
      this.emptySince = undefined;
      this.pace ??= setInterval(() => this.letGo(), 1000 / this.attemptsPerSecondWhenBusy);
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
    this.allowances.reset();
    const held = [...this.held.values()];
    this.held.clear();
    for (const queue of held) for (const go of queue) go();
  }

  /** Each client with held attempts, in turn, starts what its allowance allows now. */
  private letGo(): void {
    const now = Date.now();
    for (const [clientId, queue] of [...this.held]) {
      while (queue.length > 0 && this.allowances.take(clientId, now)) queue.shift()!();
      if (queue.length === 0) this.held.delete(clientId);
    }
    this.allowances.forgetFull(now);
  }
}
