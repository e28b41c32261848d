import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  chainKey,
  comparePositions,
  endpointsFor,
  eventsToRead,
  globalPositionAfter,
  PassLimits,
  planPass,
  scheduleNewDeliveries,
} from '@app/domain';
import type { ClientRead, EndpointSubscription } from '@app/domain';
import {
  DispatchedEvent,
  EventPosition,
  NewDelivery,
  PendingOutboxJob,
  SqlExecutor,
  WebhookDispatchRepository,
} from '@app/persistence';
import { deliverWebhookJob, OutboxPublisher } from '@app/application';
import { fairChunks } from './fair-chunks';

/** New deliveries scheduled together share a job: one Bull round trip for a burst of events. */
export const JOB_BATCH = 50;

/** What a batch did: the events it dispatched, and the clients with more ready now (more: any). */
export interface BatchResult {
  dispatched: number;
  more: boolean;
  behind: string[];
}

const NOTHING: BatchResult = { dispatched: 0, more: false, behind: [] };

/**
 * Turns the event log into deliveries (docs/integrators.md, "Webhooks"), clients in turns (the domain's `planPass`:
 * one client's burst no longer holds back another's events). One batch is one transaction: lock
 * the log's position (one dispatcher at a time across processors), read each client's next settled
 * events, take them in turns, create one delivery per receiving endpoint (the domain picks them and
 * decides which go now and which wait behind an earlier event of their subject), stage the jobs of
 * those that go now, and move the clients' positions and the log's. A crash anywhere rolls the
 * batch back whole: no event is skipped and none is dispatched twice.
 */
@Injectable()
export class EventDispatcher {
  constructor(
    private readonly dispatch: WebhookDispatchRepository,
    private readonly outbox: OutboxPublisher,
  ) {}

  async dispatchBatch(limits: PassLimits): Promise<BatchResult> {
    let staged: PendingOutboxJob[] = [];
    const result = await this.dispatch.inTransaction(async (tx): Promise<BatchResult> => {
      const cursor = await this.dispatch.lockCursor(tx);
      if (!cursor) return NOTHING;
      const horizon = await this.dispatch.horizon(tx);
      if (!(await this.dispatch.anyAfter(tx, cursor, horizon))) return NOTHING;
      const endpoints = await this.dispatch.subscriptions(tx);
      const reads = await this.readClients(tx, cursor, horizon, endpoints, limits);
      const receivers = new Map(reads.flatMap((r) => r.events).map((e) => [e, endpointsFor(e, endpoints)]));
      const plan = planPass(reads, (event) => receivers.get(event)!.length, limits);
      const planned = plan.taken.flatMap((event) =>
        receivers.get(event)!.map((endpoint) => ({
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
      await this.dispatch.advanceClientCursors(tx, plan.clientPositions);
      const lastVisible = plan.leftBehind.length > 0 ? null : await this.dispatch.lastBelow(tx, horizon);
      const to = globalPositionAfter(cursor, plan.leftBehind, lastVisible);
      if (comparePositions(to, cursor) !== 0) await this.dispatch.advanceCursor(tx, to);
      return {
        dispatched: plan.taken.length,
        more: plan.leftBehind.length > 0,
        behind: [...new Set(plan.leftBehind.map((e) => e.clientId))],
      };
    });
    await this.outbox.publishNow(staged);
    return result;
  }

  /** Each client's next events, as many as the pass could take of them, in the order of its oldest. */
  private async readClients(
    tx: SqlExecutor,
    cursor: EventPosition,
    horizon: string,
    endpoints: readonly EndpointSubscription[],
    limits: PassLimits,
  ): Promise<Array<ClientRead<DispatchedEvent>>> {
    const enabled = new Map<string, number>();
    for (const e of endpoints) enabled.set(e.clientId, (enabled.get(e.clientId) ?? 0) + (e.enabled ? 1 : 0));
    const readLimits = new Map([...enabled].map(([id, count]) => [id, eventsToRead(limits, count)]));
    const events = await this.dispatch.eventsOfClients(
      tx,
      cursor,
      horizon,
      [...readLimits.keys()],
      [...readLimits.values()],
    );
    // In log order, so the clients come in the order of their oldest pending event.
    const reads = new Map<string, ClientRead<DispatchedEvent> & { events: DispatchedEvent[] }>();
    for (const event of events) {
      const read = reads.get(event.clientId) ?? {
        clientId: event.clientId,
        events: [],
        limit: readLimits.get(event.clientId)!,
      };
      read.events.push(event);
      reads.set(event.clientId, read);
    }
    return [...reads.values()];
  }
}
