export * from './retention';
export * from './retention-sweep';
