/**
 * docs/integrators.md ordering: the events of one subject (a candidate request) reach an endpoint in their
 * `createdAt` order as long as the earlier ones succeed. The deliveries of one subject to one
 * endpoint form a chain; this is the one place that says when a link of it may go. The repository
 * only reads the chain's pending deliveries (in their events' order: `createdAt`, then log position)
 * and writes what these functions decide.
 */

/** A pending delivery of a chain, as the ordering rule sees it. */
export interface ChainLink {
  id: string;
  /** Its attempt is due at a time (`next_attempt_at`); false: it waits for the links before it. */
  scheduled: boolean;
  /** Attempts made so far (0: waiting for its first). */
  attemptsMade: number;
}

/**
 * A chain is busy while a delivery of it waits for its first attempt, scheduled or not: a new
 * delivery of a busy chain must wait behind it (the dispatcher's `scheduleNewDeliveries`).
 */
export function chainIsBusy(links: readonly ChainLink[]): boolean {
  return links.some((link) => link.attemptsMade === 0);
}

/**
 * The link to release now (schedule for an attempt), given the chain's pending deliveries in their
 * events' order: the oldest waiting one, once no scheduled delivery still waits for its first
 * attempt (that one goes first; after it, or after a failure that is retried on its own schedule,
 * the next may go). Null when nothing waits, or when a delivery is already on its way.
 */
export function nextToRelease(links: readonly ChainLink[]): string | null {
  if (links.some((link) => link.scheduled && link.attemptsMade === 0)) return null;
  return links.find((link) => !link.scheduled)?.id ?? null;
}
