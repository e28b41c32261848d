import type { FieldViolation } from '../errors';
import { textCharacterViolations } from '../text-characters';
import { eventTypesViolations } from './subscriptions';
import { webhookUrlViolations } from './url-policy';

export const MAX_DESCRIPTION_LENGTH = 500;

/** A webhook endpoint's fields as a client sends them (JSON types unchecked). */
export interface EndpointInput {
  url?: unknown;
  events?: unknown;
  description?: unknown;
  enabled?: unknown;
}

/**
 * docs/integrators.md body rules of `POST` (`url` required) and `PATCH` (every field optional; `events:
 * null` subscribes to all again, `description: null` clears it). One 400 lists every violation.
 */
export function endpointInputViolations(input: EndpointInput, mode: 'create' | 'update'): FieldViolation[] {
  const violations: FieldViolation[] = [];
  if (input.url !== undefined || mode === 'create') violations.push(...webhookUrlViolations(input.url));
  if (input.events !== undefined && !(mode === 'update' && input.events === null))
    violations.push(...eventTypesViolations(input.events));
  if (input.description !== undefined && input.description !== null) {
    if (typeof input.description !== 'string')
      violations.push({ field: 'description', message: 'description must be a string.' });
    else if (input.description.length > MAX_DESCRIPTION_LENGTH)
      violations.push({
        field: 'description',
        message: `description must be at most ${MAX_DESCRIPTION_LENGTH} characters.`,
      });
    else violations.push(...textCharacterViolations('description', input.description, 'free text'));
  }
  if (input.enabled !== undefined && typeof input.enabled !== 'boolean')
    violations.push({ field: 'enabled', message: 'enabled must be true or false.' });
  return violations;
}

/**
 * Whether a client holding `registered` endpoints may register one more (at most `max`): null when
 * it may, else the sentence of the 409. Each event fans out to every endpoint of its client, so the
 * bound keeps one client from multiplying the delivery work of all.
 */
export function endpointQuotaRefusal(registered: number, max: number): string | null {
  return registered < max
    ? null
    : `A client may register at most ${max} webhook endpoints: delete one (or subscribe an existing one to more event types) first.`;
}
