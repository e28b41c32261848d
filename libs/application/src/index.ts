// The application layer shared by the api and the processor: what joins the domain, persistence,
// the platform and the adapters (the outbox, the lifecycle steps, the legal-records source module).
// The platform and persistence never import it; the apps do.
export * from './outbox/outbox-jobs';
export * from './outbox/outbox-publisher';
export * from './outbox/outbox-metrics';
export * from './operations/service-state-metrics';
export * from './outbox/outbox.module';
export * from './screening/lifecycle-steps';
export * from './legal-source/legal-source.module';
export * from './foundation/foundation.module';
export * from './watch-lists/active-watch-lists';
export * from './watch-lists/list-process-provider';
export * from './watch-lists/import-watch-list';
export * from './watch-lists/watch-lists.module';
export * from './monitoring/monitor-comparisons';
export * from './accounts/invite-user';
export * from './privacy/subject-data';
