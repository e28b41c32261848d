/**
 * Runs tasks that share a key one after the other, in the order they arrive; tasks with different
 * keys run freely. Nothing is kept for a key once its last task has settled.
 */
export class OneAtATime {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key);
    const result = previous ? previous.then(task, task) : task();
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** Keys with a task running or waiting (for tests and metrics). */
  get size(): number {
    return this.tails.size;
  }
}
