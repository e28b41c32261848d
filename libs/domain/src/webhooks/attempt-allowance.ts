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
