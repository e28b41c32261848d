import { Injectable } from '@nestjs/common';
import { BoundedCache } from '@app/domain';
import { AuthSessionRepository, SessionGrant } from '@app/persistence';
import { AccessTokenClaims } from './auth-user';

/** docs/security.md: a session's answer may be this old, so a revocation elsewhere takes effect within it. */
export const SESSION_CACHE_MS = 5_000;
const MAX_CACHED_SESSIONS = 50_000;

/**
 * The session, not the token, says whom a request speaks for. A correctly signed token whose
 * `sub`, `client` or `clients` differ from its session's (someone who learned the signing key
 * re-signed it into another client, or the user's clients changed) is refused like a revoked one.
 * Asking PostgreSQL on every request would cost a round trip per call, so answers are kept for
 * SESSION_CACHE_MS; a revocation made by this process is seen at once.
 */
@Injectable()
export class SessionAuthority {
  /** The clock the cache ages by (a unit spec sets its own). */
  now: () => number = Date.now;
  /** Null: revoked, or no such session. */
  private readonly known = new BoundedCache<string, SessionGrant | null>({
    maxEntries: MAX_CACHED_SESSIONS,
    ttlMs: SESSION_CACHE_MS,
    now: () => this.now(),
  });

  constructor(private readonly sessions: AuthSessionRepository) {}

  /** The session's grant when the claims match it exactly; null when they do not or it is revoked. */
  async confirm(claims: AccessTokenClaims): Promise<SessionGrant | null> {
    const grant = await this.grantOf(claims.sid);
    return grant && claimsMatch(claims, grant) ? grant : null;
  }

  markRevoked(sessionId: string): void {
    this.known.set(sessionId, null);
  }

  private async grantOf(sessionId: string): Promise<SessionGrant | null> {
    const cached = this.known.get(sessionId);
    if (cached !== undefined) return cached;
    const grant = await this.sessions.findActiveSessionGrant(sessionId);
    this.known.set(sessionId, grant);
    return grant;
  }
}

function claimsMatch(claims: AccessTokenClaims, grant: SessionGrant): boolean {
  return (
    claims.sub === grant.userId &&
    claims.client === grant.client &&
    claims.clients.length === grant.clients.length &&
    claims.clients.every((client, i) => client === grant.clients[i])
  );
}
