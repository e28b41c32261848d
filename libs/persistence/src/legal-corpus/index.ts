export * from './vocabulary';
export * from './corpus-loader';
export * from './legal-corpus.queries';
export * from './demo-corpus';
export * from './legal-records.source';
export * from './vocabulary-filters';
