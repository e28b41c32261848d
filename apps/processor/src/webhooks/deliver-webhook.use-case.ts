import { Inject, Injectable } from '@nestjs/common';
import { Webhook } from 'standardwebhooks';
import {
  afterAttempt,
  AttemptOutcome,
  shouldDisableEndpoint,
  signingSecrets,
  webhookHeaders,
} from '@app/domain';
import {
  DeliveryAttempt,
  DeliveryForAttempt,
  OutboxJob,
  PendingOutboxJob,
  WebhookDeliveryRepository,
} from '@app/persistence';
import {
  APP_CONFIG,
  AppConfig,
  DeliverWebhookPayload,
  deliverWebhookJob,
  OutboxPublisher,
  SecretCipher,
} from '@app/platform';
import { DeliveryOutcome, DeliveryOutcomes } from './delivery-outcomes';
import { WebhookSender } from './webhook-sender';

/**
 * One attempt of one delivery (CONTRACT 7.4): re-read the delivery, POST the signed event envelope
 * outside any transaction, then record the attempt and what follows from it (a delayed retry, the
 * release of the next event of the subject, the endpoint's failure streak) in one transaction with
 * the jobs it calls for. A job of an older generation, or of a delivery that is no longer pending,
 * does nothing. A processor killed between the POST and the record leaves the delivery as it was,
 * so Bull's stalled-job recovery sends it again with the same `webhook-id` (at least once).
 */
@Injectable()
export class DeliverWebhookUseCase {
  constructor(
    private readonly deliveries: WebhookDeliveryRepository,
    private readonly cipher: SecretCipher,
    private readonly sender: WebhookSender,
    private readonly outbox: OutboxPublisher,
    private readonly outcomes: DeliveryOutcomes,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(job: DeliverWebhookPayload): Promise<void> {
    const delivery = await this.deliveries.forAttempt(job.deliveryId);
    if (!delivery || delivery.status !== 'pending' || delivery.generation !== job.generation) return;
    const at = Date.now();
    const body = JSON.stringify(delivery.event);
    const result = await this.sender.post(delivery.url, body, this.headers(delivery, body, at));
    const attempt: DeliveryAttempt = { at, durationMs: Date.now() - at, ...result };
    this.outcomes.record(await this.record(delivery, job.generation, attempt));
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
    generation: number,
    attempt: DeliveryAttempt,
  ): Promise<DeliveryOutcome> {
    let staged: PendingOutboxJob[] = [];
    const outcome = await this.deliveries.inTransaction(async (tx): Promise<AttemptOutcome | null> => {
      const locked = await this.deliveries.lockForAttempt(tx, delivery);
      if (!locked) return null;
      // A manual retry (or a cancellation) since this attempt began owns the schedule now.
      const current = locked.status === 'pending' && locked.generation === generation;
      const decided = current
        ? afterAttempt({
            succeeded: attempt.error === null,
            attemptsMade: locked.attemptsMade + 1,
            schedule: this.config.webhooks.retrySchedule,
            now: Date.now(),
            random: Math.random(),
          })
        : null;
      const { released, failingSince } = await this.deliveries.recordAttempt(tx, delivery, attempt, decided);
      const jobs: OutboxJob[] = [];
      if (decided?.status === 'pending')
        jobs.push(deliverWebhookJob(delivery.id, locked.generation + 1, new Date(decided.nextAttemptAt)));
      if (released) jobs.push(deliverWebhookJob(released.id, released.generation));
      staged = await this.outbox.stage(tx, jobs);
      if (attempt.error !== null && shouldDisableEndpoint(failingSince, Date.now()))
        await this.deliveries.disableEndpoint(tx, delivery.endpointId);
      return decided;
    });
    await this.outbox.publishNow(staged);
    if (attempt.error === null) return 'succeeded';
    return outcome?.status === 'failed' ? 'failed' : 'retrying';
  }
}
