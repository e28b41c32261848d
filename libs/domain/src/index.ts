// Public surface of the domain: plain TypeScript rules of SPEC.md and CONTRACT.md.
export * from './errors';
export * from './screening';
export * from './legal-records';
export * from './paging';
export * from './request-shape';
export * from './auth';
export * from './events';
export * from './webhooks';
export * from './calendar';
export * from './usage';
export * from './reports';
export * from './watch-lists';
export * from './text-characters';
export * from './monitoring';
export * from './bounded-cache';
export * from './in-turns';
export * from './audit';
