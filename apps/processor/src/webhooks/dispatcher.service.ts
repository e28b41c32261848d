import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { OutboxRepository, WebhookDeliveryRepository } from '@app/persistence';
import { RepeatingFailure } from '@app/platform';
import { deliverWebhookJob, OutboxPublisher } from '@app/application';
import type { PassLimits } from '@app/domain';
import { DeliveryPacer } from './delivery-pacer';
import { EventDispatcher } from './event-dispatcher';

/** Events per batch (one transaction). */
export const DISPATCH_BATCH = 500;
/**
 * Deliveries one client's events may make in one batch (the domain's `takeInTurns`). A client with
 * 20 endpoints once filled a 500-event batch with 10,000 deliveries, and every other client's
 * event waited for that transaction; at 2,000 a batch commits in a fraction of a second, and a
 * backlog still goes several times faster than its attempts can.
 */
export const DELIVERIES_PER_CLIENT = 2_000;
/**
 * The first batch after an idle poll: a burst's first deliveries leave after a small transaction,
 * not after the whole DISPATCH_BATCH's (an activation's 1,000 alerts of one client: the first
 * webhooks waited for 500 deliveries to be inserted and committed). Batches that come full double
 * up to DISPATCH_BATCH, so a backlog is still dispatched at full size.
 */
export const FIRST_DISPATCH_BATCH = 50;
/** How often an idle dispatcher looks for new events: the delay a webhook adds to an event. */
const IDLE_POLL_MS = 100;
/**
 * While process jobs wait (see DeliveryPacer), a small batch every BUSY_POLL_MS, each client's
 * events making at most BUSY_DELIVERIES_PER_CLIENT deliveries (100 a second: more than its attempts
 * may make then, so nothing is created only to wait). Often enough that a quiet client's event is
 * not held for long; small, so the screenings keep the CPU.
 */
const BUSY_POLL_MS = 200;
export const BUSY_DELIVERIES_PER_CLIENT = 20;
/** A scheduled attempt this late lost its job (a Redis that restarted empty): publish it again. */
const OVERDUE_GRACE_MS = 60_000;
const OVERDUE_CHECK_EVERY_MS = 30_000;
/** A delivery waiting this long with nothing ahead of it was missed by a release that raced. */
const STUCK_AFTER_MS = 1_000;
const STUCK_CHECK_EVERY_MS = 1_000;
/** While some client's events wait for their turn, say so at most this often (one line, not one a batch). */
const BEHIND_LOG_EVERY_MS = 10_000;

/**
 * Runs the dispatcher in every processor: right away again (and with a batch twice as large, up to
 * DISPATCH_BATCH) while a client has more events ready, otherwise every
 * IDLE_POLL_MS (a dispatcher that finds the cursor locked by another processor just waits for its
 * next turn), and while process jobs wait for a slot it yields to them as the attempts do (small
 * batches: events dispatched faster could not be attempted anyway). Clients take turns in every
 * batch (EventDispatcher). Also releases chains a racing release missed, and re-arms the outbox rows of
 * long-overdue attempts, since PostgreSQL, not Redis, is the record of what must still be sent.
 */
@Injectable()
export class DispatcherService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(DispatcherService.name);
  /** Ten ticks a second fail alike while PostgreSQL is away: said once a minute, not each time. */
  private readonly failure = new RepeatingFailure(this.logger, 'Webhook dispatch');
  private timer?: NodeJS.Timeout;
  private stopped = false;
  private nextOverdueCheck = 0;
  private nextStuckCheck = 0;
  private nextBatch = FIRST_DISPATCH_BATCH;
  private nextBehindLog = 0;

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
    let more = false;
    const busy = this.pacer.busy;
    try {
      const limits: PassLimits = busy
        ? { events: DISPATCH_BATCH, deliveriesPerClient: BUSY_DELIVERIES_PER_CLIENT }
        : { events: this.nextBatch, deliveriesPerClient: DELIVERIES_PER_CLIENT };
      const result = await this.dispatcher.dispatchBatch(limits);
      more = result.more;
      if (result.behind.length > 0 && Date.now() >= this.nextBehindLog) {
        this.nextBehindLog = Date.now() + BEHIND_LOG_EVERY_MS;
        this.logger.log(
          { clients: result.behind, busy },
          'Webhook events wait for their turn: these clients have more than their share of a batch',
        );
      }
      if (!busy) this.nextBatch = more ? Math.min(2 * limits.events, DISPATCH_BATCH) : FIRST_DISPATCH_BATCH;
      if (Date.now() >= this.nextStuckCheck) {
        this.nextStuckCheck = Date.now() + STUCK_CHECK_EVERY_MS;
        await this.releaseStuckChains();
      }
      if (Date.now() >= this.nextOverdueCheck) {
        this.nextOverdueCheck = Date.now() + OVERDUE_CHECK_EVERY_MS;
        await this.rearmOverdue();
      }
      this.failure.succeeded();
    } catch (error) {
      this.failure.failed(error);
    }
    this.schedule(busy ? BUSY_POLL_MS : more ? 0 : IDLE_POLL_MS);
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
