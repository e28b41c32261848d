export * from './sign-in';
