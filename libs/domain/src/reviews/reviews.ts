import { LEGAL_RECORDS_SOURCE } from '../monitoring/monitor';
import type { FinalResult, ProcessResult } from '../screening/catalog';
import { legalBackgroundResult, withoutPersons } from '../screening/legal-background';
import { overallResult } from '../screening/overview';
import type { LegalPersonFound } from '../screening/process-provider';
import type { ProcessState } from '../screening/process-lifecycle';
import { shownMatchResult } from '../watch-lists/list-screening';
import {
  Finding,
  findingsOf,
  mostSevere,
  ReviewedProcess,
  resultWithout,
  sameFinding,
  legalPersonsOfProcess,
} from './findings';

/** docs/reviews.md: a reviewer's decision on a finding. */
export const REVIEW_DECISIONS = ['confirmed', 'dismissed'] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

export const REVIEW_STATUSES = ['pending', 'reviewed'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** A decision as the rules read it: which finding, what, when, and the entry's state then. */
export interface DecisionRecord {
  finding: Finding;
  decision: ReviewDecision;
  /** Epoch ms; records of one request are given oldest first. */
  at: number;
  /** The process reviewed; null for a monitor alert's review. */
  processId: string | null;
  /**
   * The run of the process reviewed (its generation): a process run again (a rectification) shows
   * findings to review again, but for those dismissed in the state they are still in.
   */
  processGeneration: number | null;
  /** What the entry was when decided (findings.ts `findingState`); null when unknown. */
  entryState: string | null;
}

/** A candidate's dispute of a finding of one process. */
export interface DisputeRecord {
  finding: Finding;
  processId: string;
  at: number;
}

/** A process's review as the overview and the process detail show it. */
export interface ProcessReview {
  status: ReviewStatus;
  /** The process's result over the findings that still count (dismissed ones do not). */
  reviewedResult: FinalResult;
  /** A finding of the process is disputed and no later review decided it. */
  disputed: boolean;
}

/** The latest decision on each finding among `records` (given oldest first). */
function latestDecisions(records: readonly DecisionRecord[]): DecisionRecord[] {
  const latest: DecisionRecord[] = [];
  for (const record of records) {
    const at = latest.findIndex((known) => sameFinding(known.finding, record.finding));
    if (at >= 0) latest[at] = record;
    else latest.push(record);
  }
  return latest;
}

/** The decisions on the findings of this run of the process. */
function decisionsOfRun(process: ReviewedProcess, decisions: readonly DecisionRecord[]): DecisionRecord[] {
  return decisions.filter((d) => d.processId === process.id && d.processGeneration === process.generation);
}

/** What deciding a dispute needs of a decision. */
type DecidedAt = Pick<DecisionRecord, 'finding' | 'processId' | 'at'>;

/** A dispute is open until a review of its finding made after it decides it. */
export function disputeIsOpen(dispute: DisputeRecord, decisions: readonly DecidedAt[]): boolean {
  return !decisions.some(
    (d) => d.processId === dispute.processId && sameFinding(d.finding, dispute.finding) && d.at >= dispute.at,
  );
}

/** The findings of `processId` that the candidate disputes now. */
export function openDisputes(
  processId: string,
  disputes: readonly DisputeRecord[],
  decisions: readonly DecidedAt[],
): Finding[] {
  return disputes
    .filter((dispute) => dispute.processId === processId && disputeIsOpen(dispute, decisions))
    .map((dispute) => dispute.finding);
}

/**
 * A finished process's review: null without findings; `reviewed` once every finding has a decision;
 * dismissed findings stop counting and the result is worked out again over the rest.
 */
export function processReview(
  process: ReviewedProcess,
  decisions: readonly DecisionRecord[],
  disputes: readonly DisputeRecord[],
): ProcessReview | null {
  const findings = findingsOf(process);
  if (findings.length === 0) return null;
  const own = latestDecisions(decisionsOfRun(process, decisions));
  const decided = (finding: Finding) => own.find((d) => sameFinding(d.finding, finding));
  return {
    status: findings.every((finding) => decided(finding)) ? 'reviewed' : 'pending',
    reviewedResult: resultWithout(process, (finding) => decided(finding)?.decision === 'dismissed'),
    disputed: openDisputes(process.id, disputes, decisions).length > 0,
  };
}

/** A monitor alert as its confirmation weighs on the request's reviewed result. */
export interface ConfirmedAlert {
  source: string;
  entryId: string;
  match: { listStatus: string; decision: ReviewedAlertDecision; features: readonly { feature: string }[] };
  /** For a legal-records alert: the person's lawsuits as the corpus has them now (null if gone). */
  person?: Pick<LegalPersonFound, 'lawsuits' | 'asDefendant'> | null;
}
type ReviewedAlertDecision = 'match' | 'possible_match';

/**
 * The result a confirmed alert raises its request to: a list entry's by the matching rule's
 * severities on its match alone; a legal-records person's by BGC Legal's rule over the persons of
 * BGC Legal that still count and this one.
 */
export function confirmedAlertResult(
  alert: ConfirmedAlert,
  legalProcess: ReviewedProcess | null,
  decisions: readonly DecisionRecord[],
): FinalResult {
  if (alert.source !== LEGAL_RECORDS_SOURCE)
    return shownMatchResult({ source: alert.source, ...alert.match });
  const person = alert.person ?? { lawsuits: 0, asDefendant: 0 };
  const counted = legalProcess ? countingLegalSummary(legalProcess, decisions, alert.entryId) : null;
  return legalBackgroundResult({
    lawsuitsFound: (counted?.lawsuitsFound ?? 0) + Math.max(person.lawsuits, 1),
    asDefendant: (counted?.asDefendant ?? 0) + person.asDefendant,
  });
}

/** BGC Legal's reading without its dismissed persons, and without `also` (counted apart). */
function countingLegalSummary(process: ReviewedProcess, decisions: readonly DecisionRecord[], also: string) {
  const own = latestDecisions(decisionsOfRun(process, decisions));
  const dismissed = (entryId: string) =>
    own.some(
      (d) =>
        d.finding.entryId === entryId &&
        d.finding.source === LEGAL_RECORDS_SOURCE &&
        d.decision === 'dismissed',
    );
  if (legalPersonsOfProcess(process).length === 0) return null;
  return withoutPersons(
    process.summary as Parameters<typeof withoutPersons>[0],
    (p) => dismissed(p.entryId) || p.entryId === also,
  );
}

/**
 * The request's reviewed result: its result (the most severe process result once every process is
 * `Finalizado`) with each reviewed process's reviewed result, raised to at least the most severe
 * confirmed alert. `Pendiente` while a process runs, as the result is.
 */
export function reviewedRequestResult(
  processes: ReadonlyArray<
    Pick<ProcessState, 'status' | 'result' | 'startDate' | 'endDate'> & { review: ProcessReview | null }
  >,
  confirmedAlerts: FinalResult | null,
): ProcessResult {
  // Nothing reviewed (the usual case, and the polled overview's): the result itself, nothing copied.
  const reviewed = processes.some((p) => p.review !== null && p.review !== undefined);
  const result = overallResult(
    reviewed
      ? processes.map((p) => ({ ...p, result: p.review ? p.review.reviewedResult : p.result }))
      : processes,
  );
  if (result === 'Pendiente' || confirmedAlerts === null) return result;
  return mostSevere([result, confirmedAlerts]);
}

/**
 * Dismissal memory: the findings whose latest decision is a dismissal, with the entry's state then.
 * A re-run of the request's processes leaves out an entry still in that state; a changed entry is
 * raised again.
 */
export function dismissedFindings(
  decisions: readonly DecisionRecord[],
): Array<Finding & { entryState: string }> {
  return latestDecisions(decisions)
    .filter((d) => d.decision === 'dismissed' && d.entryState !== null)
    .map((d) => ({ ...d.finding, entryState: d.entryState as string }));
}

/** Whether `finding` in state `state` was dismissed in that same state. */
export function isDismissed(
  dismissals: readonly (Finding & { entryState: string })[],
  finding: Finding,
  state: string,
): boolean {
  return dismissals.some((d) => sameFinding(d, finding) && d.entryState === state);
}

/** A process of a request whose review is worked out again. */
export type RequestProcess = Pick<ProcessState, 'status' | 'startDate' | 'endDate'> & {
  id: string;
  generation: number;
  name: string;
  result: ProcessResult;
  summary: unknown;
  review: ProcessReview | null;
};

/** What a decision (or a dispute) changes on its request. */
export interface RequestReviewChange {
  /** The processes whose review changed, with the new one. */
  processes: Array<{ id: string; review: ProcessReview | null }>;
  confirmedAlertResult: FinalResult | null;
  reviewedResult: ProcessResult;
  /** The reviewed result before the change differs from the one after it. */
  reviewedResultChanged: boolean;
}

/**
 * The request's review worked out again after a decision or a dispute: each finished process's
 * review, the most severe confirmed alert, and whether the request's reviewed result moved (the
 * `candidate_request.review_changed` event).
 */
export function requestReviewChange(
  request: { processes: readonly RequestProcess[]; confirmedAlertResult: FinalResult | null },
  decisions: readonly DecisionRecord[],
  disputes: readonly DisputeRecord[],
  confirmedAlerts: readonly ConfirmedAlert[],
): RequestReviewChange {
  const reviewed = request.processes.map((p) => ({
    ...p,
    review: p.status === 'Finalizado' ? processReview(p as ReviewedProcess, decisions, disputes) : p.review,
  }));
  const legal =
    reviewed.find((p) => p.status === 'Finalizado' && legalPersonsOfProcess(p).length > 0) ?? null;
  const alertResult = confirmedAlerts.length
    ? mostSevere(
        confirmedAlerts.map((a) => confirmedAlertResult(a, legal as ReviewedProcess | null, decisions)),
      )
    : null;
  const before = reviewedRequestResult(request.processes, request.confirmedAlertResult);
  const after = reviewedRequestResult(reviewed, alertResult);
  return {
    processes: reviewed
      .filter((p, i) => JSON.stringify(p.review) !== JSON.stringify(request.processes[i].review))
      .map(({ id, review }) => ({ id, review })),
    confirmedAlertResult: alertResult,
    reviewedResult: after,
    reviewedResultChanged: before !== after,
  };
}
