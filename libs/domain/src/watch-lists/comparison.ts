import type { WatchListEntry } from './entry';

/**
 * The two sides of a watch-list comparison (docs/watch-list-matching.md) and what it answers. The matcher
 * (matching/) implements it; the screening processes and `POST /watch-lists/screenings` call it.
 */

/** Who is screened: a registered candidate or the body of an ad-hoc screening. */
export interface ScreeningSubject {
  /** A persona física is compared with persons, a persona moral (by `businessName`) with entities. */
  kind: 'person' | 'entity';
  name?: string | null;
  lastName?: string | null;
  secondLastName?: string | null;
  businessName?: string | null;
  rfc?: string | null;
  curp?: string | null;
  /** `YYYY-MM-DD`. */
  birthDate?: string | null;
  /** The candidate's code (`MX`, `DOM`, `GTM`, `HND`, `JAM`, `PAN`). */
  nationality?: string | null;
  gender?: 'H' | 'M' | 'X' | null;
}

export type MatchDecision = 'match' | 'possible_match' | 'no_match';

/** One reason of a score (`rfc_exact`, `name_similar`, `birth_date_differs`, ...) and its weight. */
export interface MatchFeature {
  /** The code (matching/feature-labels.ts lists them all). */
  feature: string;
  /** What it added to (or, negative, took from) the score. */
  effect: number;
  /** The code in a Spanish sentence (`RFC idéntico`, `Apellido materno distinto`). */
  label: string;
}

export interface Comparison {
  /** 0..1, rounded to 3 decimals. */
  score: number;
  decision: MatchDecision;
  features: MatchFeature[];
}

/**
 * An entry the subject matched (`match` or `possible_match`), with the name form that matched.
 * The entry is what screening reads (its raw cells stay in the database until a result shows them).
 */
export interface WatchListHit {
  entry: Omit<WatchListEntry, 'raw'>;
  comparison: Comparison;
  /** The published name (primary or alias) the best comparison was made with. */
  listedName: string;
  /** Its position in the entry's `names`. */
  nameIndex: number;
}
