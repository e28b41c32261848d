import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { OutageWatch } from '../metrics/outage-watch';
import { waitOutOutages } from './dependency-outage';

/**
 * Waits out PostgreSQL and Redis outages for the processor's jobs (see `waitOutOutages`), reported
 * through OutageWatch. Once the processor begins shutting down, a waiting job stops waiting and
 * fails with its outage error, so the shutdown is not held up: Bull retries the job later, here or
 * in another processor.
 */
@Injectable()
export class OutageRetry implements OnModuleDestroy {
  private stopping = false;

  constructor(private readonly watch: OutageWatch) {}

  onModuleDestroy(): void {
    this.stopping = true;
  }

  run<T>(work: () => Promise<T>): Promise<T> {
    return waitOutOutages(work, { observer: this.watch, giveUp: () => this.stopping });
  }
}
