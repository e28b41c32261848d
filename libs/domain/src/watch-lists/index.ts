export * from './entry';
export * from './comparison';
export * from './matching';
