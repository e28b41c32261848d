import { FieldViolation } from '../errors';
import { PageQuery, pageQueryViolations } from '../paging';
import { flagViolations, oneOfViolations, stringFieldViolations } from '../request-shape';
import { REQUEST_STATUSES } from './catalog';

/** `GET /candidate-requests`: an optional overall status, then the page. */
export function requestListQueryViolations(query: PageQuery & { status?: unknown }): FieldViolation[] {
  return [...oneOfViolations(query, 'status', REQUEST_STATUSES), ...pageQueryViolations(query)];
}

/** `GET /candidate-requests/{uuid}/processes/{processId}`: `detail` is a flag. */
export function processDetailQueryViolations(query: { detail?: unknown }): FieldViolation[] {
  return flagViolations(query, 'detail');
}

/** `POST /candidate-requests/batch` query: `atomic` is a flag, `clientId` a string. */
export function batchQueryViolations(query: { atomic?: unknown; clientId?: unknown }): FieldViolation[] {
  return [...flagViolations(query, 'atomic'), ...stringFieldViolations(query, ['clientId'])];
}
