/**
 * Turning events into deliveries fairly between clients (docs/integrators.md, webhooks: "Fair
 * between clients"). The dispatcher once walked the whole event log in order, so a quiet client's
 * event waited behind every event of another client's burst (20 endpoints x 60 registrations: its
 * webhooks took seconds instead of a tenth of one). Now each pass reads, for every client with an
 * endpoint, its own next events, and takes them in turns: each client's events in log order (so a
 * subject's deliveries are still created in order), no client more than its share of deliveries.
 *
 * What a pass passed is kept as positions in the log: one global position below which everything
 * is dispatched, and one per client that went ahead of it. These functions say how far each moves;
 * the repository reads and writes the positions.
 */

/** A position in the event log: the writer's transaction id and the sequence number, as decimal text. */
export interface LogPosition {
  txId: string;
  seq: string;
}

/** Log order: by transaction id, then sequence number (both unsigned 64-bit). */
export function comparePositions(a: LogPosition, b: LogPosition): number {
  const tx = BigInt(a.txId) - BigInt(b.txId);
  if (tx !== 0n) return tx < 0n ? -1 : 1;
  const seq = BigInt(a.seq) - BigInt(b.seq);
  return seq === 0n ? 0 : seq < 0n ? -1 : 1;
}

/**
 * The position right before `position`: nothing lies between them (sequence numbers are whole),
 * so a reader starting after it reads `position` first.
 */
export function justBefore(position: LogPosition): LogPosition {
  return { txId: position.txId, seq: (BigInt(position.seq) - 1n).toString() };
}

/** One client's next events, as a pass read them (log order), with the deliveries each would make. */
export interface ClientBacklog {
  clientId: string;
  /** Deliveries each event would make (its receiving endpoints; 0 for none). */
  deliveries: readonly number[];
}

/** How much one pass takes. */
export interface PassLimits {
  /** Events in all (one transaction). */
  events: number;
  /**
   * Deliveries one client's events may make in the pass. A client's first event is taken whatever it
   * makes, so every client moves on.
   */
  deliveriesPerClient: number;
}

/**
 * How many of each client's events (a prefix, so each client's order holds) the pass takes: one
 * event per client per round, the clients in the order given (the caller puts the oldest pending
 * event first), until the pass holds `limits.events` or no client has room left. A client whose
 * next event would take it past its share of deliveries stops there. Answers the counts in the
 * clients' order.
 */
export function takeInTurns(backlogs: readonly ClientBacklog[], limits: PassLimits): number[] {
  const taken = backlogs.map(() => 0);
  const made = backlogs.map(() => 0);
  const stopped = backlogs.map((b) => b.deliveries.length === 0);
  let total = 0;
  while (total < limits.events && stopped.some((s) => !s)) {
    for (let i = 0; i < backlogs.length && total < limits.events; i++) {
      if (stopped[i]) continue;
      const next = backlogs[i].deliveries[taken[i]];
      if (taken[i] > 0 && made[i] + next > limits.deliveriesPerClient) {
        stopped[i] = true;
        continue;
      }
      taken[i] += 1;
      made[i] += next;
      total += 1;
      if (taken[i] === backlogs[i].deliveries.length) stopped[i] = true;
    }
  }
  return taken;
}

/**
 * Where the global position may move after a pass: right before the first event the pass left
 * behind, whichever client's it is (everything before it is either taken or of a client without an
 * endpoint, which nothing is made for); when nothing was left behind, to the last event the pass
 * could see. Never backwards.
 */
export function globalPositionAfter(
  current: LogPosition,
  leftBehind: readonly LogPosition[],
  lastVisible: LogPosition | null,
): LogPosition {
  const first = leftBehind.reduce<LogPosition | null>(
    (min, p) => (min === null || comparePositions(p, min) < 0 ? p : min),
    null,
  );
  const target = first ? justBefore(first) : lastVisible;
  return target && comparePositions(target, current) > 0 ? target : current;
}

/**
 * How many of a client's next events a pass reads: as many as it could take (its share of
 * deliveries over what one event makes when every enabled endpoint receives it, within the pass's
 * events), and one more, which only tells whether the client has more than that.
 */
export function eventsToRead(limits: PassLimits, enabledEndpoints: number): number {
  const byShare = Math.ceil(limits.deliveriesPerClient / Math.max(1, enabledEndpoints));
  return Math.max(1, Math.min(limits.events, byShare)) + 1;
}

/** A client's next events as read (log order), at most `limit` of them. */
export interface ClientRead<E extends LogPosition> {
  clientId: string;
  events: readonly E[];
  /** The read's limit (`eventsToRead`): a read that came full holds one event only as a marker. */
  limit: number;
}

/** What a pass dispatches and how far it moves each position. */
export interface PassPlan<E extends LogPosition> {
  /** The events to dispatch now, each client's in log order. */
  taken: E[];
  /** Each client that took events, and its last one: where its own position moves. */
  clientPositions: Array<{ clientId: string; position: E }>;
  /** Every client's first event not taken (read but left, or the marker of a full read). */
  leftBehind: E[];
}

/**
 * One pass over the clients' reads, given in the order of their oldest pending event: `takeInTurns`
 * with each event's deliveries, never past a full read's marker (what follows it was not read).
 */
export function planPass<E extends LogPosition>(
  reads: readonly ClientRead<E>[],
  deliveriesOf: (event: E) => number,
  limits: PassLimits,
): PassPlan<E> {
  const usable = reads.map((read) =>
    read.events.length >= read.limit ? read.events.slice(0, read.limit - 1) : read.events,
  );
  const counts = takeInTurns(
    reads.map((read, i) => ({ clientId: read.clientId, deliveries: usable[i].map(deliveriesOf) })),
    limits,
  );
  const plan: PassPlan<E> = { taken: [], clientPositions: [], leftBehind: [] };
  reads.forEach((read, i) => {
    const taken = usable[i].slice(0, counts[i]);
    plan.taken.push(...taken);
    if (taken.length > 0)
      plan.clientPositions.push({ clientId: read.clientId, position: taken[taken.length - 1] });
    if (counts[i] < read.events.length) plan.leftBehind.push(read.events[counts[i]]);
  });
  return plan;
}
