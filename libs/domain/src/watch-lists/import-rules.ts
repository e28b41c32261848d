/**
 * When an import of a source's files becomes its active version (docs/watch-lists.md): versions fail
 * closed, so a broken or truncated download never replaces a good list.
 */

/** An active version falls back no further than this share of its entries without `--force`. */
export const MIN_ENTRIES_SHARE = 0.8;

export interface ImportCandidate {
  sha256: string;
  rows: number;
  entries: number;
  /** YYYY-MM-DD as the files date themselves; null (or absent) when they carry no date. */
  asOf?: string | null;
}

export interface ActiveVersionFacts {
  version: number;
  sha256: string;
  entries: number;
  asOf?: string | null;
}

export type ImportDecision =
  { kind: 'unchanged'; version: number } | { kind: 'refuse'; reason: string } | { kind: 'activate' };

/** The files' bytes are the active version's: nothing to do. Checked before the files are read. */
export function isActiveVersion(sha256: string, active: ActiveVersionFacts | null): boolean {
  return active !== null && active.sha256 === sha256;
}

/**
 * After reading: refuse an empty file; without `--force`, files older than the active version (a
 * stale download or a mirror's old copy would silently replace the newer list) and files that lost
 * more than a fifth of the active version's entries (a truncated download). Files without a date
 * cannot be told older.
 */
export function decideImport(
  read: ImportCandidate,
  active: ActiveVersionFacts | null,
  force: boolean,
): ImportDecision {
  if (isActiveVersion(read.sha256, active)) return { kind: 'unchanged', version: active!.version };
  if (read.rows === 0 || read.entries === 0)
    return { kind: 'refuse', reason: 'The files hold no data rows.' };
  if (!force && active?.asOf && read.asOf && read.asOf < active.asOf)
    return {
      kind: 'refuse',
      reason:
        `The files are dated ${read.asOf}: older than the active version ${active.version}, as of ${active.asOf}. ` +
        'Use --force to import them anyway.',
    };
  if (!force && active !== null && read.entries < active.entries * MIN_ENTRIES_SHARE)
    return {
      kind: 'refuse',
      reason:
        `The files hold ${read.entries} entries, fewer than ${MIN_ENTRIES_SHARE * 100} % of the active ` +
        `version ${active.version} (${active.entries}); a truncated download is likely. Use --force to import them anyway.`,
    };
  return { kind: 'activate' };
}
