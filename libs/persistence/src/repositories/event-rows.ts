import { DomainEvent, eventSubject } from '@app/domain';

/** The parameters that insert `events` of one client with `INSERT ... SELECT FROM unnest(...)`. */
export function eventRows(events: readonly DomainEvent[]): {
  types: string[];
  subjects: string[];
  data: string[];
} {
  return {
    types: events.map((e) => e.type),
    subjects: events.map(eventSubject),
    data: events.map((e) => JSON.stringify(e.data)),
  };
}
