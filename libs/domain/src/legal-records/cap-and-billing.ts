/** docs/behaviour.md: matches reachable per search. */
export const MAX_MATCHES = 300;
/** docs/behaviour.md: a search can be recovered for 30 days. */
export const SEARCH_RETENTION_DAYS = 30;

/** How a search went: matches found, none found, or the source failed (or timed out). */
export const SEARCH_OUTCOMES = ['SUCCESS', 'EMPTY', 'FAILED'] as const;
export type SearchOutcome = (typeof SEARCH_OUTCOMES)[number];

export function capInfo(totalInSource: number): {
  max_matches: number;
  total_records_in_source: number;
  truncated: boolean;
} {
  return {
    max_matches: MAX_MATCHES,
    total_records_in_source: totalInSource,
    truncated: totalInSource > MAX_MATCHES,
  };
}

export function outcomeOf(totalInSource: number, failed: boolean): SearchOutcome {
  if (failed) return 'FAILED';
  return totalInSource === 0 ? 'EMPTY' : 'SUCCESS';
}

export function recoverableUntil(createdAt: Date): Date {
  return new Date(createdAt.getTime() + SEARCH_RETENTION_DAYS * 86_400_000);
}

export function isRecoverable(until: Date, now: Date): boolean {
  return now.getTime() <= until.getTime();
}

/**
 * The billing policy. Billable: creating a search, whatever its outcome (docs/behaviour.md says `charged`
 * is always true there), and the first successful reading of a record in a search.
 * Free (nothing is written to the ledger for them): re-reading or filtering a stored search, later
 * readings of an unlocked record, and the BGC Legal screening process (internal use).
 */
export const BILLING = {
  searchCreationIsBillable: true,
} as const;

export interface Consumption {
  consumption_type: 'INCLUDED';
  billable: true;
  charged: boolean;
  detail_status: 'AVAILABLE';
  unlocked_at: string;
}

/** docs/behaviour.md `consumption`: charged only on the reading that unlocked the record. */
export function consumptionFor(unlock: { newlyUnlocked: boolean; unlockedAt: Date }): Consumption {
  return {
    consumption_type: 'INCLUDED',
    billable: true,
    charged: unlock.newlyUnlocked,
    detail_status: 'AVAILABLE',
    unlocked_at: unlock.unlockedAt.toISOString(),
  };
}

/** docs/behaviour.md: DD-MM-YYYY in search records (lawsuit entries keep YYYY-MM-DD). */
export function toDayMonthYear(isoDate: string): string {
  const [y, m, d] = isoDate.slice(0, 10).split('-');
  return `${d}-${m}-${y}`;
}
