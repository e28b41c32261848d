// Personal data under Mexico's LFPDPPP (2025): docs/privacy.md.
export * from './business-days';
export * from './privacy-notice';
export * from './consent';
export * from './retention';
export * from './arco';
export * from './retention-sweep';
