// Adapters: implementations of the domain's ports that talk to external systems (or fake them).
// They may use the domain and the platform (config, logging); never persistence or the apps.
export * from './sandbox/sandbox-outcome';
export * from './sandbox/sandbox-provider';
export * from './webhooks/webhook-sender';
export * from './reports/pdf-report.renderer';
export * from './legal-corpus/json-lines.reader';
