import { Injectable } from '@nestjs/common';
import { Gauge } from 'prom-client';
import { OutboxRepository } from '@app/persistence';
import { MetricsRegistry, withTimeout } from '@app/platform';

const QUERY_TIMEOUT_MS = 1_000;

/**
 * `outbox_oldest_unpublished_age_seconds`: how long the oldest job written to the outbox has waited
 * for Bull (0 when none waits). It grows when Redis is away or no processor sweeps: the alert for
 * accepted work that does not start. NaN when PostgreSQL did not answer in time.
 */
@Injectable()
export class OutboxMetrics {
  constructor(metrics: MetricsRegistry, outbox: OutboxRepository) {
    new Gauge({
      name: 'outbox_oldest_unpublished_age_seconds',
      help: 'Age of the oldest unpublished outbox job in seconds, 0 when none',
      registers: [metrics.registry],
      async collect() {
        this.set(await withTimeout(outbox.oldestUnpublishedAgeSeconds(), QUERY_TIMEOUT_MS).catch(() => NaN));
      },
    });
  }
}
