import { FieldViolation } from '../errors';
import { REQUEST_STATUSES, RequestStatus } from './catalog';
import { REGISTRATION_FIELDS } from './registration-rules';

/** docs/behaviour.md: a batch holds 1 to 1,000 registrations. */
export const MAX_BATCH_ITEMS = 1_000;

/** The shape of a JSON batch body: `items`, an array of 1..1,000 objects. */
export function batchShapeViolations(items: unknown): FieldViolation[] {
  if (!Array.isArray(items))
    return [{ field: 'items', message: 'items must be an array of registration bodies.' }];
  if (items.length === 0) return [{ field: 'items', message: 'items must hold at least one registration.' }];
  if (items.length > MAX_BATCH_ITEMS)
    return [
      {
        field: 'items',
        message: `items holds ${items.length} registrations: a batch takes at most ${MAX_BATCH_ITEMS}.`,
      },
    ];
  return items.flatMap((item, index) =>
    item !== null && typeof item === 'object' && !Array.isArray(item)
      ? []
      : [{ field: `items[${index}]`, message: 'Each item must be a registration object.' }],
  );
}

/** A CSV header names registration fields only, each once (line 1 of the body). */
export function csvHeaderViolations(header: readonly string[]): FieldViolation[] {
  const violations: FieldViolation[] = [];
  const unknown = header.filter((column) => !REGISTRATION_FIELDS.includes(column));
  if (unknown.length > 0)
    violations.push({
      field: 'body',
      message: `Line 1: unknown column${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}; the header names registration fields (${REGISTRATION_FIELDS.join(', ')}).`,
    });
  const repeated = header.filter((column, i) => header.indexOf(column) !== i);
  if (repeated.length > 0)
    violations.push({ field: 'body', message: `Line 1: column ${repeated.join(', ')} appears twice.` });
  if (!header.includes('packageId'))
    violations.push({ field: 'body', message: 'Line 1: the header must name the packageId column.' });
  return violations;
}

/**
 * An item's violations under its JSON path in the batch (`items[3].rfc`), with the line its
 * record starts on when the batch came as CSV.
 */
export function itemViolations(
  index: number,
  violations: readonly FieldViolation[],
  line?: number,
): FieldViolation[] {
  return violations.map((v) => ({
    field: `items[${index}].${v.field}`,
    message: v.message,
    ...(line === undefined ? {} : { line }),
  }));
}

/** How many of a batch's requests are in each overall status. */
export function countByStatus(statuses: readonly RequestStatus[]): Record<RequestStatus, number> {
  const counts = Object.fromEntries(REQUEST_STATUSES.map((status) => [status, 0])) as Record<
    RequestStatus,
    number
  >;
  for (const status of statuses) counts[status] += 1;
  return counts;
}
