import type { RejectedRow } from '@app/domain';

/**
 * Why a set of files cannot become a version (docs/watch-lists.md): the import refuses them and the
 * active version stays active.
 * - `files`: the files given do not make up the source (none, two where one is read, no sdn.csv);
 * - `unreadable`: a file cannot be opened or does not parse as its source's format;
 * - `encoding`: a file is in an encoding its publisher never writes (UTF-8 for the SAT's lists);
 * - `header`: the header is not the publisher's;
 * - `no-data`: a file has no data rows, or none of them could be read.
 */
export type WatchListRefusal = 'files' | 'unreadable' | 'encoding' | 'header' | 'no-data';

export class WatchListFileRefused extends Error {
  constructor(
    readonly refusal: WatchListRefusal,
    /** The file refused; null when the refusal concerns the set of files. */
    readonly file: string | null,
    /** A sentence an operator understands. */
    readonly reason: string,
    /** For `no-data`: the rows that could not be read (the first 100). */
    readonly rejected: RejectedRow[] = [],
  ) {
    super(file ? `${file}: ${reason}` : reason);
    this.name = 'WatchListFileRefused';
  }
}
