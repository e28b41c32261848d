import type { FinalResult, ProcessName, ProcessResult } from '../screening/catalog';

/**
 * CONTRACT 7.1: every event type and the data it carries. Data holds identifiers, statuses and
 * results only, never personal data (no names, RFC, CURP or e-mail): events travel to other
 * systems and stay in the log for weeks.
 */
export interface EventDataByType {
  'candidate_request.created': { uuid: string; packageId: string };
  'process.started': { uuid: string; processId: string; processName: ProcessName };
  'process.waiting_for_candidate': { uuid: string; processId: string; processName: ProcessName };
  'process.finished': { uuid: string; processId: string; processName: ProcessName; result: FinalResult };
  'candidate_request.completed': { uuid: string; result: ProcessResult };
  'candidate_request.finished': { uuid: string; result: FinalResult; globalEndDate: number };
  'legal_search.created': { searchId: string; outcome: string; totalMatches: number };
  'legal_record.unlocked': { searchId: string; uuid: string };
  'webhook.test': { endpointId: string };
}

export type EventType = keyof EventDataByType;

export const EVENT_TYPES: readonly EventType[] = [
  'candidate_request.created',
  'process.started',
  'process.waiting_for_candidate',
  'process.finished',
  'candidate_request.completed',
  'candidate_request.finished',
  'legal_search.created',
  'legal_record.unlocked',
  'webhook.test',
];

export function isEventType(value: string): value is EventType {
  return (EVENT_TYPES as readonly string[]).includes(value);
}

/** An event as the domain decides it; the log gives it an id, a time and its client. */
export type DomainEvent = { [T in EventType]: { type: T; data: EventDataByType[T] } }[EventType];

/**
 * What an event is about, for keeping one subject's deliveries in order (CONTRACT 7.4): the
 * candidate request, the search, or the endpoint of a test event.
 */
export function eventSubject(event: DomainEvent): string {
  const data = event.data as Partial<Record<'uuid' | 'searchId' | 'endpointId', string>>;
  if (event.type === 'legal_record.unlocked') return data.searchId!;
  return data.uuid ?? data.searchId ?? data.endpointId!;
}
