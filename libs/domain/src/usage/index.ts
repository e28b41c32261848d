export * from './usage-statement';
