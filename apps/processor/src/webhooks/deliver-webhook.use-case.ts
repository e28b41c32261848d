import type { DeliveryPolicy, DeliveryRef } from '@app/domain';
import type { DeliveryForAttempt, OutboxJob, ReleasedDelivery } from '@app/persistence';
import type { DeliverWebhookPayload } from '@app/platform';
import { deliverWebhookJob, OutboxPublisher } from '@app/application';
import type { DeliveryLedger } from './delivery-ledger';
import type { SignedPoster } from './signed-poster';

/**
 * Attempts of deliveries (docs/integrators.md, "Webhooks"): the domain's DeliveryPolicy decides,
 * this only does what it says. A job's deliveries are read once; those still due are attempted
 * client by client within the client's share of the slots (a client at its share is handed back to
 * the queue with a growing delay). Each attempt is a signed POST made outside any transaction
 * (SignedPoster), then its record (DeliveryLedger): the records of attempts that end together share
 * one statement and its commit, and each attempt goes on only once its own record committed. A
 * delivery is marked delivered only by that record, after its POST succeeded: a processor killed
 * between the two leaves it pending, and Bull's stalled-job recovery or the dispatcher's overdue
 * check sends it again with the same `webhook-id` (at least once).
 *
 * A success releases the next event of its subject, and the same job goes on with it (up to the
 * policy's CHAIN_STEPS_PER_JOB): a request's dozen events cost one job instead of a job, an outbox
 * row and its commit each. The endpoint is the one the job read (a URL or secret changed meanwhile
 * applies from the next job; a disabled endpoint cancels what is pending, so the chain stops at the
 * next record). The released delivery is recorded as due before it is attempted, so a processor
 * that dies in between leaves it to the dispatcher's overdue check.
 */
export class DeliverWebhookUseCase {
  constructor(
    private readonly ledger: DeliveryLedger,
    private readonly poster: Pick<SignedPoster, 'post'>,
    private readonly outbox: Pick<OutboxPublisher, 'stageNow' | 'publishNow'>,
    private readonly policy: DeliveryPolicy,
  ) {}

  /** Every due delivery of the job; throws (for Bull to retry the job) once all are done if one failed. */
  async execute(job: DeliverWebhookPayload): Promise<void> {
    const found = await this.ledger.read(job.deliveries.map((d) => d.id));
    const byClient = this.policy.dueByClient(job.deliveries, found);
    await settleAll(
      [...byClient].map(([clientId, due]) => this.withinShare(clientId, due, job.deferrals ?? 0)),
    );
  }

  /** One client's deliveries in a slot of its share, or handed back when it holds its share. */
  private async withinShare(clientId: string, due: DeliveryForAttempt[], deferrals: number): Promise<void> {
    const slot = this.policy.takeSlot(clientId);
    if (!slot) {
      const back = this.policy.handBack(deferrals, Date.now());
      return this.publish(deliverWebhookJob(due.map(refOf), new Date(back.availableAt), back.deferrals));
    }
    try {
      await settleAll(due.map((delivery) => this.walk(delivery)));
    } finally {
      slot.release();
    }
  }

  /** The delivery, then the deliveries of its subject that each success releases. */
  private async walk(first: DeliveryForAttempt): Promise<void> {
    let delivery: DeliveryForAttempt | null = first;
    for (let step = 1; delivery; step++) {
      const next = await this.attempt(delivery, step);
      // Same endpoint, next event of the same subject: the record answered what the attempt needs.
      delivery = next && { ...delivery, ...next, status: 'pending' };
    }
  }

  /** One POST, its record and what follows; answers the delivery this job goes on with, if any. */
  private async attempt(delivery: DeliveryForAttempt, step: number): Promise<ReleasedDelivery | null> {
    const attempt = await this.poster.post(delivery);
    const succeeded = attempt.error === null;
    const outcome = this.policy.outcome(delivery, succeeded, Date.now(), Math.random());
    const retry = this.policy.retryOf(delivery, outcome);
    const retryJob = retry && deliverWebhookJob([retry.delivery], new Date(retry.at));
    const recorded = await this.ledger.record(delivery, attempt, outcome, retryJob);
    if (retryJob && recorded.retryJobId)
      await this.outbox.publishNow([{ ...retryJob, id: recorded.retryJobId }]);
    const next = this.policy.afterRecord({
      succeeded,
      outcome,
      recorded: { ...recorded, retryScheduled: recorded.retryJobId !== null },
      step,
      now: Date.now(),
    });
    if (next.disableEndpoint) await this.ledger.disableEndpoint(delivery.endpointId);
    if (next.handOff) await this.publish(deliverWebhookJob([refOf(next.handOff)]));
    this.ledger.tell(
      next.outcome,
      succeeded
        ? undefined
        : {
            endpointId: delivery.endpointId,
            deliveryId: delivery.id,
            eventId: delivery.event.id,
            attempt: delivery.attemptsMade + 1,
            httpStatus: attempt.httpStatus,
            error: attempt.error!,
            nextAttemptAt: next.nextAttemptAt,
          },
    );
    return next.goOnWith;
  }

  private async publish(job: OutboxJob): Promise<void> {
    await this.outbox.publishNow(await this.outbox.stageNow([job]));
  }
}

const refOf = ({ id, generation }: DeliveryRef): DeliveryRef => ({ id, generation });

/** Waits for all; then throws the first failure, if any (the others' work is done or recorded). */
async function settleAll(work: Array<Promise<void>>): Promise<void> {
  const failed = (await Promise.allSettled(work)).find(
    (r): r is PromiseRejectedResult => r.status === 'rejected',
  );
  if (failed) throw failed.reason;
}
