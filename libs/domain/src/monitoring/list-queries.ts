import { FieldViolation } from '../errors';
import { PageQuery, pageQueryViolations } from '../paging';
import { oneOfViolations, stringFieldViolations } from '../request-shape';
import { ALERT_REVIEW_STATUSES, ALERT_STATUSES } from './alerts';
import { MONITOR_STATUSES } from './monitor';

/** A review note's limit. */
export const MAX_ALERT_NOTE_LENGTH = 2_000;

/** `GET /monitors`: an optional status, then the page. */
export function monitorListQueryViolations(query: PageQuery & { status?: unknown }): FieldViolation[] {
  return [...oneOfViolations(query, 'status', MONITOR_STATUSES), ...pageQueryViolations(query)];
}

/** `GET /monitor-alerts`, `GET /monitors/{id}/alerts`: an optional status, then the page. */
export function alertListQueryViolations(query: PageQuery & { status?: unknown }): FieldViolation[] {
  return [...oneOfViolations(query, 'status', ALERT_STATUSES), ...pageQueryViolations(query)];
}

/** `PATCH /monitor-alerts/{id}`: `status` dismissed or confirmed, an optional note. */
export function alertReviewViolations(body: { status?: unknown; note?: unknown }): FieldViolation[] {
  const violations: FieldViolation[] = [];
  if (body.status === undefined || body.status === null)
    violations.push({
      field: 'status',
      message: `status is required: one of ${ALERT_REVIEW_STATUSES.join(', ')}.`,
    });
  else violations.push(...oneOfViolations(body, 'status', ALERT_REVIEW_STATUSES));
  violations.push(...stringFieldViolations(body, ['note']));
  if (typeof body.note === 'string' && [...body.note].length > MAX_ALERT_NOTE_LENGTH)
    violations.push({ field: 'note', message: `note must be at most ${MAX_ALERT_NOTE_LENGTH} characters.` });
  return violations;
}
