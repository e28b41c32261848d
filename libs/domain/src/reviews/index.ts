export * from './findings';
export * from './reviews';
export * from './review-input';
