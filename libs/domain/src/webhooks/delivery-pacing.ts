/** Attempts per second each client still makes while process jobs wait for the processor. */
export const BUSY_ATTEMPTS_PER_SECOND = 20;
/**
 * ... and how many it may make at once before that pace applies: about what one registration's
 * events make for one endpoint (a FULL package's two dozen), so a quiet client's webhooks are not
 * held at all, while a client with a burst of thousands is soon down to the pace.
 */
export const BUSY_ATTEMPT_BURST = 25;
/**
 * How long the backlog must stay empty before held attempts go: the jobs taken last are still
 * running, and a backlog that empties and fills again between readings is still a busy processor.
 */
export const IDLE_AFTER_MS = 500;

export interface PacingRule {
  perSecond: number;
  burst: number;
  idleAfterMs: number;
}

export const DEFAULT_PACING: PacingRule = {
  perSecond: BUSY_ATTEMPTS_PER_SECOND,
  burst: BUSY_ATTEMPT_BURST,
  idleAfterMs: IDLE_AFTER_MS,
};

/** What a reading of the process backlog asks of whoever holds the attempts. */
export type PacingChange =
  /** Attempts go at each client's allowance (start the trickle if it is not running). */
  | 'pace'
  /** Every held attempt goes now, and none is held until the next busy reading. */
  | 'release'
  /** Nothing changes (paced, and the backlog has not stayed empty for long enough yet). */
  | 'keep';

/**
 * When webhook attempts yield to screening work (docs/performance.md, "Webhooks yield to
 * screenings"). While process jobs wait in Redis for a free slot, the processor is saturated, and
 * every attempt (a signed POST, its record in PostgreSQL) takes CPU from the screenings: on two
 * cores one subscribed endpoint cut the process jobs' rate by more than half. So while there is a
 * backlog each client's attempts go within its allowance (AttemptAllowances: a few at once, then a
 * trickle), the clients' held attempts taking turns; once the backlog has stayed empty for
 * `idleAfterMs` every held attempt goes at once. Until the backlog was first read, everything is
 * held: a processor starting in front of a backlog must not spend its first moments on webhooks.
 *
 * Plain state with the time passed in: the processor's DeliveryPacer keeps the held attempts and
 * the timer, and asks this what to do.
 */
export class DeliveryPacing {
  private backlogRead = false;
  private paced = false;
  /** When the backlog was first read empty since it was last busy. */
  private emptySince?: number;
  private readonly allowances: AttemptAllowances;

  constructor(readonly rule: PacingRule = DEFAULT_PACING) {
    this.allowances = new AttemptAllowances({ perSecond: rule.perSecond, burst: rule.burst });
  }

  /** Whether attempts are held back (also before the backlog was first read). */
  get busy(): boolean {
    return !this.backlogRead || this.paced;
  }

  /**
   * Whether an attempt of `clientId` may start at once at `now`; false: it waits its turn.
   * `clientHasHeld`: the client already has attempts waiting (they go first, in arrival order).
   */
  admit(clientId: string, clientHasHeld: boolean, now: number): boolean {
    if (!this.busy) return true;
    return this.paced && !clientHasHeld && this.allowances.take(clientId, now);
  }

  /** A reading of the process jobs waiting for a slot (null: unknown, Redis unreachable). */
  observe(backlog: number | null, now: number): PacingChange {
    this.backlogRead = true;
    if (backlog === null) return this.release();
    if (backlog > 0) {
      this.emptySince = undefined;
      this.paced = true;
      return 'pace';
    }
    // Nothing paced: let go what a first reading found held. Paced: wait until it stays empty.
    if (!this.paced) return this.release();
    this.emptySince ??= now;
    return now - this.emptySince >= this.rule.idleAfterMs ? this.release() : 'keep';
  }

  /** Nothing held from now until the next busy reading (also on shutdown). */
  release(): 'release' {
    this.backlogRead = true;
    this.paced = false;
    this.emptySince = undefined;
    this.allowances.reset();
    return 'release';
  }

  /**
   * How many of each client's held attempts (`held`: counts, in the clients' order) may start at
   * `now`: each client in turn, as far as its allowance goes.
   */
  letGo(held: ReadonlyMap<string, number>, now: number): Map<string, number> {
    const go = new Map<string, number>();
    for (const [clientId, count] of held) {
      let n = 0;
      while (n < count && this.allowances.take(clientId, now)) n++;
      if (n > 0) go.set(clientId, n);
    }
    this.allowances.forgetFull(now);
    return go;
  }
}

/**
 * How many webhook attempts each client may make while screening work waits for the processor
 * (docs/performance.md, "Webhooks yield to screenings"). The processor used to let one trickle of
 * attempts through for everyone, first come first served, so a client with a burst of thousands
 * held attempts kept another client's few waiting for minutes. Each client now has an allowance of
 * its own: `burst` attempts at once, refilled at `perSecond`. A quiet client's handful goes at once;
 * a busy client gets the old trickle; the screenings keep the processor (the cost grows with the
 * clients sending at that moment, not with the size of anyone's backlog).
 *
 * Plain state with the time passed in, so the rule is tested without timers.
 */
export interface AllowanceRule {
  perSecond: number;
  burst: number;
}

export class AttemptAllowances {
  private readonly left = new Map<string, { tokens: number; at: number }>();

  constructor(readonly rule: AllowanceRule) {
    if (!(rule.perSecond > 0) || !(rule.burst >= 1))
      throw new RangeError('An allowance needs a rate above 0 and room for at least one attempt');
  }

  /** Takes one attempt of `clientId`'s allowance at `now` (epoch ms); false when none is left. */
  take(clientId: string, now: number): boolean {
    const tokens = this.tokensAt(clientId, now);
    if (tokens < 1) {
      this.left.set(clientId, { tokens, at: now });
      return false;
    }
    this.left.set(clientId, { tokens: tokens - 1, at: now });
    return true;
  }

  /** Attempts `clientId` may start at `now`. */
  tokensAt(clientId: string, now: number): number {
    const last = this.left.get(clientId);
    if (!last) return this.rule.burst;
    const refilled = last.tokens + (Math.max(0, now - last.at) * this.rule.perSecond) / 1000;
    return Math.min(this.rule.burst, refilled);
  }

  /** Forgets every client (the processor caught up: nothing is held back until it is busy again). */
  reset(): void {
    this.left.clear();
  }

  /** Forgets clients whose allowance is full again at `now` (bounded memory: only senders are kept). */
  forgetFull(now: number): void {
    for (const clientId of [...this.left.keys()])
      if (this.tokensAt(clientId, now) >= this.rule.burst) this.left.delete(clientId);
  }
}
