import { createHash, randomBytes } from 'node:crypto';

/**
 * The links of invitations and password resets (docs/behaviour.md, "Users"): a random token in the
 * link, only its SHA-256 kept (256 random bits need no slow hash), good once and for a while.
 */
export type OneTimeTokenKind = 'invitation' | 'password-reset';

/** How long each kind of link works. */
export const ONE_TIME_TOKEN_TTL_MS: Record<OneTimeTokenKind, number> = {
  invitation: 7 * 24 * 3_600_000,
  'password-reset': 60 * 60_000,
};

/** The path of the page a link opens, under PUBLIC_URL. */
const LINK_PATH: Record<OneTimeTokenKind, string> = {
  invitation: '/invitations/',
  'password-reset': '/password-resets/',
};

const TOKEN_BYTES = 32;
/** base64url of 32 bytes. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export interface NewOneTimeToken {
  token: string;
  hash: string;
  expiresAt: number;
}

/**
 * Password-reset mails one address may receive in an hour (docs/behaviour.md, "Users"): enough for a
 * person who lost a mail or two, and a bound on what asking again and again can make the service send
 * to someone else's inbox. Past it the request answers as always and sends nothing.
 */
export const PASSWORD_RESET_MAILS = { max: 3, windowSeconds: 3600 } as const;

export function newOneTimeToken(
  kind: OneTimeTokenKind,
  now: number,
  random: (bytes: number) => Buffer = randomBytes,
): NewOneTimeToken {
  const token = random(TOKEN_BYTES).toString('base64url');
  return { token, hash: oneTimeTokenHash(token), expiresAt: now + ONE_TIME_TOKEN_TTL_MS[kind] };
}

export function oneTimeTokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Whether a token in a URL could be one we issued (anything else is not looked up). */
export function looksLikeOneTimeToken(token: string): boolean {
  return TOKEN_SHAPE.test(token);
}

/** `<PUBLIC_URL>/invitations/<token>`: a trailing slash of PUBLIC_URL is not doubled. */
export function oneTimeLink(publicUrl: string, kind: OneTimeTokenKind, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${LINK_PATH[kind]}${token}`;
}

export type OneTimeTokenState = 'usable' | 'used' | 'expired';

/** A stored token's state at `now`: used (or replaced by a newer one) first, then expired. */
export function oneTimeTokenState(
  token: { usedAt: number | null; expiresAt: number },
  now: number,
): OneTimeTokenState {
  if (token.usedAt !== null) return 'used';
  return token.expiresAt <= now ? 'expired' : 'usable';
}
