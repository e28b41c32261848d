import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { chainKey, endpointsFor, scheduleNewDeliveries } from '@app/domain';
import { NewDelivery, PendingOutboxJob, WebhookDispatchRepository } from '@app/persistence';
import { deliverWebhookJob, OutboxPublisher } from '@app/application';
import { fairChunks } from './fair-chunks';

/** New deliveries scheduled together share a job: one Bull round trip for a burst of events. */
export const JOB_BATCH = 50;

/**
 * Turns the event log into deliveries (CONTRACT 7.4). One batch is one transaction: lock the
 * cursor (one dispatcher at a time across processors), read the next settled events in log order,
 * create one delivery per receiving endpoint (the domain picks them and decides which go now and
 * which wait behind an earlier event of their subject), stage the jobs of those that go now, and
 * move the cursor past the batch. A crash anywhere rolls the batch back whole: no event is skipped
 * and none is dispatched twice.
 */
@Injectable()
export class EventDispatcher {
  constructor(
    private readonly dispatch: WebhookDispatchRepository,
    private readonly outbox: OutboxPublisher,
  ) {}

  /** Answers how many events the batch passed (0 when none, or when another dispatcher holds the cursor). */
  async dispatchBatch(limit: number): Promise<number> {
    let staged: PendingOutboxJob[] = [];
    const passed = await this.dispatch.inTransaction(async (tx) => {
      const cursor = await this.dispatch.lockCursor(tx);
      const events = cursor ? await this.dispatch.eventsAfter(tx, cursor, limit) : [];
      if (events.length === 0) return 0;
      const endpoints = await this.dispatch.subscriptions(tx, [...new Set(events.map((e) => e.clientId))]);
      const planned = events.flatMap((event) =>
        endpointsFor(event, endpoints).map((endpoint) => ({
          endpointId: endpoint.id,
          subject: event.subject,
          createdAt: event.createdAt,
          event,
        })),
      );
      if (planned.length > 0) {
        const busy = new Set(
          (await this.dispatch.busyChains(tx, planned)).map((c) => chainKey(c.endpointId, c.subject)),
        );
        const now = new Date();
        const deliveries: NewDelivery[] = scheduleNewDeliveries(planned, busy).map((goesNow, i) => ({
          id: randomUUID(),
          endpointId: planned[i].endpointId,
          event: planned[i].event,
          nextAttemptAt: goesNow ? now : null,
        }));
        await this.dispatch.insertDeliveries(tx, deliveries);
        const scheduled = deliveries.filter((d) => d.nextAttemptAt);
        staged = await this.outbox.stage(
          tx,
          fairChunks(scheduled, JOB_BATCH, (d) => d.event.clientId).map((batch) =>
            deliverWebhookJob(batch.map((d) => ({ id: d.id, generation: 0 }))),
          ),
        );
      }
      await this.dispatch.advanceCursor(tx, events[events.length - 1]);
      return events.length;
    });
    await this.outbox.publishNow(staged);
    return passed;
  }
}
