import { createSecretKey, KeyObject } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { APP_CONFIG, AppConfig } from '@app/platform';
import { AccessTokenClaims, AuthUser } from './auth-user';
import { SessionAuthority } from './session-authority';

/** Tokens whose signature this process checked, kept until they expire (oldest dropped first). */
const MAX_VERIFIED_TOKENS = 10_000;

type VerifiedClaims = AccessTokenClaims & { exp?: unknown; nbf?: unknown };

/**
 * Who a bearer token speaks for: a valid HS256 signature, not expired, claims of our shape, and a
 * session that still grants exactly those claims (SessionAuthority). Anything else is null, which
 * the guard answers with the one 401 of CONTRACT 1.
 *
 * A client polls with the same token for up to its lifetime, so the signature check (jsonwebtoken:
 * base64 and JSON decoding, an HMAC) is done once per token string: the claims of a checked token
 * are kept, and only its time limits are checked again on later requests, exactly as jsonwebtoken
 * checks them. The session is still asked on every request (it caches for a few seconds itself).
 */
@Injectable()
export class AccessTokens {
  private readonly verified = new Map<string, VerifiedClaims>();
  // A KeyObject made once: given a string, jsonwebtoken first tries (and fails) to parse it as a
  // public key on every verification, which cost a quarter of the api's CPU under load.
  private readonly key: KeyObject;

  constructor(
    private readonly jwt: JwtService,
    private readonly sessions: SessionAuthority,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.key = createSecretKey(Buffer.from(config.auth.jwtSecret, 'utf8'));
  }

  /** The caller of an `Authorization` header value; null when it does not authenticate anyone. */
  async authenticate(authorization: string | string[] | undefined): Promise<AuthUser | null> {
    const token = bearerToken(authorization);
    const claims = token === null ? null : this.claimsOf(token);
    if (!claims) return null;
    if (!claims.sub || !claims.sid || !claims.client || !Array.isArray(claims.clients)) return null;
    const grant = await this.sessions.confirm(claims);
    if (!grant) return null;
    return { userId: grant.userId, client: grant.client, clients: grant.clients, sessionId: claims.sid };
  }

  private claimsOf(token: string): VerifiedClaims | null {
    const now = Math.floor(Date.now() / 1000);
    const known = this.verified.get(token);
    if (known) {
      if (withinTimeLimits(known, now)) return known;
      this.verified.delete(token);
      return null;
    }
    let claims: unknown;
    try {
      // The module's verify options pin HS256 (never "none" nor a key-confusion algorithm).
      claims = this.jwt.verify(token, { secret: this.key as unknown as Buffer });
    } catch {
      return null;
    }
    if (!claims || typeof claims !== 'object') return null;
    if (this.verified.size >= MAX_VERIFIED_TOKENS) {
      this.verified.delete(this.verified.keys().next().value as string);
    }
    this.verified.set(token, claims as VerifiedClaims);
    return claims as VerifiedClaims;
  }
}

/** jsonwebtoken's own checks of `exp` and `nbf` (no clock tolerance), for a token checked earlier. */
function withinTimeLimits(claims: VerifiedClaims, now: number): boolean {
  if (claims.nbf !== undefined && (typeof claims.nbf !== 'number' || claims.nbf > now)) return false;
  if (claims.exp !== undefined && (typeof claims.exp !== 'number' || now >= claims.exp)) return false;
  return true;
}

const AUTH_HEADER = /(\S+)\s+(\S+)/;

/** The token of `Bearer <token>` (scheme in any case), as passport-jwt's extractor read it. */
export function bearerToken(authorization: string | string[] | undefined): string | null {
  if (typeof authorization !== 'string') return null;
  const match = AUTH_HEADER.exec(authorization);
  return match && match[1].toLowerCase() === 'bearer' ? match[2] : null;
}
