import { createHmac } from 'node:crypto';
import type { WebhookSender } from '@app/domain';
import {
  afterAttempt,
  BoundedCache,
  shouldDisableEndpoint,
  signedContent,
  signingKeyBase64,
  signingSecrets,
  webhookHeaders,
} from '@app/domain';
import {
  DeliveryAttempt,
  DeliveryForAttempt,
  ReleasedDelivery,
  WebhookDeliveryRepository,
} from '@app/persistence';
import { AppConfig, DeliverWebhookPayload, OutageRetry, SecretCipher } from '@app/platform';
import { deliverWebhookJob, OutboxPublisher } from '@app/application';
import { ClientShares, deferralDelayMs } from './client-shares';
import { DeliveryOutcome, DeliveryOutcomes } from './delivery-outcomes';
import { DeliveryPacer } from './delivery-pacer';

/** Secrets kept decrypted (see `secret`); past this many the oldest kept is dropped. */
export const MAX_DECRYPTED_SECRETS = 1_000;

/** Deliveries of one subject a job attempts one after the other before handing the rest to a new job. */
export const CHAIN_STEPS_PER_JOB = 50;

/**
 * Attempts of deliveries (docs/integrators.md), each on its own: re-read it, POST the signed event envelope
 * outside any transaction, then record the attempt and what follows from it (a delayed retry as an
 * outbox job, the release of the next event of the subject, the endpoint's failure streak); the
 * records of attempts that end together share a statement and its commit, and each attempt goes on
 * only once its own record committed (WebhookDeliveryRepository.recordAttempt). A
 * delivery of an older generation than the job's, or no longer pending, is left alone. A processor
 * killed between the POST and the record leaves the delivery as it was, so Bull's stalled-job
 * recovery sends it again with the same `webhook-id` (at least once).
 *
 * A success releases the next event of its subject, and the same job goes on with it (up to
 * CHAIN_STEPS_PER_JOB): a request's dozen events then cost one job instead of a job, an outbox row
 * and its commit each. The record answers the released delivery's event, and the endpoint is the one
 * the job read (a URL or secret changed meanwhile applies from the next job; a disabled endpoint
 * cancels what is pending, so the chain stops at the next record). The released delivery is recorded
 * as due (next_attempt_at) before it is attempted, so a processor that dies in between leaves it to
 * the dispatcher's overdue check.
 *
 * Every POST first waits for its client's turn from the DeliveryPacer: while process jobs wait for
 * a slot, each client's attempts go at a trickle of their own and screening work gets the CPU.
 *
 * Clients share the processor fairly (ClientShares): the deliveries of a client that already holds
 * its share of the delivery slots are handed back to the queue with a growing delay instead of
 * taking another slot, so one client's backlog or slow receiver cannot keep another's events waiting.
 */
export class DeliverWebhookUseCase {
  constructor(
    private readonly deliveries: WebhookDeliveryRepository,
    private readonly cipher: SecretCipher,
    private readonly sender: WebhookSender,
    private readonly outbox: OutboxPublisher,
    private readonly outcomes: DeliveryOutcomes,
    private readonly pacer: DeliveryPacer,
    private readonly shares: ClientShares,
    private readonly config: AppConfig,
    private readonly outages: Pick<OutageRetry, 'run'>,
  ) {}

  /** Decrypted secrets by endpoint and ciphertext (a rotation is a new ciphertext). */
  private readonly secrets = new BoundedCache<string, string>({ maxEntries: MAX_DECRYPTED_SECRETS });

  /**
   * Every due delivery of the job, client by client within its share; throws (for Bull to retry the
   * job) once all are done if one failed.
   */
  async execute(job: DeliverWebhookPayload): Promise<void> {
    const found = await this.deliveries.forAttempts(job.deliveries.map((d) => d.id));
    const byClient = new Map<string, DeliveryForAttempt[]>();
    for (const { id, generation } of job.deliveries) {
      const delivery = found.get(id);
      if (delivery?.status !== 'pending' || delivery.generation !== generation) continue;
      byClient.set(delivery.clientId, [...(byClient.get(delivery.clientId) ?? []), delivery]);
    }
    const results = await Promise.allSettled(
      [...byClient].map(([clientId, due]) => this.withinShare(clientId, due, job.deferrals ?? 0)),
    );
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;
  }

  /** Attempts one client's deliveries in a slot of its share, or hands them back when it holds its share. */
  private async withinShare(clientId: string, due: DeliveryForAttempt[], deferrals: number): Promise<void> {
    if (!this.shares.tryTake(clientId)) return this.defer(due, deferrals + 1);
    try {
      const results = await Promise.allSettled(due.map((delivery) => this.attempt(delivery)));
      const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
      if (failed) throw failed.reason;
    } finally {
      this.shares.release(clientId);
    }
  }

  /** The same deliveries in a new job, offered again after a delay that grows with each deferral. */
  private async defer(due: DeliveryForAttempt[], deferrals: number): Promise<void> {
    const job = deliverWebhookJob(
      due.map(({ id, generation }) => ({ id, generation })),
      new Date(Date.now() + deferralDelayMs(deferrals)),
      deferrals,
    );
    await this.outbox.publishNow(await this.outbox.stageNow([job]));
  }

  /** The delivery, then the deliveries of its subject that each success releases (see above). */
  private async attempt(first: DeliveryForAttempt): Promise<void> {
    let delivery = first;
    for (let step = 1; ; step++) {
      const released = await this.attemptOne(delivery);
      if (!released) return;
      if (step >= CHAIN_STEPS_PER_JOB) return this.publish(released);
      // Same endpoint, next event of the same subject: the record answered what the attempt needs.
      const { id, generation, attemptsMade, event } = released;
      delivery = { ...delivery, id, generation, attemptsMade, event, status: 'pending' };
    }
  }

  /** One POST and its record; answers the delivery its success released, if any. */
  private async attemptOne(delivery: DeliveryForAttempt): Promise<ReleasedDelivery | null> {
    await this.pacer.turn(delivery.clientId);
    const at = Date.now();
    const body = JSON.stringify(delivery.event);
    const result = await this.sender.post(delivery.url, body, this.headers(delivery, body, at));
    const attempt: DeliveryAttempt = { at, durationMs: Date.now() - at, ...result };
    const { outcome, released, nextAttemptAt } = await this.record(delivery, attempt);
    this.outcomes.record(
      outcome,
      attempt.error === null
        ? undefined
        : {
            endpointId: delivery.endpointId,
            deliveryId: delivery.id,
            eventId: delivery.event.id,
            attempt: delivery.attemptsMade + 1,
            httpStatus: attempt.httpStatus,
            error: attempt.error,
            nextAttemptAt,
          },
    );
    return released;
  }

  /**
   * Signed with every secret valid now (two during a rotation's overlap): the Standard Webhooks
   * signature, HMAC-SHA256 of `<id>.<timestamp>.<body>` keyed with the secret's base64 part, by
   * Node's crypto (the `standardwebhooks` library signs the same in plain JavaScript, slower).
   */
  private headers(delivery: DeliveryForAttempt, body: string, at: number): Record<string, string> {
    const timestampSeconds = Math.floor(at / 1000);
    const secrets = signingSecrets(
      {
        secret: this.secret(delivery.secret, delivery.endpointId),
        previousSecret: delivery.previousSecret && this.secret(delivery.previousSecret, delivery.endpointId),
        previousSecretUntil: delivery.previousSecretUntil,
      },
      at,
    );
    const signed = signedContent(delivery.event.id, timestampSeconds, body);
    const signatures = secrets.map(
      (secret) =>
        `v1,${createHmac('sha256', Buffer.from(signingKeyBase64(secret), 'base64'))
          .update(signed)
          .digest('base64')}`,
    );
    return webhookHeaders({ eventId: delivery.event.id, timestampSeconds, signatures });
  }

  /**
   * An endpoint's secret in clear. Decrypting it (AES-GCM) on every attempt cost more than the
   * signature; the endpoint id stays bound in (the cipher checks it on the first decryption).
   */
  private secret(sealed: Buffer, endpointId: string): string {
    return this.secrets.getOrSet(`${endpointId}:${sealed.toString('base64')}`, () =>
      this.cipher.decrypt(sealed, endpointId),
    );
  }

  private async record(
    delivery: DeliveryForAttempt,
    attempt: DeliveryAttempt,
  ): Promise<{ outcome: DeliveryOutcome; released: ReleasedDelivery | null; nextAttemptAt: number | null }> {
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
    // A POST made is recorded, whatever the database's state: an outage here is waited out rather
    // than failing the job, whose retry would POST the event again.
    const recorded = await this.outages.run(() =>
      this.deliveries.recordAttempt(delivery, attempt, outcome, retry),
    );
    if (retry && recorded.retryJobId) await this.outbox.publishNow([{ ...retry, id: recorded.retryJobId }]);
    if (attempt.error === null)
      return { outcome: 'succeeded', released: recorded.released, nextAttemptAt: null };
    if (shouldDisableEndpoint(recorded.failingSince, Date.now()))
      await this.deliveries.disableEndpoint(delivery.endpointId);
    // After a failure the next event goes on in a job of its own, which reads it (and the endpoint,
    // perhaps just disabled) afresh.
    if (recorded.released) await this.publish(recorded.released);
    // The next try is the one this record scheduled; none when another attempt was recorded since
    // the read (its own record says what comes next).
    const nextAttemptAt =
      retry && recorded.retryJobId && outcome.status === 'pending' ? outcome.nextAttemptAt : null;
    return { outcome: outcome.status === 'failed' ? 'failed' : 'retrying', released: null, nextAttemptAt };
  }

  private async publish({ id, generation }: ReleasedDelivery): Promise<void> {
    await this.outbox.publishNow(await this.outbox.stageNow([deliverWebhookJob([{ id, generation }])]));
  }
}
