/**
 * How an activation raises a burst of alerts: in parts, each committed on its own, no faster than
 * their webhooks leave.
 *
 * docs/monitoring.md wants every alert raised within a minute of the activation and its webhook sent
 * within 5 s of the alert. Committed together, 38,150 alerts (1,000 entries named after common
 * names among a million monitors) queue behind each other at the webhooks' delivery rate: on a
 * 2-core machine the last left 15 s after its alert. Raised a part at a time, with the part before
 * the previous one's webhooks gone first, no alert waits behind more than about two parts of
 * webhooks; the burst as a whole still takes what delivery takes, well within the minute.
 *
 * The wait has a budget: an endpoint that is slow to answer (or a machine that is slow to deliver)
 * must not hold the alerts themselves back past the minute, so once the budget is spent the rest is
 * raised without waiting. Alerts of clients without webhooks, or whose webhooks wait behind an
 * earlier failing one of their subject (docs/integrators.md order), hold nothing back.
 */

/** How many alerts one part commits (a small activation is one part, as before). */
export const ALERTS_PER_PART = 1_000;
/**
 * How long an activation waits for webhooks in all. With the comparison before it (5-9 s for 1,000
 * entries against a million monitors on a 2-core machine) it stays within docs/monitoring.md's minute; the
 * 38,150 alerts of that bench waited about 22 s of it at about 1,700 webhooks a second.
 */
export const ALERT_PACING_BUDGET_MS = 40_000;
/** How often the webhooks of a part are looked at while waiting for them. */
export const ALERT_PACING_POLL_MS = 50;

/** What raising in parts needs from the store and the clock. */
export interface AlertPacingPorts<T, P> {
  /** Commits one part (alerts and their events) and says how many were new and where it is. */
  raise(part: readonly T[]): Promise<{ raised: number; position: P }>;
  /** Whether the webhooks of the part committed at `position` have left (or need not). */
  webhooksLeft(position: P): Promise<boolean>;
  now(): number;
  sleep(ms: number): Promise<void>;
}

export interface AlertPacingOptions {
  perPart?: number;
  budgetMs?: number;
  pollMs?: number;
}

/** The alerts cut into parts of `perPart`, in their order. */
export function alertParts<T>(alerts: readonly T[], perPart = ALERTS_PER_PART): T[][] {
  if (!(Number.isInteger(perPart) && perPart > 0)) throw new RangeError('perPart must be a whole number > 0');
  const parts: T[][] = [];
  for (let at = 0; at < alerts.length; at += perPart) parts.push(alerts.slice(at, at + perPart));
  return parts;
}

/**
 * Raises `alerts` (already in the order they should go out) part by part. Before committing a part,
 * the webhooks of the part two places back must have left, so one part's webhooks are always on
 * their way while the next is committed (the delivery never idles between parts). Answers how many
 * alerts were new, and how long it waited.
 */
export async function raiseAlertsInParts<T, P>(
  alerts: readonly T[],
  ports: AlertPacingPorts<T, P>,
  options: AlertPacingOptions = {},
): Promise<{ raised: number; parts: number; waitedMs: number }> {
  const budgetMs = options.budgetMs ?? ALERT_PACING_BUDGET_MS;
  const pollMs = options.pollMs ?? ALERT_PACING_POLL_MS;
  const parts = alertParts(alerts, options.perPart);
  const started = ports.now();
  const positions: P[] = [];
  let waitedMs = 0;
  let raised = 0;
  for (const [index, part] of parts.entries()) {
    if (index >= 2)
      waitedMs += await waitForWebhooks(positions[index - 2], started + budgetMs, pollMs, ports);
    const committed = await ports.raise(part);
    raised += committed.raised;
    positions.push(committed.position);
  }
  return { raised, parts: parts.length, waitedMs };
}

/** Until the part's webhooks left or the budget's end; answers how long it waited. */
async function waitForWebhooks<T, P>(
  position: P,
  budgetEnd: number,
  pollMs: number,
  ports: AlertPacingPorts<T, P>,
): Promise<number> {
  const from = ports.now();
  while (ports.now() < budgetEnd && !(await ports.webhooksLeft(position)))
    await ports.sleep(Math.min(pollMs, Math.max(0, budgetEnd - ports.now())));
  return ports.now() - from;
}
