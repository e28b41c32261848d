import { FieldViolation } from '../errors';
import { PageQuery, pageQueryViolations } from '../paging';
import { oneOfViolations, stringFieldViolations } from '../request-shape';
import { DELIVERY_STATUSES } from './retry-schedule';

/** `GET /webhook-endpoints`: an optional clientId, then the page. */
export function endpointListQueryViolations(query: PageQuery & { clientId?: unknown }): FieldViolation[] {
  return [...stringFieldViolations(query, ['clientId']), ...pageQueryViolations(query)];
}

/** `GET /webhook-endpoints/{id}/deliveries`: an optional delivery status, then the page. */
export function deliveryListQueryViolations(query: PageQuery & { status?: unknown }): FieldViolation[] {
  return [...oneOfViolations(query, 'status', DELIVERY_STATUSES), ...pageQueryViolations(query)];
}
