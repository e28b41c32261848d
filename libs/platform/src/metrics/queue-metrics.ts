import { Inject, Injectable } from '@nestjs/common';
import type { JobCounts, Queue } from 'bull';
import { Gauge } from 'prom-client';
import { QueueName } from '../queue/queue.contract';
import { CONTRACT_QUEUES } from '../queue/queue.module';
import { withTimeout } from '../util/with-timeout';
import { MetricsRegistry } from './metrics-registry';

/** Bull counts `paused` too (jobs added while the queue is paused globally); its typings omit it. */
type Counts = JobCounts & { paused?: number };
const STATES: Array<keyof Counts> = ['waiting', 'active', 'delayed', 'failed', 'completed', 'paused'];
/** A scrape must not hang on a Redis that does not answer. */
const COUNT_TIMEOUT_MS = 1_000;

/**
 * `queue_jobs` by queue and state, read from Bull's job counts at scrape time (one Redis round trip
 * per queue), for every queue of the contract (screening and webhook deliveries alike). NaN when
 * Redis did not answer in time: unknown, which an alert must not read as 0.
 */
@Injectable()
export class QueueMetrics {
  constructor(metrics: MetricsRegistry, @Inject(CONTRACT_QUEUES) contractQueues: Map<QueueName, Queue>) {
    const queues = [...contractQueues.values()];
    new Gauge({
      name: 'queue_jobs',
      help: 'Jobs in each Bull queue by state, at scrape time',
      labelNames: ['queue', 'state'],
      registers: [metrics.registry],
      async collect() {
        await Promise.all(
          queues.map(async (queue) => {
            const counts: Counts | undefined = await withTimeout(
              queue.getJobCounts(),
              COUNT_TIMEOUT_MS,
            ).catch(() => undefined);
            for (const state of STATES)
              this.set({ queue: queue.name, state }, counts ? (counts[state] ?? 0) : NaN);
          }),
        );
      },
    });
  }
}
