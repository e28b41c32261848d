// Test support: generated watch-list data and the matcher's labelled pairs, for specs, benches and
// scripts. tsconfig.build.json leaves this library out of dist, and no shipped code may import it
// (eslint.config.mjs; docs/testing.md).
export * from './watch-lists/synthetic/synthetic-names';
export * from './watch-lists/synthetic/synthetic-entries';
export * from './watch-lists/quality/labelled-pairs';
export * from './watch-lists/quality/evaluate';
