import { createHash, randomBytes } from 'node:crypto';
import type { FieldViolation } from '../errors';
import { textCharacterViolations } from '../text-characters';
import { API_KEY_ROLES } from './roles';

/**
 * API keys (docs/behaviour.md, "API keys"): what an integrator's backend sends instead of a
 * person's password and tokens. `sk_` and 32 random bytes in base64url; shown once, kept only as
 * its SHA-256 (a key has 256 bits of entropy: a slow password hash would add nothing but cost on
 * every request); recognised by its shape before any lookup.
 */
export const API_KEY_PREFIX = 'sk_';
const KEY_BYTES = 32;
/** What lists show of a key: enough to tell keys apart, far too little to use one. */
export const API_KEY_SHOWN_CHARACTERS = 8;
export const MAX_API_KEY_NAME_LENGTH = 100;

const KEY_SHAPE = /^sk_[A-Za-z0-9_-]{43,}$/;

export interface NewApiKey {
  key: string;
  prefix: string;
  hash: string;
}

/** A new key, its shown prefix and the hash that is stored. */
export function newApiKey(random: (bytes: number) => Buffer = randomBytes): NewApiKey {
  const key = `${API_KEY_PREFIX}${random(KEY_BYTES).toString('base64url')}`;
  return { key, prefix: key.slice(0, API_KEY_SHOWN_CHARACTERS), hash: apiKeyHash(key) };
}

export function apiKeyHash(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** Whether a bearer token is an API key (else it is read as an access token). */
export function looksLikeApiKey(token: string): boolean {
  return KEY_SHAPE.test(token);
}

/** A key's fields as an admin sends them (JSON types unchecked). */
export interface ApiKeyInput {
  name?: unknown;
  role?: unknown;
  expiresAt?: unknown;
}

/** The body rules of `POST /api-keys`; one 400 lists every violation. */
export function apiKeyInputViolations(input: ApiKeyInput, now: number): FieldViolation[] {
  const violations: FieldViolation[] = [];
  if (typeof input.name !== 'string' || input.name.trim() === '')
    violations.push({ field: 'name', message: 'name is required: a text that says what the key is for.' });
  else if (input.name.length > MAX_API_KEY_NAME_LENGTH)
    violations.push({
      field: 'name',
      message: `name must be at most ${MAX_API_KEY_NAME_LENGTH} characters.`,
    });
  else violations.push(...textCharacterViolations('name', input.name, 'free text'));
  if (!(API_KEY_ROLES as readonly unknown[]).includes(input.role))
    violations.push({
      field: 'role',
      message: `role must be one of ${API_KEY_ROLES.join(', ')} (a key never administers).`,
    });
  if (input.expiresAt !== undefined && input.expiresAt !== null) {
    if (typeof input.expiresAt !== 'number' || !Number.isSafeInteger(input.expiresAt))
      violations.push({ field: 'expiresAt', message: 'expiresAt must be a time in epoch milliseconds.' });
    else if (input.expiresAt <= now)
      violations.push({ field: 'expiresAt', message: 'expiresAt must be in the future.' });
  }
  return violations;
}

/** Whether a stored key may be used at `now`: not revoked, not expired. */
export function apiKeyUsable(
  key: { revokedAt: number | null; expiresAt: number | null },
  now: number,
): boolean {
  return key.revokedAt === null && (key.expiresAt === null || key.expiresAt > now);
}
