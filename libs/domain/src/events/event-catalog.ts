import { SEARCH_OUTCOMES } from '../legal-records/cap-and-billing';
import { ALERT_KINDS } from '../monitoring/alerts';
import { ARCO_DECISIONS, ARCO_RIGHTS } from '../privacy/arco';
import { MONITOR_SOURCES } from '../monitoring/monitor';
import { FINAL_RESULTS, PROCESS_NAMES, PROCESS_RESULTS } from '../screening/catalog';
import { field, SummaryField, SummaryOf, summarySchema } from '../screening/summary-schema';

const requestUuid = field.string({
  format: 'uuid',
  description: 'The candidate request',
  example: '3f1c2a9e-8d7b-4c6a-9e5f-1a2b3c4d5e6f',
});
const processId = field.string({
  format: 'uuid',
  description: 'The process',
  example: '8a7b6c5d-4e3f-4a1b-9c8d-7e6f5a4b3c2d',
});
const processName = field.oneOf(PROCESS_NAMES, { example: 'Peps' });
const privacyRequestId = field.string({
  format: 'uuid',
  description: 'The ARCO request (`GET /privacy-requests/{id}`)',
  example: '9c2e4a6b-8d0f-4e1a-b3c5-d7e9f1a3b5c7',
});
const arcoRight = field.oneOf(ARCO_RIGHTS, {
  example: 'access',
  description: 'The right the person exercises',
});
const searchId = field.string({
  format: 'uuid',
  description: 'The legal-records search',
  example: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b',
});

/** What one event type is: when the service writes it and the data it carries. */
interface EventDefinition {
  readonly when: string;
  readonly data: Readonly<Record<string, SummaryField>>;
}

/**
 * docs/integrators.md: every event type, when it happens and the data it carries, described once with
 * the field builders of the executive summaries: the types below derive from it, and the api
 * derives the OpenAPI document's event variants from it (one per type, discriminated by `type`).
 * A new event type is one entry here. Data holds identifiers, statuses and results only, never
 * personal data (no names, RFC, CURP or e-mail): events travel to other systems and stay in the
 * log for weeks.
 */
export const EVENT_CATALOG = {
  'candidate_request.created': {
    when: 'a registration is accepted',
    data: {
      uuid: requestUuid,
      packageId: field.string({
        description: 'The package the candidate is screened with',
        example: 'PKG-ACME-BASIC',
      }),
    },
  },
  'process.started': {
    when: 'a process becomes `En proceso`',
    data: { uuid: requestUuid, processId, processName },
  },
  'process.waiting_for_candidate': {
    when: 'a process becomes `Pendiente Candidato`: it waits for what the candidate provides',
    data: { uuid: requestUuid, processId, processName },
  },
  'process.finished': {
    when: 'a process becomes `Finalizado`',
    data: {
      uuid: requestUuid,
      processId,
      processName,
      result: field.oneOf(FINAL_RESULTS, { example: 'Aprobado' }),
    },
  },
  'candidate_request.completed': {
    when: 'the overview status becomes `Completed` (again after candidate input or a rectification, possibly)',
    data: {
      uuid: requestUuid,
      result: field.oneOf(PROCESS_RESULTS, {
        example: 'Pendiente',
        description: '`Pendiente` while a process waits for the candidate or another process',
      }),
    },
  },
  'candidate_request.finished': {
    when: 'every process of the request is `Finalizado` (once; again when a rectification runs processes again)',
    data: {
      uuid: requestUuid,
      result: field.oneOf(FINAL_RESULTS, { example: 'Riesgo Bajo' }),
      globalEndDate: field.number({
        type: 'integer',
        description: 'Epoch milliseconds',
        example: 1795357425200,
      }),
    },
  },
  'candidate_request.review_changed': {
    when: "a review (of a finding, or of a monitor alert) changes the request's `reviewedResult` (docs/reviews.md)",
    data: {
      uuid: requestUuid,
      reviewedResult: field.oneOf(PROCESS_RESULTS, { example: 'Riesgo Alto' }),
    },
  },
  'candidate_request.disputed': {
    when: 'the candidate disputes a finding of one of its processes (`POST /candidate-requests/{uuid}/disputes`)',
    data: {
      uuid: requestUuid,
      processId,
      finding: field.object(
        summarySchema('DisputedFinding', {
          source: field.string({ example: 'ofac-sdn', description: 'The list, or `legal-records`' }),
          entryId: field.string({
            example: '36216',
            description: "The list's key of the entry, or the person's uuid",
          }),
        }),
      ),
    },
  },
  'candidate_request.blocked': {
    when: "the request is blocked under the client's retention policy (docs/privacy.md): its reads answer 410 from now on",
    data: { uuid: requestUuid },
  },
  'candidate_request.suppressed': {
    when: "the request's personal data is erased, `blockedDays` after its blocking (docs/privacy.md): it reads as unknown from now on",
    data: { uuid: requestUuid },
  },
  'legal_search.created': {
    when: 'a legal-records search is created (and billed)',
    data: {
      searchId,
      outcome: field.oneOf(SEARCH_OUTCOMES, { example: 'SUCCESS' }),
      totalMatches: field.number({ type: 'integer', example: 1234 }),
    },
  },
  'legal_record.unlocked': {
    when: "a record's first billed detail reading in a search",
    data: {
      searchId,
      uuid: field.string({
        format: 'uuid',
        description: 'The person unlocked',
        example: '0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e',
      }),
    },
  },
  'monitor.alert_raised': {
    when: 'a monitor raises an alert: a list version or a legal-records ingest concerns the monitored candidate',
    data: {
      monitorId: field.string({
        format: 'uuid',
        description: 'The monitor',
        example: '2d4e6f80-1a2b-4c3d-8e5f-6a7b8c9d0e1f',
      }),
      alertId: field.string({
        format: 'uuid',
        description: 'The alert (`GET /monitor-alerts`, `PATCH /monitor-alerts/{id}`)',
        example: '7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d',
      }),
      candidateRequestUuid: requestUuid,
      source: field.oneOf(MONITOR_SOURCES, { example: 'ofac-sdn' }),
      kind: field.oneOf(ALERT_KINDS, { example: 'new_match' }),
    },
  },
  'privacy_request.received': {
    when: 'an ARCO request is recorded (`POST /privacy-requests`): it is due 20 business days after it was received',
    data: { privacyRequestId, right: arcoRight },
  },
  'privacy_request.due_soon': {
    when: 'an ARCO request still open is 5 business days from its due date (announced once, within the hour)',
    data: { privacyRequestId, right: arcoRight },
  },
  'privacy_request.resolved': {
    when: 'an ARCO request is answered (`POST /privacy-requests/{id}/resolve`), its decision applied',
    data: {
      privacyRequestId,
      right: arcoRight,
      decision: field.oneOf(ARCO_DECISIONS, { example: 'granted' }),
    },
  },
  'webhook.test': {
    when: 'a test of a webhook endpoint is asked for (`POST /webhook-endpoints/{id}/test`)',
    data: {
      endpointId: field.string({
        format: 'uuid',
        description: 'The endpoint tested',
        example: '6c1d5e2f-3a4b-4c5d-8e6f-7a8b9c0d1e2f',
      }),
    },
  },
} as const satisfies Record<string, EventDefinition>;

export type EventType = keyof typeof EVENT_CATALOG;

/** The data of each event type, as the catalogue describes it. */
export type EventDataByType = {
  [T in EventType]: SummaryOf<{ name: T; fields: (typeof EVENT_CATALOG)[T]['data'] }>;
};

/**
 * Every data field the catalogue declares, as `type.field`: what an event of a suppressed request
 * may keep (docs/privacy.md). Identifiers, statuses and results only, by the catalogue's rule above.
 */
export const EVENT_DATA_FIELDS: readonly string[] = Object.entries(EVENT_CATALOG).flatMap(
  ([type, definition]) => Object.keys(definition.data).map((key) => `${type}.${key}`),
);

/** Every event type, in the catalogue's order. */
export const EVENT_TYPES = Object.keys(EVENT_CATALOG) as readonly EventType[];

export function isEventType(value: string): value is EventType {
  return (EVENT_TYPES as readonly string[]).includes(value);
}

/** An event as the domain decides it; the log gives it an id, a time and its client. */
export type DomainEvent = { [T in EventType]: { type: T; data: EventDataByType[T] } }[EventType];

/**
 * What an event is about, for keeping one subject's deliveries in order (docs/integrators.md): the
 * candidate request (a monitor's alerts included), the search, the ARCO request, or the endpoint of
 * a test event.
 */
export function eventSubject(event: DomainEvent): string {
  const data = event.data as Partial<Record<'uuid' | 'searchId' | 'endpointId', string>>;
  if (event.type === 'legal_record.unlocked') return data.searchId!;
  if (event.type === 'monitor.alert_raised') return event.data.candidateRequestUuid;
  if ('privacyRequestId' in event.data) return event.data.privacyRequestId;
  return data.uuid ?? data.searchId ?? data.endpointId!;
}
