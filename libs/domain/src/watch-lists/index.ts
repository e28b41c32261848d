export * from './entry';
export * from './comparison';
