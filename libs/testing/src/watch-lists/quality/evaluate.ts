import type { MatchDecision } from '@app/domain/watch-lists/comparison';
import { compareWithEntry, type EntryComparison } from '@app/domain/watch-lists/matching/compare';
import type { LabelledPair, PairCategory } from './labelled-pairs';

/**
 * The matcher's quality figures on labelled pairs (docs/watch-list-matching.md, Quality): the
 * precision of `match` (of the pairs the matcher calls `match`, the share that are the same party)
 * and the recall of `match` + `possible_match` (of the pairs that are the same party, the share it
 * flags at all).
 */
export const QUALITY_FLOOR = { matchPrecision: 0.95, recall: 0.9 } as const;
export const QUALITY_TARGET = { matchPrecision: 0.98, recall: 0.95 } as const;

export interface QualityFigures {
  pairs: number;
  /** Pairs labelled the same party. */
  positives: number;
  negatives: number;
  /** Decided `match`, and of those, labelled the same party. */
  matches: number;
  trueMatches: number;
  /** Labelled the same party and decided `match` or `possible_match`. */
  flagged: number;
  /** Labelled different parties and decided `possible_match` (review work, not an error). */
  negativesForReview: number;
  /** Null when no pair was decided `match` (or none is a positive). */
  matchPrecision: number | null;
  recall: number | null;
}

export interface Misclassified {
  id: string;
  category: PairCategory;
  sameParty: boolean;
  decision: MatchDecision;
  score: number;
  /** `false match` (a different party called `match`) or `missed` (the same party called `no_match`). */
  error: 'false match' | 'missed';
  construction: string;
  features: string;
}

export interface QualityReport {
  overall: QualityFigures;
  byCategory: Partial<Record<PairCategory, QualityFigures>>;
  misclassified: Misclassified[];
}

function figures(
  results: ReadonlyArray<{ pair: LabelledPair; comparison: EntryComparison }>,
): QualityFigures {
  const positives = results.filter((r) => r.pair.sameParty);
  const matches = results.filter((r) => r.comparison.decision === 'match');
  const trueMatches = matches.filter((r) => r.pair.sameParty).length;
  const flagged = positives.filter((r) => r.comparison.decision !== 'no_match').length;
  return {
    pairs: results.length,
    positives: positives.length,
    negatives: results.length - positives.length,
    matches: matches.length,
    trueMatches,
    flagged,
    negativesForReview: results.filter((r) => !r.pair.sameParty && r.comparison.decision === 'possible_match')
      .length,
    matchPrecision: matches.length ? trueMatches / matches.length : null,
    recall: positives.length ? flagged / positives.length : null,
  };
}

/** Compares every pair (with `compare`, the matcher by default) and measures the decisions against the labels. */
export function evaluatePairs(
  pairs: readonly LabelledPair[],
  compare: (pair: LabelledPair) => EntryComparison = (pair) => compareWithEntry(pair.subject, pair.entry),
): QualityReport {
  const results = pairs.map((pair) => ({ pair, comparison: compare(pair) }));
  const byCategory: QualityReport['byCategory'] = {};
  for (const category of new Set(pairs.map((pair) => pair.category)))
    byCategory[category] = figures(results.filter((r) => r.pair.category === category));
  const misclassified: Misclassified[] = results.flatMap(({ pair, comparison }) => {
    const falseMatch = !pair.sameParty && comparison.decision === 'match';
    const missed = pair.sameParty && comparison.decision === 'no_match';
    if (!falseMatch && !missed) return [];
    return [
      {
        id: pair.id,
        category: pair.category,
        sameParty: pair.sameParty,
        decision: comparison.decision,
        score: comparison.score,
        error: falseMatch ? 'false match' : 'missed',
        construction: pair.construction,
        features: comparison.features
          .map((f) => `${f.feature} ${f.effect >= 0 ? '+' : ''}${f.effect}`)
          .join(', '),
      },
    ];
  });
  return { overall: figures(results), byCategory, misclassified };
}
