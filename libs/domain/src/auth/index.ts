export * from './sign-in';
export * from './demo-users';
export * from './roles';
export * from './api-keys';
