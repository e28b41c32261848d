import { Injectable } from '@nestjs/common';
import { Counter } from 'prom-client';
import { MetricsRegistry } from './metrics-registry';

export type WebhookOutcome = 'succeeded' | 'failed';
const OUTCOMES: WebhookOutcome[] = ['succeeded', 'failed'];

/**
 * `webhook_deliveries_total` by outcome. Registered ahead of the webhooks themselves so dashboards
 * and alerts can be written now; both outcomes start at 0 so `rate()` has a series from the start.
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
