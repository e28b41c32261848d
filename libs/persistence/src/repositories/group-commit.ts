import { inTurns } from '@app/domain';

export interface GroupCommitOptions<T> {
  /** At most this many items go in one call of `writeMany`. */
  maxBatch: number;
  /** At most this many calls of `writeMany` run at once; items arriving meanwhile wait and go together. */
  maxInFlight: number;
  /** Items with the same key never share a call: a later one waits for the next. */
  keyOf?: (item: T) => string;
  /**
   * Whose item it is: the owners of waiting items take turns in each call (the domain's `inTurns`),
   * so one owner's hundreds of waiting items do not keep another's one waiting for several calls.
   * Without it, first come first served.
   */
  turnOf?: (item: T) => string;
  /**
   * With `turnOf`: the items of owners with at most this many items waiting may also go in one
   * call of their own beside the `maxInFlight` shared ones. Taking turns still leaves such an item
   * waiting for a call in flight and then riding in a full one; when each item is a step its owner
   * waits for (a webhook chain's next event), a quiet owner's steps would each cost two full calls
   * of a busy owner's.
   */
  expressUpTo?: number;
  /**
   * When a call of several items fails, write each of them alone, so one item's error is its own and
   * the others still succeed (for SQL: a unique violation, a deadlock). Off when a failure is about
   * the destination rather than an item (Redis away): every item then gets the batch's error.
   */
  retryAlone: boolean;
}

interface Waiting<T, R> {
  item: T;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit: callers submit one item each and wait for its own result, while the items of
 * callers who arrive together are written in one call (one statement, one round trip, one commit).
 * An idle writer sends the first item at once, so nothing waits for a timer; under load, the items
 * that arrive while `maxInFlight` calls are running go in the next call, so the batch grows with the
 * load and the number of round trips does not.
 *
 * `writeMany` answers one result per item, in the items' order.
 */
export class GroupCommit<T, R> {
  private waiting: Array<Waiting<T, R>> = [];
  private inFlight = 0;
  private expressInFlight = false;
  /** Waiting items by owner (with `turnOf`). */
  private readonly waitingOf = new Map<string, number>();

  constructor(
    private readonly writeMany: (items: T[]) => Promise<R[]>,
    private readonly options: GroupCommitOptions<T>,
  ) {}

  submit(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      this.count(item, 1);
      this.startCalls();
    });
  }

  /** Items submitted and not yet answered (for tests and metrics). */
  get pending(): number {
    return this.waiting.length;
  }

  private startCalls(): void {
    while (this.inFlight < this.options.maxInFlight && this.waiting.length > 0) {
      const batch = this.takeBatch();
      this.inFlight += 1;
      void this.write(batch).finally(() => {
        this.inFlight -= 1;
        this.startCalls();
      });
    }
    this.startExpressCall();
  }

  /** The call of their own that items of owners with few waiting may take (see `expressUpTo`). */
  private startExpressCall(): void {
    const { turnOf, expressUpTo } = this.options;
    if (!turnOf || expressUpTo === undefined || this.expressInFlight || this.waiting.length === 0) return;
    if (![...this.waitingOf.values()].some((n) => n <= expressUpTo)) return;
    const few = new Set([...this.waitingOf].filter(([, n]) => n <= expressUpTo).map(([owner]) => owner));
    const batch = this.takeBatch((w) => few.has(turnOf(w.item)));
    if (batch.length === 0) return;
    this.expressInFlight = true;
    void this.write(batch).finally(() => {
      this.expressInFlight = false;
      this.startCalls();
    });
  }

  private takeBatch(may: (w: Waiting<T, R>) => boolean = () => true): Array<Waiting<T, R>> {
    const { keyOf, turnOf, maxBatch } = this.options;
    if (!keyOf && !turnOf) return this.waiting.splice(0, maxBatch); // (no owners counted)
    // The first waiting item of each key may go (a later one waits for the next call)...
    const keys = new Set<string>();
    const eligible = this.waiting.filter((w) => {
      if (!may(w)) return false;
      if (!keyOf) return true;
      const key = keyOf(w.item);
      if (keys.has(key)) return false;
      keys.add(key);
      return true;
    });
    // ...their owners taking turns.
    const batch = (turnOf ? inTurns(eligible, (w) => turnOf(w.item)) : eligible).slice(0, maxBatch);
    const taken = new Set(batch);
    this.waiting = this.waiting.filter((w) => !taken.has(w));
    for (const w of batch) this.count(w.item, -1);
    return batch;
  }

  private count(item: T, by: 1 | -1): void {
    if (!this.options.turnOf) return;
    const owner = this.options.turnOf(item);
    const n = (this.waitingOf.get(owner) ?? 0) + by;
    if (n > 0) this.waitingOf.set(owner, n);
    else this.waitingOf.delete(owner);
  }

  private async write(batch: Array<Waiting<T, R>>): Promise<void> {
    try {
      const results = await this.writeMany(batch.map((w) => w.item));
      if (results.length !== batch.length)
        throw new Error(`writeMany answered ${results.length} results for ${batch.length} items`);
      batch.forEach((w, i) => w.resolve(results[i]));
    } catch (error) {
      if (batch.length === 1 || !this.options.retryAlone) {
        for (const w of batch) w.reject(error);
        return;
      }
      await Promise.all(batch.map((w) => this.write([w])));
    }
  }
}
