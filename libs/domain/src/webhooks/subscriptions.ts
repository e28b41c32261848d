import type { FieldViolation } from '../errors';
import { EVENT_TYPES, isEventType } from '../events/event-catalog';

/** An endpoint as the dispatcher sees it. `events` null: every type, present and future. */
export interface EndpointSubscription {
  id: string;
  clientId: string;
  events: readonly string[] | null;
  enabled: boolean;
  createdAt: number;
}

/** An event of the log, as far as choosing its endpoints goes. */
export interface LoggedEvent {
  type: string;
  clientId: string;
  createdAt: number;
  data: Record<string, unknown>;
}

/**
 * docs/integrators.md / 7.4, which endpoints an event goes to: every enabled endpoint of the event's client
 * subscribed to its type, created before it (an endpoint does not receive history, even when the
 * dispatcher runs late). A `webhook.test` event goes to the endpoint it names and nowhere else,
 * whatever that endpoint subscribes to and even while disabled (testing comes before enabling).
 */
export function endpointsFor<E extends EndpointSubscription>(
  event: LoggedEvent,
  endpoints: readonly E[],
): E[] {
  const own = endpoints.filter((endpoint) => endpoint.clientId === event.clientId);
  if (event.type === 'webhook.test') return own.filter((endpoint) => endpoint.id === event.data.endpointId);
  return own.filter(
    (endpoint) =>
      endpoint.enabled &&
      endpoint.createdAt <= event.createdAt &&
      (endpoint.events === null || endpoint.events.includes(event.type)),
  );
}

/**
 * The `events` of an endpoint: known types only (every unknown one is listed), at least one.
 * Omitting it subscribes to all.
 */
export function eventTypesViolations(value: unknown, field = 'events'): FieldViolation[] {
  if (!Array.isArray(value)) return [{ field, message: `${field} must be an array of event types.` }];
  if (value.length === 0)
    return [{ field, message: `${field} must list at least one event type; omit it to receive them all.` }];
  return value.flatMap((type, i): FieldViolation[] =>
    typeof type === 'string' && isEventType(type)
      ? []
      : [
          {
            field: `${field}[${i}]`,
            message: `${JSON.stringify(type)} is not an event type (one of ${EVENT_TYPES.join(', ')}).`,
          },
        ],
  );
}

/** The types an endpoint receives, as the API shows them: every known type when it subscribes to all. */
export function subscribedTypes(events: readonly string[] | null): string[] {
  return events === null ? [...EVENT_TYPES] : [...events];
}

/** A delivery about to be created: to which endpoint, about what subject, for an event of when. */
export interface PlannedDelivery {
  endpointId: string;
  subject: string;
  createdAt: number;
}

/** The deliveries of one subject to one endpoint form a chain, delivered in the order of their events. */
export function chainKey(endpointId: string, subject: string): string {
  return `${endpointId}|${subject}`;
}

/**
 * docs/integrators.md ordering: events of one subject (a candidate request) reach an endpoint in
 * `createdAt` order as long as the earlier ones succeed. So a new delivery is sent at once only when
 * it is the oldest of its chain and the chain is not busy (`chainIsBusy`, delivery-chain.ts); the
 * others wait and are released one at a time, each once the one before it has
 * been attempted (a failed one is then retried on its own schedule: no order promise after
 * failures). Answers, in the given order, whether each planned delivery is scheduled now.
 */
export function scheduleNewDeliveries(
  planned: readonly PlannedDelivery[],
  busyChains: ReadonlySet<string>,
): boolean[] {
  const oldest = new Map<string, number>();
  planned.forEach((delivery, i) => {
    const key = chainKey(delivery.endpointId, delivery.subject);
    const current = oldest.get(key);
    if (current === undefined || delivery.createdAt < planned[current].createdAt) oldest.set(key, i);
  });
  return planned.map((delivery, i) => {
    const key = chainKey(delivery.endpointId, delivery.subject);
    return !busyChains.has(key) && oldest.get(key) === i;
  });
}
