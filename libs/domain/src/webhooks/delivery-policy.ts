import { afterAttempt, AttemptOutcome, DeliveryStatus, shouldDisableEndpoint } from './retry-schedule';

/**
 * The decisions of a webhook delivery job (docs/integrators.md, "Webhooks"), in one place: which of
 * the job's deliveries are still due, whether a client may take a slot or is handed back (its share,
 * ClientShares), what an attempt makes of its delivery (the retry schedule), and what its record
 * means: the outcome told to metrics and the log, a retry, the endpoint disabled after days of
 * failures, and whether the subject's next event goes on in the same job or in one of its own. The
 * processor's DeliverWebhookUseCase does what this says, and nothing else decides.
 */

/** Deliveries of one subject a job attempts one after the other before handing the rest to a new job. */
export const CHAIN_STEPS_PER_JOB = 50;

/** A delivery as a job names it: a later generation makes the job stale (a manual retry, a retry job). */
export interface DeliveryRef {
  id: string;
  generation: number;
}

/** What the policy reads of a delivery before its attempt. */
export interface DueDelivery extends DeliveryRef {
  clientId: string;
  status: DeliveryStatus;
  attemptsMade: number;
}

/** What an attempt's record answered (see WebhookDeliveryRepository.recordAttempt). */
export interface RecordAnswer<R> {
  /** The record scheduled the retry it was given (false: none, or another attempt was recorded since the read). */
  retryScheduled: boolean;
  /** The subject's next delivery the record released, if any. */
  released: R | null;
  /** Since when the endpoint has failed (epoch ms) after a failure; null after a success. */
  failingSince: number | null;
}

/** What the `outcome` label of `webhook_deliveries_total` says an attempt left its delivery as. */
export type OutcomeLabel = 'succeeded' | 'retrying' | 'failed';

/** What follows from a recorded attempt. */
export interface AfterRecord<R> {
  outcome: OutcomeLabel;
  /** When this delivery is tried next (epoch ms); null when this record scheduled no retry. */
  nextAttemptAt: number | null;
  /** Five days of failures without a success: the endpoint is disabled (docs/integrators.md). */
  disableEndpoint: boolean;
  /** The released next event of the subject, attempted in this job right away... */
  goOnWith: R | null;
  /** ...or handed to a job of its own: after a failure (it reads the endpoint afresh), or after CHAIN_STEPS_PER_JOB. */
  handOff: R | null;
}

export interface DeliveryRule {
  /** The delays between attempts (docs/configuration.md, WEBHOOKS_RETRY_SCHEDULE). */
  retrySchedule: readonly number[];
  /** The delivery slots one client may hold at once in a processor, whatever the others do. */
  slotsPerClient: number;
  /** A processor's delivery slots in all (see ClientShares: past its share a client borrows idle ones). */
  slots: number;
}

export class DeliveryPolicy {
  readonly shares: ClientShares;

  constructor(readonly rule: DeliveryRule) {
    this.shares = new ClientShares(rule.slotsPerClient, rule.slots);
  }

  /**
   * The job's deliveries still due, by client (in the job's order): a delivery read as no longer
   * pending, of another generation than the job's, or gone, is left alone (a stale job).
   */
  dueByClient<D extends DueDelivery>(
    job: readonly DeliveryRef[],
    found: ReadonlyMap<string, D>,
  ): Map<string, D[]> {
    const byClient = new Map<string, D[]>();
    for (const { id, generation } of job) {
      const delivery = found.get(id);
      if (delivery?.status !== 'pending' || delivery.generation !== generation) continue;
      const due = byClient.get(delivery.clientId);
      if (due) due.push(delivery);
      else byClient.set(delivery.clientId, [delivery]);
    }
    return byClient;
  }

  /** A slot of the client's share for its deliveries, or null: hand them back (see `handBack`). */
  takeSlot(clientId: string): { release: () => void } | null {
    if (!this.shares.tryTake(clientId)) return null;
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.shares.release(clientId);
      },
    };
  }

  /** Deliveries of a client at its share, deferred `deferrals` times before: their next job's count and when it goes. */
  handBack(deferrals: number, now: number): { deferrals: number; availableAt: number } {
    const next = deferrals + 1;
    return { deferrals: next, availableAt: now + deferralDelayMs(next) };
  }

  /** What the attempt makes of its delivery: succeeded, retried after the schedule's next delay, or failed. */
  outcome(
    delivery: { attemptsMade: number },
    succeeded: boolean,
    now: number,
    random: number,
  ): AttemptOutcome {
    return afterAttempt({
      succeeded,
      attemptsMade: delivery.attemptsMade + 1,
      schedule: this.rule.retrySchedule,
      now,
      random,
    });
  }

  /** The job of the retry an outcome schedules: the next generation, due when the outcome says. */
  retryOf(delivery: DeliveryRef, outcome: AttemptOutcome): { delivery: DeliveryRef; at: number } | null {
    if (outcome.status !== 'pending') return null;
    return { delivery: { id: delivery.id, generation: delivery.generation + 1 }, at: outcome.nextAttemptAt };
  }

  /**
   * What a recorded attempt means. `step`: the attempt's place in this job's walk along its
   * subject's chain (1 for the delivery the job named).
   */
  afterRecord<R>(attempt: {
    succeeded: boolean;
    outcome: AttemptOutcome;
    recorded: RecordAnswer<R>;
    step: number;
    now: number;
  }): AfterRecord<R> {
    const { succeeded, outcome, recorded, step, now } = attempt;
    if (succeeded) {
      // Same endpoint, next event of the same subject: the job goes on with it, up to its steps.
      const onward = recorded.released;
      const handOn = onward !== null && step >= CHAIN_STEPS_PER_JOB;
      return {
        outcome: 'succeeded',
        nextAttemptAt: null,
        disableEndpoint: false,
        goOnWith: handOn ? null : onward,
        handOff: handOn ? onward : null,
      };
    }
    return {
      outcome: outcome.status === 'failed' ? 'failed' : 'retrying',
      // The next try is the one this record scheduled; none when another attempt was recorded since
      // the read (its own record says what comes next).
      nextAttemptAt: recorded.retryScheduled && outcome.status === 'pending' ? outcome.nextAttemptAt : null,
      disableEndpoint: shouldDisableEndpoint(recorded.failingSince, now),
      // After a failure the next event goes on in a job of its own, which reads it (and the
      // endpoint, perhaps just disabled) afresh.
      goOnWith: null,
      handOff: recorded.released,
    };
  }
}

/**
 * Fair webhook delivery between clients (docs/integrators.md, "Webhooks"). Bull hands out delivery
 * jobs first in, first out, and a job holds one of the processor's delivery slots while its POSTs
 * run: one client with a large backlog (or a slow receiver) held every slot, and another client's
 * event waited behind all of it (7.2 s instead of 0.1 s in the probe). So a client may hold at most
 * a share of the slots; a job of a client at its share is handed back to the queue with a delay (see
 * `deferralDelayMs`) instead of waiting in a slot, and the free slots go to the jobs behind it,
 * other clients' first.
 *
 * Past its share a client may still borrow a free slot, as long as a share's worth of slots stays
 * free for the others' next jobs. Without that, one client's backlog alone (a burst, the catch-up
 * after an outage) was held to its share of a processor that sat mostly idle: its jobs past the
 * share went back to the queue for 250 ms to 4 s each time, and 10,000 deliveries went at about
 * 1,000 a second with the machine 60 % idle, against 2,700-3,200 with borrowing
 * (docs/performance.md, "The delivery path"). A client that comes meanwhile finds the free share
 * at once, and a borrower gets no further slot while only that share is free.
 *
 * Plain state, one instance per processor (each processor shares out its own slots).
 */
export class ClientShares {
  private readonly held = new Map<string, number>();
  private heldInAll = 0;

  /** `slots`: the processor's in all; without it a client never borrows past its share. */
  constructor(
    readonly slotsPerClient: number,
    readonly slots = slotsPerClient,
  ) {
    if (!(slotsPerClient >= 1)) throw new RangeError('A client must be allowed at least one slot');
    if (!(slots >= slotsPerClient)) throw new RangeError('A client’s share cannot exceed the slots in all');
  }

  /**
   * Takes a slot for the client when it holds fewer than its share, or when a free slot can be lent
   * with a share's worth still free for the others; false otherwise.
   */
  tryTake(clientId: string): boolean {
    const held = this.held.get(clientId) ?? 0;
    const withinShare = held < this.slotsPerClient;
    if (!withinShare && this.slots - this.heldInAll <= this.slotsPerClient) return false;
    this.held.set(clientId, held + 1);
    this.heldInAll += 1;
    return true;
  }

  release(clientId: string): void {
    const held = this.held.get(clientId) ?? 0;
    if (held === 0) return;
    if (held > 1) this.held.set(clientId, held - 1);
    else this.held.delete(clientId);
    this.heldInAll -= 1;
  }

  /** Slots the client holds now (for tests and logs). */
  holding(clientId: string): number {
    return this.held.get(clientId) ?? 0;
  }
}

/** The first deferral waits this long; each further one of the same deliveries twice as long. */
export const FIRST_DEFERRAL_MS = 250;
/** ... up to this: a client over its share for long is looked at again every few seconds. */
export const MAX_DEFERRAL_MS = 4_000;

/**
 * How long deliveries deferred for the `deferrals`-th time (1, 2, ...) wait before their job is
 * offered again. Growing, so a client far over its share costs few hand-backs.
 */
export function deferralDelayMs(deferrals: number): number {
  return Math.min(FIRST_DEFERRAL_MS * 2 ** Math.max(0, deferrals - 1), MAX_DEFERRAL_MS);
}
