import type { FinalResult } from '../screening/catalog';
import { RESULT_SEVERITY } from '../screening/overview';
import type { MatchDecision, MatchFeature, ScreeningSubject, WatchListHit } from './comparison';
import { SANCTIONS_SOURCES, WatchListSource } from './entry';
import { withFeatureLabels } from './matching/feature-labels';
import {
  fieldComparer,
  withCandidateValues,
  withoutCandidateValues,
  type FieldComparer,
  type FieldComparison,
} from './matching/field-comparison';

/**
 * What a list screening answers (docs/watch-list-matching.md, docs/watch-lists.md): the result of a list process, and the
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
  /** The candidate beside the entry, field by field (matching/field-comparison.ts). */
  comparison: FieldComparison[];
}

/** At most this many matches are shown, best first. */
export const MAX_MATCHES_SHOWN = 20;

/** 69-B situations that are a high risk when matched; the others (Desvirtuado, Sentencia Favorable) are low. */
const SAT_69B_HIGH_RISK = ['definitivo', 'presunto'];

/** What the result of one matched entry depends on. */
export interface MatchedEntry {
  source: WatchListSource | string;
  listStatus: string;
  decision: MatchDecision;
  /** The entry is a person who died (a PEP no longer in office). */
  deceased: boolean;
}

/**
 * The result one matched entry calls for (docs/watch-list-matching.md, "Comparing"): a PEP who died
 * is no longer in office, so a match on one is at most `Riesgo Bajo` (docs/watch-lists.md, "Results").
 */
export function matchedEntryResult({ source, listStatus, decision, deceased }: MatchedEntry): FinalResult {
  if (decision === 'no_match') return 'Aprobado';
  if (decision === 'possible_match') return 'Riesgo Bajo';
  if ((SANCTIONS_SOURCES as readonly string[]).includes(source)) return 'Riesgo Alto';
  if (source === 'sat-69b')
    return SAT_69B_HIGH_RISK.includes(listStatus.trim().toLowerCase()) ? 'Riesgo Alto' : 'Riesgo Bajo';
  if (source === 'peps' && deceased) return 'Riesgo Bajo';
  return 'Riesgo Medio'; // sat-69, peps
}

/** The result one hit calls for (see {@link matchedEntryResult}). */
export function hitResult(hit: Pick<WatchListHit, 'entry' | 'comparison'>): FinalResult {
  return matchedEntryResult({
    source: hit.entry.source,
    listStatus: hit.entry.listStatus,
    decision: hit.comparison.decision,
    deceased: hit.entry.deceased === true,
  });
}

/**
 * The result a match as a summary or an alert shows it calls for: the entry's death is one of the
 * comparison's features there.
 */
export function shownMatchResult(match: {
  source: string;
  listStatus: string;
  decision: MatchDecision;
  features: readonly { feature: string }[];
}): FinalResult {
  return matchedEntryResult({
    ...match,
    deceased: match.features.some((feature) => feature.feature === 'deceased'),
  });
}

/**
 * A list process's result: the most severe over its hits, `No disponible` for a source that has no
 * active version (a clean answer cannot be vouched for), `Aprobado` when nothing matched.
 */
export function listProcessResult(
  hits: readonly Pick<WatchListHit, 'entry' | 'comparison'>[],
  sourcesWithoutVersion: readonly WatchListSource[],
): FinalResult {
  return listResultOf(hits.map(hitResult), sourcesWithoutVersion);
}

/** The same rule over the results the matches call for, one each. */
export function listResultOf(
  matchResults: readonly FinalResult[],
  sourcesWithoutVersion: readonly string[],
): FinalResult {
  const results = new Set<FinalResult>(matchResults);
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

/** One hit as a summary shows it, compared field by field with the candidate by `compare`. */
export function listMatchOf(hit: WatchListHit, compare: FieldComparer): ListMatch {
  return {
    source: hit.entry.source,
    entryId: hit.entry.key,
    listedName: hit.listedName,
    listStatus: hit.entry.listStatus,
    score: hit.comparison.score,
    decision: hit.comparison.decision as ListMatch['decision'],
    features: hit.comparison.features,
    comparison: compare(hit.entry, hit.nameIndex),
  };
}

/** The hits of `subject` as a summary shows them (see {@link rankedHits}). */
export function shownMatches(hits: readonly WatchListHit[], subject: ScreeningSubject): ListMatch[] {
  const compare = fieldComparer(subject);
  return rankedHits(hits).map((hit) => listMatchOf(hit, compare));
}

/**
 * A list process's summary as answered: a summary stored before labels were kept with the features
 * gains them (from the catalogue); anything else is answered as stored.
 */
export function withMatchLabels<S extends object>(summary: S): S {
  const matches = (summary as { matches?: unknown }).matches;
  if (!Array.isArray(matches)) return summary;
  return {
    ...summary,
    matches: matches.map((match: { features?: unknown }) =>
      Array.isArray(match?.features) ? { ...match, features: withFeatureLabels(match.features) } : match,
    ),
  };
}

/**
 * Matches as a stored ad-hoc screening (and its Idempotency-Key's answer) keeps them: without the
 * candidate's values in `comparison`, the name screened is never kept (docs/watch-lists.md).
 */
export const keptMatches = (matches: readonly ListMatch[]): ListMatch[] =>
  matches.map((match) => ({ ...match, comparison: withoutCandidateValues(match.comparison) }));

/** Kept matches answered: the candidate's values back in `comparison`, from the screening's body. */
export const answeredMatches = (matches: readonly ListMatch[], subject: ScreeningSubject): ListMatch[] =>
  matches.map((match) => ({ ...match, comparison: withCandidateValues(match.comparison, subject) }));

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
