#!/usr/bin/env node
'use strict';
// A micro-bench, not part of `npm run bench`: BoundedCache (libs/domain/src/bounded-cache.ts) against
// lru-cache 11 at the service's own hit patterns, side by side in one process, alternating rounds
// (docs/architecture.md, "Hand-written where a library exists"). Needs `npm run build` first.
// Usage: node scripts/bench/micro/bounded-cache.js [rounds]
const path = require('node:path');
const { BoundedCache } = require('../../../dist/libs/domain/src/bounded-cache');

/**
 * lru-cache 11 (its `LRUCache` export): the project's own dependency when it has one, else the copy
 * Jest brings (the top-level lru-cache may be Babel's 5.x, which has another interface).
 */
function loadLruCache() {
  const own = require('lru-cache');
  if (own.LRUCache) return own.LRUCache;
  const jestConfig = path.dirname(require.resolve('jest-config/package.json'));
  return require(require.resolve('lru-cache', { paths: [jestConfig] })).LRUCache;
}
const LRUCache = loadLruCache();

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** Keys drawn with a Zipf-like skew from `distinct` words, as names repeat in screenings. */
function keysOf(count, distinct, seed = 7) {
  let state = seed;
  const random = () => {
    // mulberry32: a seeded generator, so every round and both caches see the same keys
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const keys = new Array(count);
  for (let i = 0; i < count; i++) keys[i] = `word-${Math.floor(distinct ** random())}`;
  return keys;
}

let computed = 0;
const compute = (key) => {
  computed++;
  return key.toUpperCase();
};

/** The two caches behind one interface: a memo (`getOrSet`) and the auth caches' get-then-set. */
const subjects = {
  BoundedCache: (options) => {
    const cache = new BoundedCache({ maxEntries: options.max, ttlMs: options.ttlMs });
    return {
      memo: (key) => cache.getOrSet(key, compute),
      getElseSet: (key) => {
        const found = cache.get(key);
        if (found !== undefined) return found;
        cache.set(key, compute(key));
        return undefined;
      },
    };
  },
  'lru-cache': (options) => {
    const cache = new LRUCache(
      options.ttlMs ? { max: options.max, ttl: options.ttlMs } : { max: options.max },
    );
    return {
      memo: (key) => {
        const found = cache.get(key);
        if (found !== undefined) return found;
        const value = compute(key);
        cache.set(key, value);
        return value;
      },
      getElseSet: (key) => {
        const found = cache.get(key);
        if (found !== undefined) return found;
        cache.set(key, compute(key));
        return undefined;
      },
    };
  },
};

/** The hit patterns: the matcher's memos (folding.ts, name-parts.ts, candidates.ts) and the auth caches. */
const patterns = [
  {
    name: 'matcher memo, 20,000 entries, 5,000 words (all hits once warm)',
    max: 20_000,
    distinct: 5_000,
    op: 'memo',
  },
  {
    name: 'matcher memo, 20,000 entries, 60,000 words (evictions)',
    max: 20_000,
    distinct: 60_000,
    op: 'memo',
  },
  { name: 'query words, 1,000 entries, 3,000 words', max: 1_000, distinct: 3_000, op: 'memo' },
  {
    name: 'sessions, 10,000 entries, 60 s time limit, 2,000 keys',
    max: 10_000,
    distinct: 2_000,
    ttlMs: 60_000,
    op: 'getElseSet',
  },
];

const OPS = 500_000;

function measure(make, pattern, keys) {
  const cache = make(pattern);
  const op = cache[pattern.op];
  for (let i = 0; i < keys.length; i++) op(keys[i]); // warm: the steady state is what is served
  let sink = 0;
  computed = 0;
  const start = process.hrtime.bigint();
  for (let i = 0; i < keys.length; i++) if (op(keys[i]) !== undefined) sink++;
  const ns = Number(process.hrtime.bigint() - start);
  if (sink < 0) throw new Error('unreachable');
  return { ns: ns / keys.length, misses: computed / keys.length };
}

const rounds = Number(process.argv[2] ?? 7);
for (const pattern of patterns) {
  const keys = keysOf(OPS, pattern.distinct);
  const results = Object.fromEntries(Object.keys(subjects).map((name) => [name, []]));
  const misses = {};
  for (let round = 0; round < rounds; round++) {
    // Alternating order, so neither always runs on a warmer JIT or a quieter moment.
    const names = Object.keys(subjects);
    if (round % 2) names.reverse();
    for (const name of names) {
      const result = measure(subjects[name], pattern, keys);
      results[name].push(result.ns);
      misses[name] = result.misses;
    }
  }
  const line = Object.entries(results)
    .map(
      ([name, ns]) =>
        `${name} ${median(ns).toFixed(1)} ns/op (${Math.min(...ns).toFixed(1)}-${Math.max(...ns).toFixed(1)}), ${(misses[name] * 100).toFixed(1)} % misses`,
    )
    .join('\n  ');
  const ratio = median(results['lru-cache']) / median(results.BoundedCache);
  console.log(`${pattern.name}\n  ${line}\n  lru-cache / BoundedCache ${ratio.toFixed(2)}`);
}
console.log(
  `${rounds} rounds of ${OPS.toLocaleString('en-US')} operations each, medians (min-max); node ${process.version}`,
);
