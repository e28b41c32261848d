import { Process, Processor } from '@nestjs/bull';
import type { Job } from 'bull';
import { DeliverWebhookPayload, WEBHOOK_QUEUE, WebhookJob } from '@app/platform';
import { DeliverWebhookUseCase } from './deliver-webhook.use-case';

/** Attempts run concurrently: they mostly wait on the receivers. */
export const DELIVER_CONCURRENCY = 64;

@Processor(WEBHOOK_QUEUE)
export class WebhookProcessor {
  constructor(private readonly deliver: DeliverWebhookUseCase) {}

  @Process({ name: WebhookJob.Deliver, concurrency: DELIVER_CONCURRENCY })
  run(job: Job<DeliverWebhookPayload>): Promise<void> {
    return this.deliver.execute(job.data);
  }
}
