import { Webhook } from 'standardwebhooks';
import type { WebhookSender } from '@app/domain';
import { afterAttempt, shouldDisableEndpoint, signingSecrets, webhookHeaders } from '@app/domain';
import {
  DeliveryAttempt,
  DeliveryForAttempt,
  PendingOutboxJob,
  WebhookDeliveryRepository,
} from '@app/persistence';
import { AppConfig, DeliverWebhookPayload, SecretCipher } from '@app/platform';
import { deliverWebhookJob, OutboxPublisher } from '@app/application';
import { DeliveryOutcome, DeliveryOutcomes } from './delivery-outcomes';

/**
 * Attempts of deliveries (CONTRACT 7.4), each on its own: re-read it, POST the signed event envelope
 * outside any transaction, then record the attempt and what follows from it (a delayed retry as an
 * outbox job, the release of the next event of the subject, the endpoint's failure streak). A
 * delivery of an older generation than the job's, or no longer pending, is left alone. A processor
 * killed between the POST and the record leaves the delivery as it was, so Bull's stalled-job
 * recovery sends it again with the same `webhook-id` (at least once).
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

  private async attempt(delivery: DeliveryForAttempt): Promise<void> {
    const at = Date.now();
    const body = JSON.stringify(delivery.event);
    const result = await this.sender.post(delivery.url, body, this.headers(delivery, body, at));
    const attempt: DeliveryAttempt = { at, durationMs: Date.now() - at, ...result };
    this.outcomes.record(await this.record(delivery, attempt));
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

  private async record(delivery: DeliveryForAttempt, attempt: DeliveryAttempt): Promise<DeliveryOutcome> {
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
    const staged: PendingOutboxJob[] =
      retry && recorded.retryJobId ? [{ ...retry, id: recorded.retryJobId }] : [];
    // The released delivery is due now (next_attempt_at is set): were this process to die before its
    // job is stored, the overdue check would publish it.
    if (recorded.released)
      staged.push(...(await this.outbox.stageNow([deliverWebhookJob([recorded.released])])));
    await this.outbox.publishNow(staged);
    if (attempt.error !== null && shouldDisableEndpoint(recorded.failingSince, Date.now()))
      await this.deliveries.disableEndpoint(delivery.endpointId);
    if (attempt.error === null) return 'succeeded';
    return outcome.status === 'failed' ? 'failed' : 'retrying';
  }
}
