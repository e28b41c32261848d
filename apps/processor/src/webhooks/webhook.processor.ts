import { OnQueueFailed, Process, Processor } from '@nestjs/bull';
import { Logger } from '@nestjs/common';
import type { Job } from 'bull';
import { DeliverWebhookPayload, WEBHOOK_QUEUE, WebhookJob } from '@app/platform';
import { DeliverWebhookUseCase } from './deliver-webhook.use-case';

/** Attempts run concurrently: they mostly wait on the receivers. */
export const DELIVER_CONCURRENCY = 64;
/**
 * The slots one client may hold whatever the others do (see ClientShares): a quarter, so at least
 * four clients with backlogs go at once. Past it a client borrows idle slots, a quarter always kept
 * free for the others.
 */
export const CLIENT_SLOTS = DELIVER_CONCURRENCY / 4;

@Processor(WEBHOOK_QUEUE)
export class WebhookProcessor {
  private readonly logger = new Logger(WebhookProcessor.name);

  constructor(private readonly deliver: DeliverWebhookUseCase) {}

  @Process({ name: WebhookJob.Deliver, concurrency: DELIVER_CONCURRENCY })
  run(job: Job<DeliverWebhookPayload>): Promise<void> {
    return this.deliver.execute(job.data);
  }

  /** A job that threw (PostgreSQL away): Bull tries it again; the overdue check covers the rest. */
  @OnQueueFailed()
  failed(job: Job<DeliverWebhookPayload>, error: Error): void {
    this.logger.warn(
      { err: error, jobId: job.id, attemptsMade: job.attemptsMade },
      'Webhook delivery job failed',
    );
  }
}
