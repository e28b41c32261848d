import { GoneError } from '../errors';
import type { ProcessStatus } from '../screening/catalog';
import { blockDueAt, suppressDueAt } from './retention';

/**
 * What the retention sweep decides (docs/privacy.md, "Retention: blocking, then suppression"):
 * which candidate requests and legal-records searches are blocked, and which blocked ones are
 * suppressed. The processor asks; the SQL only receives the cut-offs and lists computed here.
 */

/** A client's retention settings, as stored (`client.retention_active_days`, `_blocked_days`). */
export interface ClientRetention {
  clientId: string;
  activeDays: number;
  blockedDays: number;
}

/**
 * One client's cut-offs at one moment (epoch ms, inclusive): a request whose last process finished
 * at or before `blockFinishedBy` is due for blocking (and a search created by then), and a row
 * blocked at or before `suppressBlockedBy` is due for suppression.
 */
export interface RetentionCutOff {
  clientId: string;
  blockFinishedBy: number;
  suppressBlockedBy: number;
}

/**
 * The cut-offs of every client at `now`. The rules are linear in time, so the latest moment that is
 * due is `now` less the delay the rule adds to an instant (`blockDueAt(0, days)`).
 */
export function retentionCutOffs(clients: readonly ClientRetention[], now: number): RetentionCutOff[] {
  return clients.map((client) => ({
    clientId: client.clientId,
    blockFinishedBy: now - blockDueAt(0, client.activeDays),
    suppressBlockedBy: now - suppressDueAt(0, client.blockedDays),
  }));
}

/** Process statuses during which a request is being worked on: never blocked then. */
export const STATUSES_HOLDING_RETENTION: readonly ProcessStatus[] = ['En proceso'];

/** What the sweep knows of a request before blocking it (times in epoch ms). */
export interface RequestRetentionFacts {
  createdAt: number;
  processes: ReadonlyArray<{ status: string; endDate: number | null }>;
  /** Whether a monitor on the request is `active`. */
  monitored: boolean;
}

/**
 * When the request's last process finished: the latest end date of its processes, or its
 * registration while none has finished (a request left waiting for the candidate counts from its
 * last finish, or from its registration). Never before the registration.
 */
export function lastFinishedAt(facts: Pick<RequestRetentionFacts, 'createdAt' | 'processes'>): number {
  let last = facts.createdAt;
  for (const p of facts.processes) if (p.endDate !== null && p.endDate > last) last = p.endDate;
  return last;
}

/**
 * Whether a request is blocked now: `activeDays` after its last process finished, never while a
 * monitor on it is active nor while one of its processes is being worked on.
 */
export function requestBlockDue(facts: RequestRetentionFacts, activeDays: number, now: number): boolean {
  if (facts.monitored) return false;
  if (facts.processes.some((p) => (STATUSES_HOLDING_RETENTION as readonly string[]).includes(p.status)))
    return false;
  return blockDueAt(lastFinishedAt(facts), activeDays) <= now;
}

/** A search is blocked `activeDays` after its creation. */
export function searchBlockDue(createdAt: number, activeDays: number, now: number): boolean {
  return blockDueAt(createdAt, activeDays) <= now;
}

/** A blocked request or search is suppressed `blockedDays` after it was blocked. */
export function suppressionDue(blockedAt: number, blockedDays: number, now: number): boolean {
  return suppressDueAt(blockedAt, blockedDays) <= now;
}

export const BLOCKED_REQUEST_MESSAGE =
  "This candidate's data is blocked under the client's retention policy: it can no longer be read or used.";
export const BLOCKED_SEARCH_MESSAGE =
  "This search's data is blocked under the client's retention policy: it can no longer be read or used.";

/** The 410 of every read or use of a blocked request (overview, processes, report, input, monitors). */
export function blockedRequestRefusal(): GoneError {
  return new GoneError(BLOCKED_REQUEST_MESSAGE);
}

/** The 410 of every read of a blocked search (its pages and record details). */
export function blockedSearchRefusal(): GoneError {
  return new GoneError(BLOCKED_SEARCH_MESSAGE);
}

/** Where a stored row is in its retention: readable, blocked, or suppressed (read as unknown). */
export type RetentionState = 'active' | 'blocked' | 'suppressed';

export function retentionStateOf(row: { blockedAt: unknown; suppressedAt: unknown }): RetentionState {
  if (row.suppressedAt !== null && row.suppressedAt !== undefined) return 'suppressed';
  if (row.blockedAt !== null && row.blockedAt !== undefined) return 'blocked';
  return 'active';
}

/**
 * How often the processor sweeps (PRIVACY_SWEEP_MS): a request is blocked and suppressed within
 * one period of being due, and docs/privacy.md promises within a minute.
 */
export const PRIVACY_SWEEP_DEFAULT_MS = 30_000;
export const PRIVACY_SWEEP_MAX_MS = 60_000;
