import { Process, Processor } from '@nestjs/bull';
import { Logger } from '@nestjs/common';
import type { Job } from 'bull';
import { MonitorComparisons } from '@app/application';
import { MonitorActivationPayload, MONITORING_QUEUE, MonitoringJob } from '@app/platform';

/** The Bull consumer of activations (the outbox's fast path; the sweep covers what it misses). */
@Processor(MONITORING_QUEUE)
export class MonitoringProcessor {
  private readonly logger = new Logger(MonitoringProcessor.name);

  constructor(private readonly comparisons: MonitorComparisons) {}

  @Process({ name: MonitoringJob.Activation, concurrency: 1 })
  async run(job: Job<MonitorActivationPayload>): Promise<void> {
    const report = await this.comparisons.compareActivation(job.data.activationId);
    if (report)
      this.logger.log(
        { activationId: job.data.activationId, ...report },
        'Activation compared with the monitors',
      );
  }
}
