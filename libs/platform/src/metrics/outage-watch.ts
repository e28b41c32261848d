import { Injectable, Logger } from '@nestjs/common';
import { Gauge } from 'prom-client';
import { OutageObserver } from '../runtime/dependency-outage';
import { MetricsRegistry } from './metrics-registry';

/** While work keeps waiting, how often the count is logged again. */
const REPORT_EVERY_MS = 10_000;

/**
 * What an operator sees of work waiting out a PostgreSQL or Redis outage (docs/operations.md,
 * "Outages"): the gauge `jobs_waiting_for_dependency`, one warning when the first job starts
 * waiting (and every 10 s while any waits, with the count), and one line when the last resumes.
 * A log line per job would be a thousand lines a second during an outage.
 */
@Injectable()
export class OutageWatch implements OutageObserver {
  private readonly logger = new Logger('Outage');
  private readonly gauge: Gauge;
  private waitingNow = 0;
  private since = 0;
  private lastReport = 0;

  constructor(metrics: MetricsRegistry) {
    this.gauge = new Gauge({
      name: 'jobs_waiting_for_dependency',
      help: 'Jobs holding on until PostgreSQL or Redis answers again (0 outside an outage)',
      registers: [metrics.registry],
    });
  }

  waiting(error: unknown): void {
    this.waitingNow++;
    this.gauge.set(this.waitingNow);
    const now = Date.now();
    if (this.waitingNow === 1) this.since = now;
    if (this.waitingNow === 1 || now - this.lastReport >= REPORT_EVERY_MS) {
      this.lastReport = now;
      this.logger.warn(
        { err: error, waiting: this.waitingNow, sinceMs: now - this.since },
        'PostgreSQL or Redis is unreachable: jobs wait for it and resume by themselves',
      );
    }
  }

  waitEnded(): void {
    this.waitingNow = Math.max(0, this.waitingNow - 1);
    this.gauge.set(this.waitingNow);
    if (this.waitingNow === 0)
      this.logger.log(
        { waitedMs: Date.now() - this.since },
        'Dependencies answer again: waiting jobs resumed',
      );
  }
}
