import { FieldViolation, ForbiddenError, ValidationFailedError } from '../errors';
import { isCalendarDate } from '../calendar';
import { MAX_PAGE, PageSize } from '../paging';
import { stringFieldViolations } from '../request-shape';
import { textCharacterViolations } from '../text-characters';
import { normalizeName } from './names';

const MAX_NAME = 100;
export const MAX_CLIENT_ID = 64;
/** The search endpoints page the (at most 300) stored matches: 100 a page unless asked otherwise. */
export const SEARCH_PAGE_SIZE: PageSize = { default: 100, max: 300 };
export const DEFAULT_LIMIT = SEARCH_PAGE_SIZE.default;
export const MAX_LIMIT = SEARCH_PAGE_SIZE.max;
export const ROLES = ['Applicant', 'Defendant'] as const;
export type Role = (typeof ROLES)[number];

export interface SearchBody {
  name?: unknown;
  lastName?: unknown;
  secondLastName?: unknown;
}

type NameField = 'name' | 'lastName' | 'secondLastName';

function nameViolation(field: NameField, value: unknown): FieldViolation | undefined {
  if (typeof value !== 'string')
    return { field, message: `${field} must be a string (omit the field when there is no value).` };
  const [badCharacter] = textCharacterViolations(field, value, 'name');
  if (badCharacter) return badCharacter;
  if (value.trim().length === 0)
    return { field, message: `${field} must not be empty: omit the field when there is no value.` };
  // Characters, not UTF-16 units: "Ñ" written with a combining tilde still counts as what a person sees.
  if ([...value.normalize('NFC')].length > MAX_NAME)
    return { field, message: `${field} must be at most ${MAX_NAME} characters.` };
  // Only marks or spacing: once folded nothing is left to compare, and the field would match anyone.
  if (normalizeName(value).length === 0) return { field, message: `${field} must contain letters.` };
  return undefined;
}

/**
 * docs/behaviour.md name rules: `name` plus at least one surname; an absent surname is omitted, never sent
 * as an empty string (or null). Every violation is listed, shape and meaning alike.
 */
export function validateSearchQuery(body: SearchBody): FieldViolation[] {
  const violations: FieldViolation[] = [];
  if (body.name === undefined) violations.push({ field: 'name', message: 'name is required.' });
  for (const field of ['name', 'lastName', 'secondLastName'] as const) {
    const violation = body[field] === undefined ? undefined : nameViolation(field, body[field]);
    if (violation) violations.push(violation);
  }
  if (body.lastName === undefined && body.secondLastName === undefined)
    violations.push({
      field: 'lastName',
      message: 'Give at least one surname: lastName, secondLastName or both.',
    });
  return violations;
}

const WHOLE = /^\d+$/;

/** `limit` 1..300 (default 100), `page` >= 1 (default 1); both arrive as query strings. */
export function validatePaging(query: { limit?: string; page?: string }): FieldViolation[] {
  const violations: FieldViolation[] = [];
  if (
    query.limit !== undefined &&
    (!WHOLE.test(query.limit) || Number(query.limit) < 1 || Number(query.limit) > MAX_LIMIT)
  )
    violations.push({ field: 'limit', message: `limit must be a whole number from 1 to ${MAX_LIMIT}.` });
  if (
    query.page !== undefined &&
    (!WHOLE.test(query.page) || Number(query.page) < 1 || Number(query.page) > MAX_PAGE)
  )
    violations.push({ field: 'page', message: `page must be a whole number from 1 to ${MAX_PAGE}.` });
  return violations;
}

export function pagingOf(query: { limit?: string; page?: string }): { limit: number; page: number } {
  return {
    limit: query.limit === undefined ? DEFAULT_LIMIT : Number(query.limit),
    page: query.page === undefined ? 1 : Number(query.page),
  };
}

/** "a, b,,c" -> ["a", "b", "c"]; nothing listed -> undefined (no filter). */
export function parseCsvFilter(value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  const items = [
    ...new Set(
      value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
  return items.length > 0 ? items : undefined;
}

/** docs/behaviour.md filters: real YYYY-MM-DD dates with start <= end, and a known role. */
export function validateDetailQuery(query: {
  startDate?: string;
  endDate?: string;
  role?: string;
}): FieldViolation[] {
  const violations: FieldViolation[] = [];
  const start = query.startDate;
  const end = query.endDate;
  if (start !== undefined && !isCalendarDate(start))
    violations.push({ field: 'startDate', message: 'startDate must be a real date YYYY-MM-DD.' });
  if (end !== undefined && !isCalendarDate(end))
    violations.push({ field: 'endDate', message: 'endDate must be a real date YYYY-MM-DD.' });
  if (start !== undefined && end !== undefined && isCalendarDate(start) && isCalendarDate(end) && start > end)
    violations.push({ field: 'endDate', message: 'endDate must not be before startDate.' });
  if (query.role !== undefined && !(ROLES as readonly string[]).includes(query.role))
    violations.push({ field: 'role', message: 'role must be Applicant or Defendant.' });
  return violations;
}

/**
 * docs/behaviour.md, the 400 part: `clientId` is required when the user has several clients and has at
 * most 64 characters. Listed with the other violations of a request.
 */
export function clientIdViolations(userClients: readonly string[], clientId?: string): FieldViolation[] {
  if (clientId === undefined || clientId === '')
    return userClients.length > 1
      ? [
          {
            field: 'clientId',
            message: `clientId is required: your account has the clients ${userClients.join(', ')}.`,
          },
        ]
      : [];
  if (clientId.length > MAX_CLIENT_ID)
    return [{ field: 'clientId', message: `clientId must be at most ${MAX_CLIENT_ID} characters.` }];
  return [];
}

/**
 * docs/behaviour.md: which client a search acts for. Required when the user has several clients, at
 * most 64 characters (400, see {@link clientIdViolations}), and one of the user's clients (403).
 */
export function resolveClientId(
  userClients: readonly string[],
  defaultClient: string,
  clientId?: string,
): string {
  const violations = clientIdViolations(userClients, clientId);
  if (violations.length > 0) throw new ValidationFailedError('clientId is invalid.', violations);
  if (clientId === undefined || clientId === '') return defaultClient;
  if (!userClients.includes(clientId))
    throw new ForbiddenError(`clientId "${clientId}" is not one of your clients.`);
  return clientId;
}

const SEARCH_QUERY_FIELDS = ['limit', 'page', 'categories', 'states', 'clientId'];

/** The shape of the docs/behaviour.md / 4.6 query: every parameter, when present, is one string (not repeated). */
export function searchQueryShapeViolations(query: object): FieldViolation[] {
  return stringFieldViolations(query, SEARCH_QUERY_FIELDS);
}

/** The shape of the docs/behaviour.md query: its own filters, then those of {@link searchQueryShapeViolations}. */
export function recordQueryShapeViolations(query: object): FieldViolation[] {
  return stringFieldViolations(query, ['startDate', 'endDate', 'role', ...SEARCH_QUERY_FIELDS]);
}
