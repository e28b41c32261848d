import { ClientShares, deferralDelayMs } from './client-shares';
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
  /** The delivery slots one client may hold at once in a processor. */
  slotsPerClient: number;
}

export class DeliveryPolicy {
  readonly shares: ClientShares;

  constructor(readonly rule: DeliveryRule) {
    this.shares = new ClientShares(rule.slotsPerClient);
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
