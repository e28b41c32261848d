import { GroupCommit } from './group-commit';

/** A `writeMany` whose calls the test finishes by hand; it notes every call's items. */
function manualWriter<T>() {
  const calls: T[][] = [];
  const finishers: Array<() => void> = [];
  const failers: Array<(error: Error) => void> = [];
  const writeMany = (items: T[]) =>
    new Promise<string[]>((resolve, reject) => {
      calls.push(items);
      finishers.push(() => resolve(items.map((item) => `wrote ${String(item)}`)));
      failers.push(reject);
    });
  return { calls, finishers, failers, writeMany };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('GroupCommit', () => {
  it('writes the first item at once when nothing is in flight', async () => {
    const writer = manualWriter<number>();
    const commits = new GroupCommit(writer.writeMany, { maxBatch: 10, maxInFlight: 1, retryAlone: true });
    const first = commits.submit(1);
    expect(writer.calls).toEqual([[1]]);
    writer.finishers[0]();
    await expect(first).resolves.toBe('wrote 1');
  });

  it('writes the items that arrived during a call together in the next call, each caller getting its own result', async () => {
    const writer = manualWriter<number>();
    const commits = new GroupCommit(writer.writeMany, { maxBatch: 10, maxInFlight: 1, retryAlone: true });
    const results = [1, 2, 3, 4].map((n) => commits.submit(n));
    expect(writer.calls).toEqual([[1]]);
    expect(commits.pending).toBe(3);
    writer.finishers[0]();
    await tick();
    expect(writer.calls).toEqual([[1], [2, 3, 4]]);
    writer.finishers[1]();
    await expect(Promise.all(results)).resolves.toEqual(['wrote 1', 'wrote 2', 'wrote 3', 'wrote 4']);
    expect(commits.pending).toBe(0);
  });

  it('runs up to maxInFlight calls at once', () => {
    const writer = manualWriter<number>();
    const commits = new GroupCommit(writer.writeMany, { maxBatch: 10, maxInFlight: 2, retryAlone: true });
    [1, 2, 3].forEach((n) => void commits.submit(n));
    expect(writer.calls).toEqual([[1], [2]]);
    expect(commits.pending).toBe(1);
  });

  it('puts at most maxBatch items in one call', async () => {
    const writer = manualWriter<number>();
    const commits = new GroupCommit(writer.writeMany, { maxBatch: 2, maxInFlight: 1, retryAlone: true });
    [1, 2, 3, 4].forEach((n) => void commits.submit(n));
    writer.finishers[0]();
    await tick();
    expect(writer.calls).toEqual([[1], [2, 3]]);
    writer.finishers[1]();
    await tick();
    expect(writer.calls).toEqual([[1], [2, 3], [4]]);
  });

  it('never puts two items of one key in one call, and keeps the later one for the next call in order', async () => {
    const writer = manualWriter<string>();
    const commits = new GroupCommit(writer.writeMany, {
      maxBatch: 10,
      maxInFlight: 1,
      retryAlone: true,
      keyOf: (item) => item.split(':')[0],
    });
    ['x:0', 'a:1', 'b:1', 'a:2', 'c:1', 'a:3'].forEach((item) => void commits.submit(item));
    writer.finishers[0]();
    await tick();
    expect(writer.calls[1]).toEqual(['a:1', 'b:1', 'c:1']);
    writer.finishers[1]();
    await tick();
    expect(writer.calls[2]).toEqual(['a:2']);
    writer.finishers[2]();
    await tick();
    expect(writer.calls[3]).toEqual(['a:3']);
  });

  it('on a failed call of several items, writes each alone: only the item that fails again is rejected', async () => {
    const calls: number[][] = [];
    const commits = new GroupCommit(
      (items: number[]) => {
        calls.push(items);
        return items.includes(2) ? Promise.reject(new Error('2 is refused')) : Promise.resolve(items);
      },
      { maxBatch: 10, maxInFlight: 1, retryAlone: true },
    );
    const blocker = commits.submit(0);
    const results = [1, 2, 3].map((n) => commits.submit(n));
    await blocker;
    await expect(results[0]).resolves.toBe(1);
    await expect(results[1]).rejects.toThrow('2 is refused');
    await expect(results[2]).resolves.toBe(3);
    expect(calls).toEqual([[0], [1, 2, 3], [1], [2], [3]]);
  });

  it('without retryAlone, gives every item of a failed call the call error, once', async () => {
    let calls = 0;
    const commits = new GroupCommit(
      (items: number[]) => {
        calls += 1;
        return items.length > 1 ? Promise.reject(new Error('Redis is away')) : Promise.resolve(items);
      },
      { maxBatch: 10, maxInFlight: 1, retryAlone: false },
    );
    const blocker = commits.submit(0);
    const results = [1, 2].map((n) => commits.submit(n));
    await blocker;
    await expect(results[0]).rejects.toThrow('Redis is away');
    await expect(results[1]).rejects.toThrow('Redis is away');
    expect(calls).toBe(2);
  });

  it('rejects every item when writeMany answers the wrong number of results', async () => {
    const commits = new GroupCommit((items: number[]) => Promise.resolve(items.slice(1)), {
      maxBatch: 10,
      maxInFlight: 1,
      retryAlone: false,
    });
    await expect(commits.submit(1)).rejects.toThrow('answered 0 results for 1 items');
  });

  it('keeps writing after a failure', async () => {
    let fail = true;
    const commits = new GroupCommit(
      (items: number[]) => (fail ? Promise.reject(new Error('once')) : Promise.resolve(items)),
      { maxBatch: 10, maxInFlight: 1, retryAlone: true },
    );
    await expect(commits.submit(1)).rejects.toThrow('once');
    fail = false;
    await expect(commits.submit(2)).resolves.toBe(2);
  });

  it('lets the owners of waiting items take turns in a call: one owner’s hundreds do not hold back another’s one', async () => {
    const writer = manualWriter<string>();
    const commits = new GroupCommit(writer.writeMany, {
      maxBatch: 3,
      maxInFlight: 1,
      retryAlone: true,
      keyOf: (item) => item,
      turnOf: (item) => item.split(':')[0],
    });
    ['busy:0', 'busy:1', 'busy:2', 'busy:3', 'busy:4', 'quiet:1', 'busy:5'].forEach(
      (item) => void commits.submit(item),
    );
    writer.finishers[0]();
    await tick();
    expect(writer.calls[1]).toEqual(['busy:1', 'quiet:1', 'busy:2']);
    writer.finishers[1]();
    await tick();
    expect(writer.calls[2]).toEqual(['busy:3', 'busy:4', 'busy:5']);
  });

  it('with turns, still never puts two items of one key in one call', async () => {
    const writer = manualWriter<string>();
    const commits = new GroupCommit(writer.writeMany, {
      maxBatch: 10,
      maxInFlight: 1,
      retryAlone: true,
      keyOf: (item) => item.split(':')[1],
      turnOf: (item) => item.split(':')[0],
    });
    ['x:0:0', 'a:c1:1', 'a:c1:2', 'b:c2:1'].forEach((item) => void commits.submit(item));
    writer.finishers[0]();
    await tick();
    expect(writer.calls[1]).toEqual(['a:c1:1', 'b:c2:1']);
    writer.finishers[1]();
    await tick();
    expect(writer.calls[2]).toEqual(['a:c1:2']);
  });

  it('gives owners with few items waiting a call of their own beside the shared ones (expressUpTo)', async () => {
    const writer = manualWriter<string>();
    const commits = new GroupCommit(writer.writeMany, {
      maxBatch: 2,
      maxInFlight: 1,
      retryAlone: true,
      turnOf: (item) => item.split(':')[0],
      expressUpTo: 1,
    });
    ['busy:0', 'busy:1'].forEach((item) => void commits.submit(item));
    // busy:0 in the shared call; busy:1, its owner's only item waiting, in a call of its own.
    expect(writer.calls).toEqual([['busy:0'], ['busy:1']]);
    ['busy:2', 'busy:3', 'busy:4'].forEach((item) => void commits.submit(item));
    const quiet = commits.submit('quiet:1');
    expect(writer.calls).toHaveLength(2); // one such call at a time
    writer.finishers[1]();
    await tick();
    // The quiet owner's one item next, not behind the three of the busy one.
    expect(writer.calls[2]).toEqual(['quiet:1']);
    writer.finishers[2]();
    await expect(quiet).resolves.toBe('wrote quiet:1');
    expect(writer.calls).toHaveLength(3); // busy has three waiting: they wait for the shared call
    writer.finishers[0]();
    await tick();
    expect(writer.calls[3]).toEqual(['busy:2', 'busy:3']);
  });
});
