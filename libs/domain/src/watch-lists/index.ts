export * from './entry';
export * from './comparison';
export * from './sources';
export * from './list-screening';
export * from './import-rules';
export * from './entry-fingerprint';
export * from './screening-request';
export * from './entries';
