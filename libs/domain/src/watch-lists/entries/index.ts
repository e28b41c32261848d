// What a watch-list entry means (docs/watch-lists.md), publisher by publisher: pure readings of the
// records the readers of libs/adapters stream out of the official files.
export * from './reading';
export * from './text';
export * from './identifiers';
export * from './dates';
export * from './countries';
export * from './sat';
export * from './sat-69b';
export * from './sat-69';
export * from './ofac-remarks';
export * from './ofac';
export * from './un';
export * from './peps';
