import type { FinalResult } from '../screening/catalog';
import { RESULT_SEVERITY } from '../screening/overview';
import type { MatchDecision, MatchFeature, ScreeningSubject, WatchListHit } from './comparison';
import { SANCTIONS_SOURCES, WatchListSource } from './entry';

/**
 * What a list screening answers (CONTRACT 10.3 and 10.4): the result of a list process, and the
 * `listsChecked` / `matches` a process summary and an ad-hoc screening show.
 */

/** A source's version that answered a screening. */
export interface ListChecked {
  source: WatchListSource;
  version: number;
  /** YYYY-MM-DD as the publisher dates the version; null when its files carry no date. */
  asOf: string | null;
}

/** One matched entry as a summary shows it. */
export interface ListMatch {
  source: WatchListSource;
  entryId: string;
  listedName: string;
  listStatus: string;
  score: number;
  decision: Exclude<MatchDecision, 'no_match'>;
  features: MatchFeature[];
}

/** At most this many matches are shown, best first. */
export const MAX_MATCHES_SHOWN = 20;

/** 69-B situations that are a high risk when matched; the others (Desvirtuado, Sentencia Favorable) are low. */
const SAT_69B_HIGH_RISK = ['definitivo', 'presunto'];

/**
 * The result one hit calls for (docs/watch-list-matching.md, "Comparing"): a PEP who died is no longer in office, so a match
 * on one is at most `Riesgo Bajo` (docs/watch-lists.md, "Results").
 */
export function hitResult(hit: Pick<WatchListHit, 'entry' | 'comparison'>): FinalResult {
  if (hit.comparison.decision === 'no_match') return 'Aprobado';
  if (hit.comparison.decision === 'possible_match') return 'Riesgo Bajo';
  const { source, listStatus } = hit.entry;
  if (SANCTIONS_SOURCES.includes(source)) return 'Riesgo Alto';
  if (source === 'sat-69b')
    return SAT_69B_HIGH_RISK.includes(listStatus.trim().toLowerCase()) ? 'Riesgo Alto' : 'Riesgo Bajo';
  if (source === 'peps' && hit.entry.deceased) return 'Riesgo Bajo';
  return 'Riesgo Medio'; // sat-69, peps
}

/**
 * A list process's result: the most severe over its hits, `No disponible` for a source that has no
 * active version (a clean answer cannot be vouched for), `Aprobado` when nothing matched.
 */
export function listProcessResult(
  hits: readonly Pick<WatchListHit, 'entry' | 'comparison'>[],
  sourcesWithoutVersion: readonly WatchListSource[],
): FinalResult {
  const results = new Set<FinalResult>(hits.map(hitResult));
  if (sourcesWithoutVersion.length > 0) results.add('No disponible');
  return RESULT_SEVERITY.find((result) => results.has(result)) ?? 'Aprobado';
}

/** The hits a result shows: matches and possible matches, best score first (then source and key), at most 20. */
export function rankedHits(hits: readonly WatchListHit[]): WatchListHit[] {
  return hits
    .filter((hit) => hit.comparison.decision !== 'no_match')
    .sort(
      (a, b) =>
        b.comparison.score - a.comparison.score ||
        a.entry.source.localeCompare(b.entry.source) ||
        a.entry.key.localeCompare(b.entry.key),
    )
    .slice(0, MAX_MATCHES_SHOWN);
}

/** One hit as a summary shows it. */
export function listMatchOf(hit: WatchListHit): ListMatch {
  return {
    source: hit.entry.source,
    entryId: hit.entry.key,
    listedName: hit.listedName,
    listStatus: hit.entry.listStatus,
    score: hit.comparison.score,
    decision: hit.comparison.decision as ListMatch['decision'],
    features: hit.comparison.features,
  };
}

/** Hits as a summary shows them (see {@link rankedHits}). */
export function shownMatches(hits: readonly WatchListHit[]): ListMatch[] {
  return rankedHits(hits).map(listMatchOf);
}

/** Who a registered candidate is to the lists: a persona moral by its business name, else a person. */
export function subjectOfCandidate(candidate: {
  personType?: string | null;
  name?: string | null;
  lastName?: string | null;
  secondLastName?: string | null;
  businessName?: string | null;
  rfc?: string | null;
  curp?: string | null;
  birthDate?: string | null;
  nationality?: string | null;
  gender?: string | null;
}): ScreeningSubject {
  const identifiers = {
    rfc: candidate.rfc ?? null,
    curp: candidate.curp ?? null,
    nationality: candidate.nationality ?? null,
  };
  if (candidate.personType === 'corporate')
    return { kind: 'entity', businessName: candidate.businessName ?? null, ...identifiers };
  return {
    kind: 'person',
    name: candidate.name ?? null,
    lastName: candidate.lastName ?? null,
    secondLastName: candidate.secondLastName ?? null,
    birthDate: candidate.birthDate ?? null,
    gender: (candidate.gender as ScreeningSubject['gender']) ?? null,
    ...identifiers,
  };
}
