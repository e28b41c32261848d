import { InjectQueue } from '@nestjs/bull';
import { Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { Queue } from 'bull';
import { SCREENING_QUEUE, withTimeout } from '@app/platform';
import { BACKLOG_CHECK_EVERY_MS, DeliveryPacer } from './delivery-pacer';

/** A reading slower than this counts as unknown (Redis away): nothing is held back then. */
const READ_TIMEOUT_MS = 1_000;

/** Tells the delivery pacer, every BACKLOG_CHECK_EVERY_MS, how many process jobs wait in Redis. */
@Injectable()
export class ProcessBacklogWatcher implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer?: NodeJS.Timeout;
  private stopped = false;
  /** A reading Redis has not answered yet: asked again instead of stacking another behind it. */
  private reading?: Promise<number | null>;

  constructor(
    @InjectQueue(SCREENING_QUEUE) private readonly queue: Queue,
    private readonly pacer: DeliveryPacer,
  ) {}

  onApplicationBootstrap(): void {
    void this.check();
  }

  onApplicationShutdown(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.pacer.release();
  }

  private async check(): Promise<void> {
    this.reading ??= this.queue
      .getWaitingCount()
      .catch(() => null)
      .finally(() => (this.reading = undefined));
    const backlog = await withTimeout(this.reading, READ_TIMEOUT_MS).catch(() => null);
    if (this.stopped) return;
    this.pacer.observe(backlog);
    this.timer = setTimeout(() => void this.check(), BACKLOG_CHECK_EVERY_MS);
  }
}
