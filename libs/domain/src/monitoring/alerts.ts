import { createHash } from 'node:crypto';
import type { Comparison, MatchDecision, MatchFeature } from '../watch-lists/comparison';
import type { FieldComparison } from '../watch-lists/matching/field-comparison';
import type { MonitorSource } from './monitor';

/** docs/monitoring.md alert vocabulary. */
export const ALERT_KINDS = ['new_match', 'status_changed', 'removed'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];
export const ALERT_STATUSES = ['open', 'dismissed', 'confirmed'] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];
/** What a review may set. */
export const ALERT_REVIEW_STATUSES = ['dismissed', 'confirmed'] as const;
export type AlertReviewStatus = (typeof ALERT_REVIEW_STATUSES)[number];

/** docs/monitoring.md `match` of an alert. */
export interface AlertMatch {
  score: number;
  decision: Exclude<MatchDecision, 'no_match'>;
  features: MatchFeature[];
  listedName: string;
  listStatus: string;
  /** The candidate beside the entry, field by field (as in the list processes). */
  comparison: FieldComparison[];
}

/** One side (previous or new version) of an entry, as a monitored candidate compares with it. */
export interface EntrySide {
  /** The entry's fingerprint in that version (what screening reads of it). */
  fingerprint: string;
  listStatus: string;
  /** The candidate against it (best name); a `no_match` is no hit. */
  comparison: Comparison & { listedName: string };
  /** The candidate beside the entry, field by field: worked out only for an alert. */
  fields(): FieldComparison[];
}

/** An alert the rules call for, before it is stored. */
export interface AlertDecision {
  kind: AlertKind;
  entryId: string;
  match: AlertMatch;
  /** The state of the entry the alert is about: its fingerprint in the version that raised it. */
  entryState: string;
}

const isHit = (side: EntrySide | null): side is EntrySide =>
  side !== null && side.comparison.decision !== 'no_match';

function matchOf(side: EntrySide): AlertMatch {
  return {
    score: side.comparison.score,
    decision: side.comparison.decision as AlertMatch['decision'],
    features: side.comparison.features,
    listedName: side.comparison.listedName,
    listStatus: side.listStatus,
    comparison: side.fields(),
  };
}

/**
 * docs/monitoring.md, for one monitored candidate and one entry the delta names (added: no `before`;
 * removed: no `after`; changed: both):
 * - it matches now and did not match the previous version's entry (or there was none): `new_match`;
 * - it matched both and the list status changed: `status_changed`;
 * - it matched the previous version's entry and the entry is gone: `removed`;
 * - anything else (a change that keeps or ends a match otherwise, a non-match): no alert.
 */
export function decideAlert(
  entryId: string,
  before: EntrySide | null,
  after: EntrySide | null,
): AlertDecision | null {
  if (isHit(after) && !isHit(before))
    return { kind: 'new_match', entryId, match: matchOf(after), entryState: after.fingerprint };
  if (isHit(after) && isHit(before) && after.listStatus !== before.listStatus)
    return { kind: 'status_changed', entryId, match: matchOf(after), entryState: after.fingerprint };
  if (after === null && isHit(before))
    return { kind: 'removed', entryId, match: matchOf(before), entryState: before.fingerprint };
  return null;
}

/**
 * What makes an alert the same alert: monitor, source, entry, kind and the entry's state. The store
 * keeps one alert per fingerprint (a unique key), so the same activation processed twice raises
 * nothing new, and an alert dismissed for an entry in a state is not raised again while the entry
 * stays in it (a removed entry that comes back unchanged included); a later change of the entry is
 * a new state, hence a new alert. The version is left out on purpose: it would make every
 * re-publication of the same state a new alert.
 */
export function alertFingerprint(
  monitorId: string,
  source: MonitorSource,
  entryId: string,
  kind: AlertKind,
  entryState: string,
): string {
  return createHash('sha256')
    .update(JSON.stringify([monitorId, source, entryId, kind, entryState]))
    .digest('base64url');
}

/**
 * The order an activation raises its alerts in: each request's own in the order they were decided,
 * the requests taking turns (the first alert of every request, then the second...). A request's
 * webhooks go out one after the other (docs/integrators.md), and the dispatcher can only start the first
 * of each request it has read: alerts grouped request by request would leave most of a burst's
 * requests waiting behind a few (38,150 alerts of 1,000 requests advanced about 200 at a time).
 */
export function alertsInTurns<T extends { requestId: string }>(alerts: readonly T[]): T[] {
  const byRequest = new Map<string, T[]>();
  for (const alert of alerts) {
    const own = byRequest.get(alert.requestId);
    if (own) own.push(alert);
    else byRequest.set(alert.requestId, [alert]);
  }
  const turns: T[] = [];
  const queues = [...byRequest.values()];
  for (let turn = 0; turns.length < alerts.length; turn++)
    for (const queue of queues) if (turn < queue.length) turns.push(queue[turn]);
  return turns;
}
