import { BoundedCache } from './bounded-cache';
import { manualClock as clock } from './manual-clock.fixture';

describe('BoundedCache', () => {
  it('answers what was stored, and nothing for a key never stored', () => {
    const cache = new BoundedCache<string, number>({ maxEntries: 3 });
    cache.set('a', 1);
    expect(cache.get('a')).toBe(1);
    expect(cache.get('b')).toBeUndefined();
  });

  it.each([
    // [ms after storing, answers?]
    [0, true],
    [4_999, true],
    [5_000, false],
    [60_000, false],
  ])('with a time limit of 5 s, %i ms after storing answers: %s', (elapsed, answers) => {
    const time = clock();
    const cache = new BoundedCache<string, string>({ maxEntries: 10, ttlMs: 5_000, now: time.now });
    cache.set('session', 'grant');
    time.advance(elapsed);
    expect(cache.get('session')).toBe(answers ? 'grant' : undefined);
  });

  it('drops an entry past its time when asked for it', () => {
    const time = clock();
    const cache = new BoundedCache<string, string>({ maxEntries: 10, ttlMs: 100, now: time.now });
    cache.set('a', 'x');
    time.advance(100);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('storing a key again starts its time again', () => {
    const time = clock();
    const cache = new BoundedCache<string, string>({ maxEntries: 10, ttlMs: 100, now: time.now });
    cache.set('a', 'old');
    time.advance(90);
    cache.set('a', 'new');
    time.advance(90);
    expect(cache.get('a')).toBe('new');
  });

  it.each([
    // [own expiry, cache limit, ms later, answers?]
    [1_000_050, 100, 49, true],
    [1_000_050, 100, 50, false],
    [1_000_500, 100, 100, false],
    [1_000_500, undefined, 499, true],
  ])(
    'an entry with its own end (%i) and a cache limit of %s ms answers %i ms later: %s',
    (expiresAt, ttlMs, elapsed, answers) => {
      const time = clock();
      const cache = new BoundedCache<string, string>({ maxEntries: 10, ttlMs, now: time.now });
      cache.set('token', 'claims', expiresAt);
      time.advance(elapsed);
      expect(cache.get('token')).toBe(answers ? 'claims' : undefined);
    },
  );

  it('full, drops the oldest stored entry for a new one', () => {
    const cache = new BoundedCache<string, number>({ maxEntries: 2 });
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, 2, 3]);
    expect(cache.size).toBe(2);
  });

  it('full, storing a key it holds drops nothing and makes that key the newest', () => {
    const cache = new BoundedCache<string, number>({ maxEntries: 2 });
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('a', 10);
    cache.set('c', 3);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([10, undefined, 3]);
  });

  it('never holds more than its bound, however many keys pass through', () => {
    const cache = new BoundedCache<number, number>({ maxEntries: 100 });
    for (let i = 0; i < 10_000; i++) cache.set(i, i);
    expect(cache.size).toBe(100);
    expect(cache.get(9_999)).toBe(9_999);
    expect(cache.get(9_899)).toBeUndefined();
  });

  it('keeps dropping the oldest stored through evictions, stores again and deletes mixed', () => {
    // A model of the bound (docs/architecture.md, "Hand-written where a library exists": eviction
    // advances one kept iterator), checked after every step of a churn long enough for Map to compact.
    const cache = new BoundedCache<number, number>({ maxEntries: 50 });
    const model: number[] = [];
    let seed = 11;
    const next = (): number => (seed = (seed * 48_271) % 2_147_483_647);
    for (let step = 0; step < 20_000; step++) {
      const key = next() % 120;
      const at = model.indexOf(key);
      if (next() % 10 === 0) {
        cache.delete(key);
        if (at >= 0) model.splice(at, 1);
        continue;
      }
      cache.set(key, step);
      if (at >= 0) model.splice(at, 1);
      else if (model.length === 50) model.shift();
      model.push(key);
      expect(cache.size).toBe(model.length);
    }
    for (let key = 0; key < 120; key++) expect(cache.get(key) !== undefined).toBe(model.includes(key));
  });

  it('never reads the clock for entries without a time limit', () => {
    const now = jest.fn(() => 0);
    const cache = new BoundedCache<string, number>({ maxEntries: 2, now });
    cache.set('a', 1);
    cache.get('a');
    expect(now).not.toHaveBeenCalled();
  });

  it('computes a missing value once as a memo', () => {
    const cache = new BoundedCache<string, string>({ maxEntries: 10 });
    const compute = jest.fn((key: string) => key.toLowerCase());
    expect(cache.getOrSet('ABC', compute)).toBe('abc');
    expect(cache.getOrSet('ABC', compute)).toBe('abc');
    expect(compute).toHaveBeenCalledTimes(1);
  });

  it('forgets a deleted key', () => {
    const cache = new BoundedCache<string, number>({ maxEntries: 2 });
    cache.set('a', 1);
    cache.delete('a');
    expect(cache.get('a')).toBeUndefined();
  });

  it('refuses a bound below one entry', () => {
    expect(() => new BoundedCache({ maxEntries: 0 })).toThrow(RangeError);
  });
});
