export * from './monitor';
export * from './version-delta';
export * from './alerts';
export * from './legal-alerts';
export * from './reverse-screening';
export * from './list-queries';
export * from './alert-pacing';
