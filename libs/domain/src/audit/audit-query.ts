import { FieldViolation, ForbiddenError } from '../errors';
import { MAX_CLIENT_ID } from '../legal-records/search-rules';
import { PageSize } from '../paging';
import { stringFieldViolations } from '../request-shape';

/** Page sizes of the audit log, as the event log's. */
export const AUDIT_PAGE_SIZE: PageSize = { default: 100, max: 500 };
const MAX_FILTER_LENGTH = 200;

export interface AuditQuery {
  from?: string;
  to?: string;
  actorId?: string;
  action?: string;
  subjectId?: string;
  after?: string;
  limit?: string;
  clientId?: string;
}

/** The query once checked: times in epoch ms, the cursor as the last event id read. */
export interface AuditFilter {
  from: number | null;
  to: number | null;
  actorId: string | null;
  action: string | null;
  subjectId: string | null;
  after: string | null;
  limit: number;
}

/** Every violation of the `GET /audit-events` query. */
export function auditQueryViolations(query: AuditQuery): FieldViolation[] {
  const violations = stringFieldViolations(query, [
    'from',
    'to',
    'actorId',
    'action',
    'subjectId',
    'after',
    'limit',
    'clientId',
  ]);
  if (violations.length > 0) return violations;
  for (const field of ['from', 'to'] as const) {
    const value = query[field];
    if (value !== undefined && timeOf(value) === null)
      violations.push({
        field,
        message: `${field} must be a time: epoch milliseconds or an ISO 8601 date or timestamp (2026-11-28, 2026-11-28T12:00:00Z).`,
      });
  }
  for (const field of ['actorId', 'action', 'subjectId'] as const) {
    const value = query[field];
    if (value !== undefined && (value === '' || value.length > MAX_FILTER_LENGTH))
      violations.push({ field, message: `${field} must be 1 to ${MAX_FILTER_LENGTH} characters.` });
  }
  if (query.after !== undefined && !/^[1-9]\d{0,18}$/.test(query.after))
    violations.push({ field: 'after', message: 'after must be the id of an audit event you have read.' });
  if (
    query.limit !== undefined &&
    (!/^\d{1,4}$/.test(query.limit) || Number(query.limit) < 1 || Number(query.limit) > AUDIT_PAGE_SIZE.max)
  )
    violations.push({
      field: 'limit',
      message: `limit must be a whole number from 1 to ${AUDIT_PAGE_SIZE.max}.`,
    });
  if (query.clientId !== undefined && query.clientId.length > MAX_CLIENT_ID)
    violations.push({ field: 'clientId', message: `clientId must be at most ${MAX_CLIENT_ID} characters.` });
  return violations;
}

/** The filter of a query that {@link auditQueryViolations} accepted. */
export function auditFilterOf(query: AuditQuery): AuditFilter {
  return {
    from: query.from === undefined ? null : timeOf(query.from),
    to: query.to === undefined ? null : timeOf(query.to),
    actorId: query.actorId ?? null,
    action: query.action ?? null,
    subjectId: query.subjectId ?? null,
    after: query.after ?? null,
    limit: query.limit === undefined ? AUDIT_PAGE_SIZE.default : Number(query.limit),
  };
}

/** An admin reads its own client's log: the one named (one it administers), or its default. */
export function auditClient(
  adminClients: readonly string[],
  defaultClient: string,
  clientId?: string,
): string {
  if (clientId === undefined) return defaultClient;
  if (!adminClients.includes(clientId))
    throw new ForbiddenError(`clientId "${clientId}" is not one of the clients you administer.`);
  return clientId;
}

function timeOf(value: string): number | null {
  if (/^\d{1,15}$/.test(value)) return Number(value);
  if (!/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value)) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : time;
}
