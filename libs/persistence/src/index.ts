// What the apps use: entities, the module and the intent-named repositories. The tooling of
// scripts/ (database setup, migrations, the demo seed and corpus) has its own entry point,
// ./tooling.ts, and the corpus generator its CLI (./legal-corpus/cli.ts).
export * from './entities';
export * from './data-source-options';
export * from './persistence.module';
export * from './repositories/executor';
export * from './repositories/group-commit';
export * from './repositories/user.repository';
export * from './repositories/auth-session.repository';
export * from './repositories/api-key.repository';
export * from './repositories/audit.repository';
export * from './repositories/package.repository';
export * from './repositories/candidate-request.repository';
export * from './repositories/process-execution.repository';
export * from './repositories/outbox.repository';
export * from './repositories/idempotency.repository';
export * from './legal-corpus/legal-records.source';
export * from './legal-corpus/vocabulary-filters';
export * from './repositories/legal-search.repository';
export * from './repositories/event.repository';
export * from './repositories/event-horizon';
export * from './repositories/batch.repository';
export * from './repositories/webhook-endpoint.repository';
export * from './repositories/webhook-delivery.repository';
export * from './repositories/webhook-dispatch.repository';
export * from './repositories/candidate-report.repository';
export * from './repositories/legal-search-list.repository';
export * from './repositories/billing-ledger.repository';
export * from './repositories/watch-list.repository';
export * from './repositories/watch-list-screening.repository';
export * from './repositories/watch-list-activations';
export * from './repositories/legal-corpus-housekeeping.repository';
export * from './repositories/monitor.repository';
export * from './repositories/monitor-activation.repository';
export * from './repositories/membership.repository';
export * from './repositories/password-reset.repository';
export * from './repositories/onboarding.repository';
