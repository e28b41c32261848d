import { FieldViolation, ForbiddenError } from '../errors';
import { MAX_CLIENT_ID } from '../legal-records/search-rules';
import { PageSize } from '../paging';
import { stringFieldViolations } from '../request-shape';
import { EventType, EVENT_TYPES, isEventType } from './event-catalog';

/** docs/integrators.md page sizes of the event log. */
export const EVENTS_PAGE_SIZE: PageSize = { default: 100, max: 500 };
export const DEFAULT_EVENTS_LIMIT = EVENTS_PAGE_SIZE.default;
export const MAX_EVENTS_LIMIT = EVENTS_PAGE_SIZE.max;

export interface EventQuery {
  after?: string;
  types?: string;
  limit?: string;
  clientId?: string;
}

/** Every violation of the `GET /events` query (the cursor itself is checked against the log). */
export function validateEventQuery(query: EventQuery): FieldViolation[] {
  const violations: FieldViolation[] = [];
  if (
    query.limit !== undefined &&
    (!/^\d{1,4}$/.test(query.limit) || Number(query.limit) < 1 || Number(query.limit) > MAX_EVENTS_LIMIT)
  )
    violations.push({
      field: 'limit',
      message: `limit must be a whole number from 1 to ${MAX_EVENTS_LIMIT}.`,
    });
  const unknown = typesOf(query.types).filter((type) => !isEventType(type));
  if (unknown.length > 0)
    violations.push({
      field: 'types',
      message: `Unknown event types: ${unknown.join(', ')}. Known types: ${EVENT_TYPES.join(', ')}.`,
    });
  if (query.after !== undefined && query.after === '')
    violations.push({ field: 'after', message: 'after must be the id of an event you have read.' });
  if (query.clientId !== undefined && query.clientId.length > MAX_CLIENT_ID)
    violations.push({ field: 'clientId', message: `clientId must be at most ${MAX_CLIENT_ID} characters.` });
  return violations;
}

/** The query's limit and type filter (null: every type), once validated. */
export function eventQueryOf(query: EventQuery): { limit: number; types: EventType[] | null } {
  const types = typesOf(query.types);
  return {
    limit: query.limit === undefined ? DEFAULT_EVENTS_LIMIT : Number(query.limit),
    types: types.length > 0 ? (types as EventType[]) : null,
  };
}

/**
 * Whose events a caller reads (after {@link validateEventQuery}): the named client (one of theirs,
 * 403 otherwise), or every client of theirs when none is named (the envelope says whose each is).
 */
export function eventClients(userClients: readonly string[], clientId?: string): string[] {
  if (clientId === undefined || clientId === '') return [...userClients];
  if (!userClients.includes(clientId))
    throw new ForbiddenError(`clientId "${clientId}" is not one of your clients.`);
  return [clientId];
}

function typesOf(types?: string): string[] {
  return (types ?? '')
    .split(',')
    .map((type) => type.trim())
    .filter((type) => type !== '');
}

/** The `GET /events` query's shape: every parameter, when present, is one string (not repeated). */
export function eventQueryShapeViolations(query: object): FieldViolation[] {
  return stringFieldViolations(query, ['after', 'types', 'limit', 'clientId']);
}
