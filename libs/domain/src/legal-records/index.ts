export * from './names';
export * from './search-rules';
export * from './cap-and-billing';
export * from './search-list';
