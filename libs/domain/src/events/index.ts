export * from './event-catalog';
