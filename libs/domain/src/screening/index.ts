export * from './catalog';
export * from './process-graph';
export * from './process-lifecycle';
export * from './overview';
export * from './registration-rules';
export * from './candidate-input';
export * from './sandbox/summaries';
export * from './sandbox/sandbox-outcome';
