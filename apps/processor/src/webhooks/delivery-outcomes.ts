import { Injectable, Logger } from '@nestjs/common';
import { WebhookMetrics, WebhookOutcome } from '@app/platform';
import { FailedAttempt, failedAttemptLog } from './failed-attempt';

/** What an attempt left its delivery as: the `outcome` label of `webhook_deliveries_total`. */
export type DeliveryOutcome = WebhookOutcome;

type OutcomeListener = (outcome: DeliveryOutcome, failure?: FailedAttempt) => void;

/**
 * A hook on every recorded attempt, so metrics, the log (and tests) follow deliveries without the
 * delivery code knowing about them. `webhook_deliveries_total` listens from the start: a hook nobody
 * subscribed to once left the counter at 0 after every delivery. So does the log: a failed attempt
 * is one warning line an operator can read (see FailedAttempt), with no secret and no payload.
 */
@Injectable()
export class DeliveryOutcomes {
  private readonly listeners: OutcomeListener[] = [];
  private readonly logger = new Logger('WebhookDelivery');

  constructor(metrics: WebhookMetrics) {
    this.subscribe((outcome) => metrics.record(outcome));
    this.subscribe((outcome, failure) => {
      if (!failure || outcome === 'succeeded') return;
      const { fields, message } = failedAttemptLog(outcome, failure);
      this.logger.warn(fields, message);
    });
  }

  subscribe(listener: OutcomeListener): void {
    this.listeners.push(listener);
  }

  /** An attempt's outcome; with what failed when it failed. */
  record(outcome: DeliveryOutcome, failure?: FailedAttempt): void {
    for (const listener of this.listeners) listener(outcome, failure);
  }
}
