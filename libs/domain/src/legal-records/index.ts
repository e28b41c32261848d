// Legal records: the area's one name (URL /risks/legal-records, api module, this folder, e2e spec).
// Within it, a *search* (table legal_search) finds *matches* (persons, with their lawsuits) in the
// *corpus* (our copy of the records, tables legal_person / legal_lawsuit) through the legal-records
// *source* (the port with its own timeout, LEGAL_SOURCE_* settings). Those four words name those
// things only, never the area.
export * from './names';
export * from './search-rules';
export * from './cap-and-billing';
export * from './search-list';
export * from './rfc-uuid';
export * from './corpus-ingest';
