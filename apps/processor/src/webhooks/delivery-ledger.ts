import type { AttemptOutcome } from '@app/domain';
import type {
  AttemptRecord,
  DeliveryAttempt,
  DeliveryForAttempt,
  OutboxJob,
  RecordedAttempt,
  WebhookDeliveryRepository,
} from '@app/persistence';
import type { OutageRetry } from '@app/platform';
import type { DeliveryOutcome, DeliveryOutcomes } from './delivery-outcomes';
import type { FailedAttempt } from './failed-attempt';

/**
 * The deliveries' side of an attempt (docs/integrators.md, "Webhooks"): what a job reads before its
 * POSTs, the record of each attempt, and what the record is told to (metrics, the operator's log).
 * A POST made is recorded whatever the database's state: an outage here is waited out rather than
 * failing the job, whose retry would POST the event again.
 */
export class DeliveryLedger {
  constructor(
    private readonly deliveries: Pick<
      WebhookDeliveryRepository,
      'forAttempts' | 'recordAttempt' | 'disableEndpoint'
    >,
    private readonly outages: Pick<OutageRetry, 'run'>,
    private readonly outcomes: Pick<DeliveryOutcomes, 'record'>,
  ) {}

  /** Everything the attempts of these deliveries need, read at once (missing ones were deleted). */
  read(deliveryIds: string[]): Promise<Map<string, DeliveryForAttempt>> {
    return this.deliveries.forAttempts(deliveryIds);
  }

  /** The attempt and what follows from it, in one group commit with the attempts that end beside it. */
  record(
    delivery: AttemptRecord['delivery'],
    attempt: DeliveryAttempt,
    outcome: AttemptOutcome,
    retryJob: OutboxJob | null,
  ): Promise<RecordedAttempt> {
    return this.outages.run(() => this.deliveries.recordAttempt(delivery, attempt, outcome, retryJob));
  }

  disableEndpoint(endpointId: string): Promise<void> {
    return this.deliveries.disableEndpoint(endpointId);
  }

  /** A recorded attempt's outcome; with what failed when it failed. */
  tell(outcome: DeliveryOutcome, failure?: FailedAttempt): void {
    this.outcomes.record(outcome, failure);
  }
}
