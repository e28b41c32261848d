import { BoundedCache } from '@app/domain';
import type { AccessTokenClaims, AuthUser } from './auth-user';
import type { SessionAuthority } from './session-authority';

/** Tokens whose signature passport-jwt checked in this process, kept until they expire (oldest dropped first). */
const MAX_VERIFIED_TOKENS = 10_000;

export type VerifiedClaims = AccessTokenClaims & { exp?: unknown; nbf?: unknown };

/**
 * The claims of bearer tokens passport-jwt has verified, and who they speak for.
 *
 * A client polls with the same token for up to its lifetime, so the signature check (passport's
 * context, then jsonwebtoken: base64 and JSON decoding, an HMAC) is done once per token string: the
 * strategy remembers the claims of a token it verified, and later requests with that token only
 * check its time limits again, exactly as jsonwebtoken checks them. The session is still asked on
 * every request (it caches for a few seconds itself). Plain TypeScript: the auth module provides it.
 */
export class AccessTokens {
  private readonly verified = new BoundedCache<string, VerifiedClaims>({ maxEntries: MAX_VERIFIED_TOKENS });

  constructor(private readonly sessions: Pick<SessionAuthority, 'confirm'>) {}

  /** Called by the strategy once passport-jwt has verified `token`. */
  remember(token: string, claims: VerifiedClaims): void {
    this.verified.set(token, claims);
  }

  /** The remembered claims of `token` while within its time limits; null when unknown or expired. */
  knownClaims(token: string): VerifiedClaims | null {
    const known = this.verified.get(token);
    if (!known) return null;
    if (withinTimeLimits(known, Math.floor(Date.now() / 1000))) return known;
    this.verified.delete(token);
    return null;
  }

  /** Who verified claims speak for: claims of our shape and a session that still grants them. */
  async userFor(claims: VerifiedClaims): Promise<AuthUser | null> {
    if (!claims.sub || !claims.sid || !claims.client || !Array.isArray(claims.clients)) return null;
    const grant = await this.sessions.confirm(claims);
    if (!grant) return null;
    return {
      userId: grant.userId,
      client: grant.client,
      clients: grant.clients,
      roles: grant.roles,
      sessionId: claims.sid,
      actor: { type: 'user', id: grant.userId, email: grant.email },
    };
  }
}

/** jsonwebtoken's own checks of `exp` and `nbf` (no clock tolerance), for a token verified earlier. */
function withinTimeLimits(claims: VerifiedClaims, now: number): boolean {
  if (claims.nbf !== undefined && (typeof claims.nbf !== 'number' || claims.nbf > now)) return false;
  if (claims.exp !== undefined && (typeof claims.exp !== 'number' || now >= claims.exp)) return false;
  return true;
}

const AUTH_HEADER = /(\S+)\s+(\S+)/;

/** The token of `Bearer <token>` (scheme in any case), as passport-jwt's extractor reads it. */
export function bearerToken(authorization: string | string[] | undefined): string | null {
  if (typeof authorization !== 'string') return null;
  const match = AUTH_HEADER.exec(authorization);
  return match && match[1].toLowerCase() === 'bearer' ? match[2] : null;
}
