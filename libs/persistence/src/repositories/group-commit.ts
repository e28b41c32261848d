export interface GroupCommitOptions<T> {
  /** At most this many items go in one call of `writeMany`. */
  maxBatch: number;
  /** At most this many calls of `writeMany` run at once; items arriving meanwhile wait and go together. */
  maxInFlight: number;
  /** Items with the same key never share a call: a later one waits for the next. */
  keyOf?: (item: T) => string;
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
  private readonly waiting: Array<Waiting<T, R>> = [];
  private inFlight = 0;

  constructor(
    private readonly writeMany: (items: T[]) => Promise<R[]>,
    private readonly options: GroupCommitOptions<T>,
  ) {}

  submit(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
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
  }

  private takeBatch(): Array<Waiting<T, R>> {
    const { keyOf, maxBatch } = this.options;
    if (!keyOf) return this.waiting.splice(0, maxBatch);
    const batch: Array<Waiting<T, R>> = [];
    const keys = new Set<string>();
    for (let i = 0; i < this.waiting.length && batch.length < maxBatch;) {
      const key = keyOf(this.waiting[i].item);
      if (keys.has(key)) {
        i += 1;
        continue;
      }
      keys.add(key);
      batch.push(...this.waiting.splice(i, 1));
    }
    return batch;
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
