/**
 * docs/monitoring.md: what a new version of a list changed, by the source's own key. Entries carry the
 * fingerprint of what screening reads (entry-fingerprint.ts), so an entry whose key and fingerprint
 * are both in the previous version is the same for screening and is left alone.
 */

/** An entry as the delta reads it. */
export interface KeyedFingerprint {
  key: string;
  fingerprint: string;
}

export interface VersionDelta {
  /** Keys only the new version has. */
  added: string[];
  /** Keys of both versions whose fingerprint differs (name, aliases, identifiers, dates, status). */
  changed: string[];
  /** Keys only the previous version has. */
  removed: string[];
}

/** The delta between two versions (`previous` empty for a source's first version: everything is added). */
export function versionDelta(
  previous: Iterable<KeyedFingerprint>,
  current: Iterable<KeyedFingerprint>,
): VersionDelta {
  const before = new Map<string, string>();
  for (const entry of previous) before.set(entry.key, entry.fingerprint);
  const added: string[] = [];
  const changed: string[] = [];
  for (const entry of current) {
    const old = before.get(entry.key);
    if (old === undefined) added.push(entry.key);
    else if (old !== entry.fingerprint) changed.push(entry.key);
    before.delete(entry.key);
  }
  return { added, changed, removed: [...before.keys()] };
}

export const isEmptyDelta = (delta: VersionDelta): boolean =>
  delta.added.length + delta.changed.length + delta.removed.length === 0;
