import { BUSY_ATTEMPT_BURST, BUSY_ATTEMPTS_PER_SECOND, DeliveryPacing, IDLE_AFTER_MS } from '@app/domain';

export { BUSY_ATTEMPT_BURST, BUSY_ATTEMPTS_PER_SECOND, IDLE_AFTER_MS };

/** How often the process queue's backlog is read (one Redis LLEN). */
export const BACKLOG_CHECK_EVERY_MS = 100;

/**
 * Webhook attempts yield to screening work: the domain's DeliveryPacing decides when and how many
 * (docs/performance.md, "Webhooks yield to screenings"); this keeps the attempts it holds, in arrival
 * order by client, and the timer that lets them go at its pace. The processor's module reads the
 * backlog and calls `observe`. A processor that keeps up (the usual case: process jobs mostly wait
 * on providers) holds nothing.
 */
export class DeliveryPacer {
  /** Held attempts by client, each client's in arrival order. */
  private held = new Map<string, Array<() => void>>();
  private pace?: NodeJS.Timeout;
  private readonly pacing: DeliveryPacing;

  constructor(
    private readonly attemptsPerSecondWhenBusy = BUSY_ATTEMPTS_PER_SECOND,
    idleAfterMs = IDLE_AFTER_MS,
    burst = BUSY_ATTEMPT_BURST,
  ) {
    this.pacing = new DeliveryPacing({ perSecond: attemptsPerSecondWhenBusy, burst, idleAfterMs });
  }

  /** Whether attempts are held back (also before the backlog was first read). */
  get busy(): boolean {
    return this.pacing.busy;
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
    if (this.pacing.admit(clientId, this.held.has(clientId), Date.now())) return Promise.resolve();
    return new Promise((resolve) => {
      const queue = this.held.get(clientId);
      if (queue) queue.push(resolve);
      else this.held.set(clientId, [resolve]);
    });
  }

  /** Each reading of the process jobs waiting for a slot (null: unknown, Redis unreachable). */
  observe(backlog: number | null): void {
    const change = this.pacing.observe(backlog, Date.now());
    if (change === 'release') return this.letAllGo();
    if (change === 'pace' && !this.pace) {
      this.pace = setInterval(() => this.letGo(), 1000 / this.attemptsPerSecondWhenBusy);
      this.pace.unref();
    }
  }

  /** Lets every held attempt go, and holds none until the next busy reading (also on shutdown). */
  release(): void {
    this.pacing.release();
    this.letAllGo();
  }

  private letAllGo(): void {
    clearInterval(this.pace);
    this.pace = undefined;
    const held = [...this.held.values()];
    this.held.clear();
    for (const queue of held) for (const go of queue) go();
  }

  /** Each client with held attempts, in turn, starts what its allowance allows now. */
  private letGo(): void {
    const counts = new Map([...this.held].map(([clientId, queue]) => [clientId, queue.length]));
    for (const [clientId, n] of this.pacing.letGo(counts, Date.now())) {
      const queue = this.held.get(clientId)!;
      for (const go of queue.splice(0, n)) go();
      if (queue.length === 0) this.held.delete(clientId);
    }
  }
}
