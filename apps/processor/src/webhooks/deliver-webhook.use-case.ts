import { Webhook } from 'standardwebhooks';
import type { WebhookSender } from '@app/domain';
import { afterAttempt, shouldDisableEndpoint, signingSecrets, webhookHeaders } from '@app/domain';
import { DeliveryAttempt, DeliveryForAttempt, WebhookDeliveryRepository } from '@app/persistence';
import { AppConfig, DeliverWebhookPayload, SecretCipher } from '@app/platform';
import { deliverWebhookJob, OutboxPublisher } from '@app/application';
import { DeliveryOutcome, DeliveryOutcomes } from './delivery-outcomes';

/** Deliveries of one subject a job attempts one after the other before handing the rest to a new job. */
export const CHAIN_STEPS_PER_JOB = 50;

type Released = { id: string; generation: number };

/**
 * Attempts of deliveries (CONTRACT 7.4), each on its own: re-read it, POST the signed event envelope
 * outside any transaction, then record the attempt and what follows from it (a delayed retry as an
 * outbox job, the release of the next event of the subject, the endpoint's failure streak). A
 * delivery of an older generation than the job's, or no longer pending, is left alone. A processor
 * killed between the POST and the record leaves the delivery as it was, so Bull's stalled-job
 * recovery sends it again with the same `webhook-id` (at least once).
 *
 * A success releases the next event of its subject, and the same job goes on with it (up to
 * CHAIN_STEPS_PER_JOB): a request's dozen events then cost one job instead of a job, an outbox row
 * and its commit each. The released delivery is recorded as due (next_attempt_at) before it is
 * attempted, so a processor that dies in between leaves it to the dispatcher's overdue check.
 */
export class DeliverWebhookUseCase {
  constructor(
    private readonly deliveries: WebhookDeliveryRepository,
    private readonly cipher: SecretCipher,
    private readonly sender: WebhookSender,
    private readonly outbox: OutboxPublisher,
    private readonly outcomes: DeliveryOutcomes,
    private readonly config: AppConfig,
  ) {}

  /** Every delivery of the job; throws (for Bull to retry the job) once all are done if one failed. */
  async execute(job: DeliverWebhookPayload): Promise<void> {
    const found = await this.deliveries.forAttempts(job.deliveries.map((d) => d.id));
    const results = await Promise.allSettled(
      job.deliveries.map(({ id, generation }) => {
        const delivery = found.get(id);
        const due = delivery?.status === 'pending' && delivery.generation === generation;
        return due ? this.attempt(delivery) : Promise.resolve();
      }),
    );
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;
  }

  /** The delivery, then the deliveries of its subject that each success releases. */
  private async attempt(first: DeliveryForAttempt): Promise<void> {
    let delivery: DeliveryForAttempt | undefined = first;
    for (let step = 1; delivery; step++) {
      const released = await this.attemptOne(delivery);
      if (!released) return;
      if (step >= CHAIN_STEPS_PER_JOB) {
        await this.outbox.publishNow(await this.outbox.stageNow([deliverWebhookJob([released])]));
        return;
      }
      const next = (await this.deliveries.forAttempts([released.id])).get(released.id);
      delivery = next?.status === 'pending' && next.generation === released.generation ? next : undefined;
    }
  }

  /** One POST and its record; answers the delivery it released, if any. */
  private async attemptOne(delivery: DeliveryForAttempt): Promise<Released | null> {
    const at = Date.now();
    const body = JSON.stringify(delivery.event);
    const result = await this.sender.post(delivery.url, body, this.headers(delivery, body, at));
    const attempt: DeliveryAttempt = { at, durationMs: Date.now() - at, ...result };
    const { outcome, released } = await this.record(delivery, attempt);
    this.outcomes.record(outcome);
    return released;
  }

  /** Signed with every secret valid now (two during a rotation's overlap). */
  private headers(delivery: DeliveryForAttempt, body: string, at: number): Record<string, string> {
    const timestampSeconds = Math.floor(at / 1000);
    const secrets = signingSecrets(
      {
        secret: this.cipher.decrypt(delivery.secret, delivery.endpointId),
        previousSecret:
          delivery.previousSecret && this.cipher.decrypt(delivery.previousSecret, delivery.endpointId),
        previousSecretUntil: delivery.previousSecretUntil,
      },
      at,
    );
    const signatures = secrets.map((secret) =>
      new Webhook(secret).sign(delivery.event.id, new Date(timestampSeconds * 1000), body),
    );
    return webhookHeaders({ eventId: delivery.event.id, timestampSeconds, signatures });
  }

  private async record(
    delivery: DeliveryForAttempt,
    attempt: DeliveryAttempt,
  ): Promise<{ outcome: DeliveryOutcome; released: Released | null }> {
    const outcome = afterAttempt({
      succeeded: attempt.error === null,
      attemptsMade: delivery.attemptsMade + 1,
      schedule: this.config.webhooks.retrySchedule,
      now: Date.now(),
      random: Math.random(),
    });
    const retry =
      outcome.status === 'pending'
        ? deliverWebhookJob(
            [{ id: delivery.id, generation: delivery.generation + 1 }],
            new Date(outcome.nextAttemptAt),
          )
        : null;
    const recorded = await this.deliveries.recordAttempt(delivery, attempt, outcome, retry);
    if (retry && recorded.retryJobId) await this.outbox.publishNow([{ ...retry, id: recorded.retryJobId }]);
    if (attempt.error !== null && shouldDisableEndpoint(recorded.failingSince, Date.now()))
      await this.deliveries.disableEndpoint(delivery.endpointId);
    const released = recorded.released;
    if (attempt.error === null) return { outcome: 'succeeded', released };
    return { outcome: outcome.status === 'failed' ? 'failed' : 'retrying', released };
  }
}
