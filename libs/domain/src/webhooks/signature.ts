/** Standard Webhooks: secrets are `whsec_` + the base64 of the HMAC key. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** docs/integrators.md asks for 24 or more random bytes; 32 is the HMAC-SHA256 block-size sweet spot. */
export const WEBHOOK_SECRET_BYTES = 32;

/** docs/integrators.md: after a rotation the previous secret keeps signing for 24 hours. */
export const ROTATION_OVERLAP_MS = 24 * 3_600_000;

/** An endpoint's secrets as stored (decrypted), with when the previous one stops signing. */
export interface EndpointSecrets {
  secret: string;
  previousSecret: string | null;
  previousSecretUntil: number | null;
}

/** What a rotation stores: the new secret, and the current one kept for the overlap. */
export function rotateSecrets(current: EndpointSecrets, next: string, now: number): EndpointSecrets {
  return { secret: next, previousSecret: current.secret, previousSecretUntil: now + ROTATION_OVERLAP_MS };
}

/** The secrets a delivery is signed with now: the current one, and the previous one during the overlap. */
export function signingSecrets(secrets: EndpointSecrets, now: number): string[] {
  const previousValid =
    secrets.previousSecret !== null &&
    secrets.previousSecretUntil !== null &&
    now < secrets.previousSecretUntil;
  return previousValid ? [secrets.secret, secrets.previousSecret!] : [secrets.secret];
}

/** docs/integrators.md: what a signature covers, `<webhook-id>.<webhook-timestamp>.<body>`. */
export function signedContent(eventId: string, timestampSeconds: number, body: string): string {
  return `${eventId}.${timestampSeconds}.${body}`;
}

/** docs/integrators.md: the HMAC-SHA256 key of a secret, base64, is its part after `whsec_`. */
export function signingKeyBase64(secret: string): string {
  return secret.startsWith(WEBHOOK_SECRET_PREFIX) ? secret.slice(WEBHOOK_SECRET_PREFIX.length) : secret;
}

/**
 * docs/integrators.md headers of one attempt. `webhook-id` is the event id, the same on every attempt so
 * a receiver can drop duplicates; `webhook-timestamp` is this attempt's time in unix seconds (the
 * signature covers it, so an old delivery cannot be replayed later); `webhook-signature` holds one
 * `v1,<base64>` per valid secret, space-separated, so a receiver holding either secret verifies.
 */
export function webhookHeaders(attempt: {
  eventId: string;
  timestampSeconds: number;
  signatures: readonly string[];
}): Record<string, string> {
  return {
    'content-type': 'application/json',
    'webhook-id': attempt.eventId,
    'webhook-timestamp': String(attempt.timestampSeconds),
    'webhook-signature': attempt.signatures.join(' '),
  };
}
