import { Injectable } from '@nestjs/common';
import { Counter } from 'prom-client';
import { MetricsRegistry } from './metrics-registry';

/**
 * What an attempt left its delivery as: `succeeded` and `failed` end a delivery (so their sum counts
 * the deliveries done), `retrying` is a failed attempt the schedule tries again.
 */
export type WebhookOutcome = 'succeeded' | 'retrying' | 'failed';
const OUTCOMES: WebhookOutcome[] = ['succeeded', 'retrying', 'failed'];

/**
 * `webhook_deliveries_total` by outcome, counted by the processor as it records each attempt.
 * Every outcome starts at 0 so `rate()` has a series from the start.
 */
@Injectable()
export class WebhookMetrics {
  private readonly deliveries: Counter<'outcome'>;

  constructor(metrics: MetricsRegistry) {
    this.deliveries = new Counter({
      name: 'webhook_deliveries_total',
      help: 'Webhook deliveries by outcome',
      labelNames: ['outcome'],
      registers: [metrics.registry],
    });
    for (const outcome of OUTCOMES) this.deliveries.inc({ outcome }, 0);
  }

  record(outcome: WebhookOutcome): void {
    this.deliveries.inc({ outcome });
  }
}
