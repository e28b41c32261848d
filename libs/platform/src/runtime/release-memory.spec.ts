import { collectGarbageNow } from './release-memory';

describe('collectGarbageNow', () => {
  it('runs a full collection at run time, without the process having been started with --expose-gc', () => {
    expect(process.execArgv).not.toContain('--expose-gc');
    expect(collectGarbageNow()).toBe(true);
  });

  it('frees what nothing holds any more', async () => {
    // Made in a function of its own: nothing but the WeakRef ever holds it.
    const watched = ((): WeakRef<object> => new WeakRef({ payload: new Array(1_000).fill('x') }))();
    // A WeakRef keeps its target for the rest of the job that made it.
    await new Promise((resolve) => setImmediate(resolve));
    expect(collectGarbageNow()).toBe(true);
    expect(watched.deref()).toBeUndefined();
  });
});
