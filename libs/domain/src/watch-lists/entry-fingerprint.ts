import { createHash } from 'node:crypto';
import type { WatchListEntry } from './entry';

/**
 * A digest of what screening reads of an entry (kind, names and aliases, identifiers, birth dates,
 * nationalities, gender, list status, redaction), not of the raw cells: two versions' entries with
 * the same key and fingerprint screen alike, so a new version changed only the entries whose
 * fingerprint differs (docs/monitoring.md's delta). Arrays keep the publisher's order: a reordered alias
 * list counts as a change, which at worst re-screens an entry that did not need it.
 */
export function entryFingerprint(entry: WatchListEntry): string {
  const screened = [
    entry.kind,
    entry.names.map((n) => [n.text, n.order, n.given ?? null, n.surnames ?? null, n.parts ?? null, n.alias]),
    entry.rfcs,
    entry.curps,
    entry.birthDates,
    entry.nationalities,
    entry.gender,
    entry.listStatus,
    entry.redacted,
  ];
  return createHash('sha256').update(JSON.stringify(screened)).digest('base64url').slice(0, 22);
}
