import type { WatchListEntry } from '../entry';

/**
 * What reading one published record gives: an entry, a row that cannot be read (its reason goes
 * to `RejectedRow.reason`), or a record the source does not screen (an FtM `Position`, an OFAC
 * vessel), counted apart and never an error.
 */
export type EntryReading = { entry: WatchListEntry } | { rejected: string } | { skipped: string };
