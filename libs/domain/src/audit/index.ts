export * from './audit-chain';
export * from './audit-query';
