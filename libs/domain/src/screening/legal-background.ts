import type { FinalResult } from './catalog';
import type { LegalMatchSummary } from './process-provider';

/**
 * BGC Legal's result from the lawsuits of the persons that count (docs/reviews.md, "Deciding"):
 * no lawsuit is `Aprobado`; lawsuits where the candidate was never the defendant `Riesgo Bajo`;
 * one or two as defendant `Riesgo Medio`; three or more `Riesgo Alto`.
 */
export function legalBackgroundResult(
  found: Pick<LegalMatchSummary, 'lawsuitsFound' | 'asDefendant'>,
): FinalResult {
  if (found.lawsuitsFound === 0) return 'Aprobado';
  if (found.asDefendant === 0) return 'Riesgo Bajo';
  return found.asDefendant < 3 ? 'Riesgo Medio' : 'Riesgo Alto';
}

/** What is left of a BGC Legal reading once some of its persons stop counting (dismissed by a reviewer). */
export function withoutPersons<
  S extends Pick<LegalMatchSummary, 'lawsuitsFound' | 'asDefendant' | 'categories' | 'persons'>,
>(summary: S, excluded: (person: S['persons'][number]) => boolean): S {
  const removed = summary.persons.filter(excluded);
  if (removed.length === 0) return summary;
  const persons = summary.persons.filter((person) => !excluded(person));
  return {
    ...summary,
    lawsuitsFound: Math.max(0, summary.lawsuitsFound - sum(removed, (p) => p.lawsuits)),
    asDefendant: Math.max(0, summary.asDefendant - sum(removed, (p) => p.asDefendant)),
    categories: [...new Set(persons.flatMap((p) => p.categories))].sort(),
    persons,
  };
}

const sum = <T>(items: readonly T[], of: (item: T) => number): number =>
  items.reduce((total, item) => total + of(item), 0);
