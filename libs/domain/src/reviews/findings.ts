import { createHash } from 'node:crypto';
import { LEGAL_RECORDS_SOURCE } from '../monitoring/monitor';
import type { FinalResult } from '../screening/catalog';
import { legalBackgroundResult, withoutPersons } from '../screening/legal-background';
import { RESULT_SEVERITY } from '../screening/overview';
import type { LegalPersonFound } from '../screening/process-provider';
import { processTypeOf, watchListSourcesOf } from '../screening/catalog';
import type { MatchDecision } from '../watch-lists/comparison';
import type { WatchListEntry } from '../watch-lists/entry';
import { entryFingerprint } from '../watch-lists/entry-fingerprint';
import { listResultOf, shownMatchResult } from '../watch-lists/list-screening';

/**
 * What a reviewer decides on (docs/reviews.md): one list match of a finished list process, one
 * person of a finished BGC Legal, or one monitor alert. A finding is named by its source and the
 * source's own key of the entry (`legal-records` and the person's uuid for BGC Legal).
 */
export interface Finding {
  source: string;
  entryId: string;
}

export const sameFinding = (a: Finding, b: Finding): boolean =>
  a.source === b.source && a.entryId === b.entryId;

/** One match of a list process's summary, as far as a review reads it. */
export interface SummaryMatch extends Finding {
  listStatus: string;
  decision: MatchDecision;
  features: readonly { feature: string }[];
}

/** A finished process as reviews read it: its name, result and summary as stored. */
export interface ReviewedProcess {
  id: string;
  /** Its run: bumped each time it is queued again. */
  generation: number;
  name: string;
  result: FinalResult;
  summary: unknown;
}

const listOf = <T>(summary: unknown, key: string): T[] => {
  const value = (summary as Record<string, unknown> | null)?.[key];
  return Array.isArray(value) ? (value as T[]) : [];
};

/** The matches of a list process's summary (none for any other process). */
export function listMatchesOfProcess(process: Pick<ReviewedProcess, 'name' | 'summary'>): SummaryMatch[] {
  return watchListSourcesOf(process.name).length ? listOf<SummaryMatch>(process.summary, 'matches') : [];
}

/** The persons of a BGC Legal summary (none for any other process, or one finished before persons were kept). */
export function legalPersonsOfProcess(
  process: Pick<ReviewedProcess, 'name' | 'summary'>,
): LegalPersonFound[] {
  return processTypeOf(process.name)?.usesLegalRecords
    ? listOf<LegalPersonFound>(process.summary, 'persons')
    : [];
}

/** Every finding of a finished process: its summary's matches, or BGC Legal's persons. */
export function findingsOf(process: Pick<ReviewedProcess, 'name' | 'summary'>): Finding[] {
  return [
    ...listMatchesOfProcess(process).map(({ source, entryId }) => ({ source, entryId })),
    ...legalPersonsOfProcess(process).map(({ entryId }) => ({ source: LEGAL_RECORDS_SOURCE, entryId })),
  ];
}

/**
 * A BGC Legal person's state as dismissal memory keeps it: a new lawsuit, a lawsuit's new role or
 * category, or a new name is a change that raises the person again.
 */
export function legalPersonState(person: LegalPersonFound): string {
  const read = [person.fullName, person.lawsuits, person.asDefendant, [...person.categories].sort()];
  return createHash('sha256').update(JSON.stringify(read)).digest('base64url').slice(0, 22);
}

/**
 * The state of a finding's entry when it was reviewed: the list entry's fingerprint (from the
 * entries the process kept as imported) or the BGC Legal person's state; null when the process
 * kept neither, and then no dismissal remembers it.
 */
export function findingState(
  process: Pick<ReviewedProcess, 'name' | 'summary'>,
  importedEntries: readonly WatchListEntry[],
  finding: Finding,
): string | null {
  if (finding.source === LEGAL_RECORDS_SOURCE) {
    const person = legalPersonsOfProcess(process).find((p) => p.entryId === finding.entryId);
    return person ? legalPersonState(person) : null;
  }
  const entry = importedEntries.find((e) => e.source === finding.source && e.key === finding.entryId);
  return entry ? entryFingerprint(entry) : null;
}

/**
 * A process's result over the findings that still count: list matches by the matching rule's
 * severities (a list read without a version stays `No disponible`), BGC Legal by its own rule over
 * the persons left. Nothing excluded: the result as the process gave it.
 */
export function resultWithout(
  process: ReviewedProcess,
  excluded: (finding: Finding) => boolean,
): FinalResult {
  const matches = listMatchesOfProcess(process);
  const persons = legalPersonsOfProcess(process);
  if (
    !matches.some(excluded) &&
    !persons.some((p) => excluded({ source: LEGAL_RECORDS_SOURCE, entryId: p.entryId }))
  )
    return process.result;
  if (matches.length > 0) {
    const read = new Set(listOf<{ source: string }>(process.summary, 'listsChecked').map((l) => l.source));
    const missing = watchListSourcesOf(process.name).filter((source) => !read.has(source));
    return listResultOf(matches.filter((m) => !excluded(m)).map(shownMatchResult), missing);
  }
  const summary = process.summary as {
    lawsuitsFound: number;
    asDefendant: number;
    categories: string[];
    persons: LegalPersonFound[];
  };
  return legalBackgroundResult(
    withoutPersons(summary, (p) => excluded({ source: LEGAL_RECORDS_SOURCE, entryId: p.entryId })),
  );
}

/** The most severe of `results` (`Aprobado` for none). */
export function mostSevere(results: Iterable<FinalResult>): FinalResult {
  const present = new Set(results);
  return RESULT_SEVERITY.find((result) => present.has(result)) ?? 'Aprobado';
}

/**
 * A finished process's summary as answered: each match (or BGC Legal person) says whether the
 * candidate disputes it now. A summary without findings is answered as it is.
 */
export function withDisputedFindings<S>(processName: string, summary: S, disputed: readonly Finding[]): S {
  const isDisputed = (finding: Finding) => disputed.some((d) => sameFinding(d, finding));
  const record = summary as Record<string, unknown>;
  if (listMatchesOfProcess({ name: processName, summary }).length > 0)
    return {
      ...record,
      matches: (record.matches as SummaryMatch[]).map((m) => ({ ...m, disputed: isDisputed(m) })),
    } as S;
  if (legalPersonsOfProcess({ name: processName, summary }).length > 0)
    return {
      ...record,
      persons: (record.persons as LegalPersonFound[]).map((p) => ({
        ...p,
        disputed: isDisputed({ source: LEGAL_RECORDS_SOURCE, entryId: p.entryId }),
      })),
    } as S;
  return summary;
}
