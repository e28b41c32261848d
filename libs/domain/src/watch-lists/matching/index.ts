// The watch-list matcher (CONTRACT 10.3): name handling, the comparison of a candidate with an
// entry, and the in-memory index that finds an entry's candidates. Test support (testing/) and
// the quality measure (quality/) are not part of the public surface.
export * from './folding';
export * from './identifiers';
export * from './birth-dates';
export * from './nationalities';
export * from './person-names';
export * from './entity-names';
export * from './name-parts';
export * from './surname-frequencies';
export * from './scoring';
export * from './compare';
export { WatchListSegment } from './indexing/segment';
export { WatchListSegmentBuilder, buildSegment, type IndexableEntry } from './indexing/segment-builder';
export {
  WatchListIndex,
  withEntry,
  type IndexedHit,
  type IndexedVersion,
  type ScreeningOptions,
} from './indexing/watch-list-index';
