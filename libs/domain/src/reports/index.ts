export * from './masking';
export * from './spanish';
export * from './summary-sentences';
export * from './match-explanations';
export * from './report-labels';
export * from './candidate-report';
export * from './report-renderer';
export * from './time-zone-names';
