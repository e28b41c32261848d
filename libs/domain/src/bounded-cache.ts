/** How a BoundedCache is bounded. */
export interface BoundedCacheOptions {
  /** At most this many entries; storing one more first drops the oldest stored. */
  maxEntries: number;
  /** How long an entry answers after it was stored; omitted: until it is dropped for room. */
  ttlMs?: number;
  /** The clock (epoch milliseconds); injected by specs. */
  now?: () => number;
}

interface Entry<V> {
  value: V;
  /** Epoch milliseconds; Infinity: no time limit. */
  expiresAt: number;
}

/**
 * The one in-memory cache of the service: a map with a time limit and a size bound. Every cache
 * that keeps answers in a process (sessions, verified tokens, packages, the matcher's phonetic
 * codes, name cores, query words and term lookups) is one of these, so they all evict the same way:
 * an entry past its time answers nothing (and is dropped when asked for), and storing into a full
 * cache drops the oldest stored entry (storing a key again makes it the newest). Pure TypeScript,
 * no timer: nothing runs between calls, and the clock is read only for entries that have a time
 * limit.
 */
export class BoundedCache<K, V> {
  private readonly entries = new Map<K, Entry<V>>();
  /**
   * One iterator kept over the entries, in storing order, that eviction advances: a fresh
   * `keys().next()` per eviction walks every deleted slot Map keeps at its front until it compacts
   * (4-10 µs an operation against 0.24-0.48 µs now, when 17 % of them evict from 20,000 entries:
   * docs/architecture.md, "Hand-written where a library exists"). Every entry it has passed was
   * evicted or stored again (behind it), so the oldest stored entry is always its next one.
   */
  private oldest: Iterator<K> = this.entries.keys();
  private readonly maxEntries: number;
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor(options: BoundedCacheOptions) {
    if (!(options.maxEntries >= 1)) throw new RangeError('A BoundedCache holds at least one entry');
    this.maxEntries = options.maxEntries;
    this.ttlMs = options.ttlMs ?? Infinity;
    this.now = options.now ?? Date.now;
  }

  /** The value stored under `key` while within its time; undefined otherwise. */
  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expiresAt !== Infinity && entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /**
   * Stores `value` under `key` for the cache's time limit, or until `expiresAt` (epoch ms) when
   * given (an entry whose own validity ends, such as a token's `exp`).
   */
  set(key: K, value: V, expiresAt?: number): void {
    if (!this.entries.delete(key) && this.entries.size >= this.maxEntries) this.evictOldest();
    const limit = this.ttlMs === Infinity ? Infinity : this.now() + this.ttlMs;
    this.entries.set(key, { value, expiresAt: expiresAt === undefined ? limit : Math.min(expiresAt, limit) });
  }

  /** The value under `key`, computed and stored by `compute` when there is none (a memo). */
  getOrSet(key: K, compute: (key: K) => V): V {
    const found = this.get(key);
    if (found !== undefined) return found;
    const value = compute(key);
    this.set(key, value);
    return value;
  }

  private evictOldest(): void {
    let next = this.oldest.next();
    if (next.done) {
      // Not reached while the invariant above holds (a full cache has an entry ahead); a spent
      // iterator never yields again, so start a new one rather than evict nothing.
      this.oldest = this.entries.keys();
      next = this.oldest.next();
    }
    this.entries.delete(next.value as K);
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  /** Entries held, those past their time but not yet asked for included. */
  get size(): number {
    return this.entries.size;
  }
}
