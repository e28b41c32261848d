import { WatchListFileRefused } from './watch-list-file-refused';

/**
 * The longest record a reader holds in memory, in characters: a CSV record (every cell of it), a
 * line of a JSON lines file, an XML record (`INDIVIDUAL`, `ENTITY`) or any text, tag or comment of
 * the XML file. The publishers' largest records are a few kilobytes (an OFAC remark, a UN record
 * with its aliases, a FollowTheMoney Person with its positions); a record past this is a damaged
 * or hostile file. Without a bound, one 300 MB line took the import to 2 GB and killed it before it
 * could record a refusal (docs/watch-lists.md): the reader refuses the file instead, and the
 * import records the refused version with the reason, as for any file that does not parse.
 */
export const MAX_RECORD_CHARACTERS = 1_048_576;

/** The refusal of a file holding a record longer than {@link MAX_RECORD_CHARACTERS}. */
export function recordTooLong(file: string, what: string): WatchListFileRefused {
  return new WatchListFileRefused(
    'unreadable',
    file,
    `${what} is longer than ${MAX_RECORD_CHARACTERS.toLocaleString('en-US')} characters, which no record of the list comes near: the file is damaged or not the publisher's`,
  );
}
