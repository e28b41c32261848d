import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { OutboxRepository, WebhookDeliveryRepository } from '@app/persistence';
import { deliverWebhookJob, OutboxPublisher } from '@app/application';
import { BUSY_ATTEMPTS_PER_SECOND, DeliveryPacer } from './delivery-pacer';
import { EventDispatcher } from './event-dispatcher';

/** Events per batch (one transaction). */
export const DISPATCH_BATCH = 500;
/**
 * The first batch after an idle poll: a burst's first deliveries leave after a small transaction,
 * not after the whole DISPATCH_BATCH's (an activation's 1,000 alerts of one client: the first
 * webhooks waited for 500 deliveries to be inserted and committed). Batches that come full double
 * up to DISPATCH_BATCH, so a backlog is still dispatched at full size.
 */
export const FIRST_DISPATCH_BATCH = 50;
/** How often an idle dispatcher looks for new events: the delay a webhook adds to an event. */
const IDLE_POLL_MS = 100;
/** While process jobs wait (see DeliveryPacer), a batch a second, as small as the attempts' pace. */
const BUSY_POLL_MS = 1_000;
/** A scheduled attempt this late lost its job (a Redis that restarted empty): publish it again. */
const OVERDUE_GRACE_MS = 60_000;
const OVERDUE_CHECK_EVERY_MS = 30_000;
/** A delivery waiting this long with nothing ahead of it was missed by a release that raced. */
const STUCK_AFTER_MS = 1_000;
const STUCK_CHECK_EVERY_MS = 1_000;

/**
 * Runs the dispatcher in every processor: right away again (and with a batch twice as large, up to
 * DISPATCH_BATCH) while batches come full, otherwise every
 * IDLE_POLL_MS (a dispatcher that finds the cursor locked by another processor just waits for its
 * next turn), and while process jobs wait for a slot it yields to them as the attempts do (a small
 * batch a second: events dispatched faster could not be attempted anyway). Also releases chains a racing release missed, and re-arms the outbox rows of
 * long-overdue attempts, since PostgreSQL, not Redis, is the record of what must still be sent.
 */
@Injectable()
export class DispatcherService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(DispatcherService.name);
  private timer?: NodeJS.Timeout;
  private stopped = false;
  private nextOverdueCheck = 0;
  private nextStuckCheck = 0;
  private nextBatch = FIRST_DISPATCH_BATCH;

  constructor(
    private readonly dispatcher: EventDispatcher,
    private readonly deliveries: WebhookDeliveryRepository,
    private readonly outbox: OutboxRepository,
    private readonly publisher: OutboxPublisher,
    private readonly pacer: DeliveryPacer,
  ) {}

  onApplicationBootstrap(): void {
    this.schedule(0);
  }

  onApplicationShutdown(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private schedule(ms: number): void {
    if (!this.stopped) this.timer = setTimeout(() => void this.tick(), ms);
  }

  private async tick(): Promise<void> {
    let full = false;
    const busy = this.pacer.busy;
    try {
      const limit = busy ? BUSY_ATTEMPTS_PER_SECOND : this.nextBatch;
      full = (await this.dispatcher.dispatchBatch(limit)) === limit;
      if (!busy) this.nextBatch = full ? Math.min(2 * limit, DISPATCH_BATCH) : FIRST_DISPATCH_BATCH;
      if (Date.now() >= this.nextStuckCheck) {
        this.nextStuckCheck = Date.now() + STUCK_CHECK_EVERY_MS;
        await this.releaseStuckChains();
      }
      if (Date.now() >= this.nextOverdueCheck) {
        this.nextOverdueCheck = Date.now() + OVERDUE_CHECK_EVERY_MS;
        await this.rearmOverdue();
      }
    } catch (error) {
      this.logger.warn({ err: error }, 'Webhook dispatch failed; retrying');
    }
    this.schedule(busy ? BUSY_POLL_MS : full ? 0 : IDLE_POLL_MS);
  }

  private async releaseStuckChains(): Promise<void> {
    const released = await this.deliveries.releaseStuckChains(STUCK_AFTER_MS, DISPATCH_BATCH);
    if (released.length > 0)
      await this.publisher.publishNow(await this.publisher.stageNow([deliverWebhookJob(released)]));
  }

  private async rearmOverdue(): Promise<void> {
    const overdue = await this.deliveries.overdue(OVERDUE_GRACE_MS, DISPATCH_BATCH);
    if (overdue.length === 0) return;
    await this.outbox.rearm(overdue.map((d) => deliverWebhookJob([d])));
    this.logger.warn({ deliveries: overdue.length }, 'Re-armed overdue webhook attempts');
  }
}
