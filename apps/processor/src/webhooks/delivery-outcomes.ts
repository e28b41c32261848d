import { Injectable } from '@nestjs/common';
import { WebhookMetrics, WebhookOutcome } from '@app/platform';

/** What an attempt left its delivery as: the `outcome` label of `webhook_deliveries_total`. */
export type DeliveryOutcome = WebhookOutcome;

/**
 * A hook on every recorded attempt, so metrics (and tests) follow deliveries without the delivery
 * code knowing about them. `webhook_deliveries_total` listens from the start: a hook nobody
 * subscribed to once left the counter at 0 after every delivery.
 */
@Injectable()
export class DeliveryOutcomes {
  private readonly listeners: Array<(outcome: DeliveryOutcome) => void> = [];

  constructor(metrics: WebhookMetrics) {
    this.subscribe((outcome) => metrics.record(outcome));
  }

  subscribe(listener: (outcome: DeliveryOutcome) => void): void {
    this.listeners.push(listener);
  }

  record(outcome: DeliveryOutcome): void {
    for (const listener of this.listeners) listener(outcome);
  }
}
