import { Injectable } from '@nestjs/common';

/** What an attempt left its delivery as: the `outcome` label of `webhook_deliveries_total`. */
export type DeliveryOutcome = 'succeeded' | 'retrying' | 'failed';

/**
 * A hook on every recorded attempt, so metrics (a Prometheus counter) can follow deliveries
 * without the delivery code knowing about them.
 */
@Injectable()
export class DeliveryOutcomes {
  private readonly listeners: Array<(outcome: DeliveryOutcome) => void> = [];

  subscribe(listener: (outcome: DeliveryOutcome) => void): void {
    this.listeners.push(listener);
  }

  record(outcome: DeliveryOutcome): void {
    for (const listener of this.listeners) listener(outcome);
  }
}
