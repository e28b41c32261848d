// The watch-list matcher's public surface (docs/watch-list-matching.md): compare a candidate with an entry, or
// screen one against the index of every active version. The rest of matching/ is its working
// parts (see docs/watch-list-matching.md); testing/ and quality/ serve the specs and scripts.
export { foldText, NAME_PARTICLES } from './folding';
export { normalizeIdentifier, rfcKind, isCurp } from './identifiers';
export { normalizeNationality } from './nationalities';
export { parsePartialDate } from './birth-dates';
export { matchDecision, MATCH_FROM, POSSIBLE_MATCH_FROM } from './scoring';
export { compareWithEntry, type EntryComparison, type MatchableEntry } from './compare';
export { FEATURE_LABELS, featureLabel, withFeatureLabels, type MatchFeatureCode } from './feature-labels';
export {
  COMPARED_FIELDS,
  compareFields,
  ENTITY_FIELDS,
  fieldComparer,
  PERSON_FIELDS,
  type ComparedField,
  type FieldComparer,
  type FieldComparison,
} from './field-comparison';
export type { WatchListSegment } from './indexing/segment';
export { WatchListSegmentBuilder, buildSegment, type IndexableEntry } from './indexing/segment-builder';
export {
  WatchListIndex,
  withEntry,
  type IndexedHit,
  type IndexedVersion,
  type ScreeningOptions,
} from './indexing/watch-list-index';
