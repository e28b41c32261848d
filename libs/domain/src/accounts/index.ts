export * from './passwords';
export * from './one-time-tokens';
export * from './memberships';
export * from './onboarding';
export * from './account-mails';
