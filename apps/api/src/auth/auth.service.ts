import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import * as argon2 from 'argon2';
import { AuthSessionRepository, UserRepository, UserWithClients } from '@app/persistence';
import { APP_CONFIG, AppConfig } from '@app/platform';
import { isDependencyOutage } from '@app/platform/runtime/dependency-outage';
import { AuditTrail } from '../audit/audit-trail';
import { errorStatusOf } from '../common/all-exceptions.filter';
import { AccessTokenClaims } from './auth-user';
import { SignInResultDto } from './auth.dto';
import { SessionAuthority } from './session-authority';
import { SignInThrottle } from './signin-throttle';

const WRONG_CREDENTIALS = 'The e-mail or the password is wrong.';
/** The actor of a sign-in with an e-mail no user has: the e-mail itself is not kept. */
const UNKNOWN_USER = '(unknown)';
const INVALID_REFRESH = 'The refresh token is invalid, expired or revoked: sign in again.';

/** Sign-in, refresh-token rotation with reuse detection, and sign-out (docs/behaviour.md). */
@Injectable()
export class AuthService {
  /** Verified against when the e-mail is unknown, so both failures take the same time. */
  private readonly decoyHash: Promise<string>;

  constructor(
    private readonly users: UserRepository,
    private readonly sessions: AuthSessionRepository,
    private readonly sessionAuthority: SessionAuthority,
    private readonly throttle: SignInThrottle,
    private readonly jwt: JwtService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly audit: AuditTrail,
  ) {
    this.decoyHash = argon2.hash(randomBytes(16).toString('hex'), { type: argon2.argon2id });
  }

  /**
   * Signs in, and writes the audit event of the attempt, success or failure, before answering: in
   * the client of the user the e-mail names (none for an unknown e-mail, whose e-mail is not kept).
   */
  async signIn(
    email: string,
    password: string,
    address: string,
    requestId?: string,
  ): Promise<SignInResultDto> {
    let named: UserWithClients | null = null;
    const audit = (status: number) =>
      this.audit.record({
        actor: named
          ? { type: 'user', id: named.id, email: named.email }
          : { type: 'user', id: UNKNOWN_USER },
        clientId: named?.defaultClientId ?? null,
        action: 'signIn',
        subject: { type: 'user', id: named?.id ?? null },
        status,
        request: { id: requestId, ip: address },
      });
    try {
      const user = await this.throttle.attempt(email, address, async () => {
        const found = await this.verifyPassword(email, password);
        named = found.user;
        return found.valid ? found.user : null;
      });
      if (!user) throw new UnauthorizedException(WRONG_CREDENTIALS);
      const result = await this.startSession(user);
      await audit(200);
      return result;
    } catch (error) {
      if (named === null && !isDependencyOutage(error))
        named = await this.users.findByEmailWithClients(email);
      await audit(errorStatusOf(error));
      throw error;
    }
  }

  /**
   * Starts a session for a person who has just proved who they are another way (an accepted
   * invitation): the same answer as a sign-in. Null when they are active in no client.
   */
  async startSessionFor(userId: string): Promise<SignInResultDto | null> {
    const user = await this.users.findByIdWithClients(userId);
    return user && user.clientIds.length > 0 ? this.startSession(user) : null;
  }

  /** A new password as it is kept: argon2id (docs/security.md, "Passwords"). */
  hashPassword(password: string): Promise<string> {
    return argon2.hash(password, { type: argon2.argon2id });
  }

  private async startSession(user: UserWithClients): Promise<SignInResultDto> {
    const sessionId = randomUUID();
    const refreshToken = newRefreshToken();
    await this.sessions.startSession(sessionId, user.id, hashToken(refreshToken), this.refreshExpiry());
    await this.users.recordSignIn(user.id);
    return this.result(user, sessionId, refreshToken);
  }

  /**
   * The user the e-mail names, and whether the password is theirs and they may sign in (a password
   * chosen, an active membership somewhere); the same time for an unknown e-mail.
   */
  private async verifyPassword(
    email: string,
    password: string,
  ): Promise<{ user: UserWithClients | null; valid: boolean }> {
    const user = await this.users.findByEmailWithClients(email);
    const valid = await argon2
      .verify(user?.passwordHash ?? (await this.decoyHash), password)
      .catch(() => false);
    return { user, valid: user !== null && user.passwordHash !== null && user.clientIds.length > 0 && valid };
  }

  async refresh(refreshToken: string): Promise<SignInResultDto> {
    const next = newRefreshToken();
    const outcome = await this.sessions.rotate(
      hashToken(refreshToken),
      hashToken(next),
      this.refreshExpiry(),
    );
    if (outcome.kind === 'reused') {
      // A retired token came back: someone holds a copy. End the whole family.
      await this.sessions.revokeSession(outcome.sessionId, 'refresh token reuse');
      this.sessionAuthority.markRevoked(outcome.sessionId);
    }
    if (outcome.kind !== 'rotated') throw new UnauthorizedException(INVALID_REFRESH);
    const user = await this.users.findByIdWithClients(outcome.userId);
    if (!user || user.clientIds.length === 0) throw new UnauthorizedException(INVALID_REFRESH);
    return this.result(user, outcome.sessionId, next);
  }

  /** Idempotent: an unknown or already revoked token is not an error worth telling a client about. */
  async signOut(refreshToken: string): Promise<void> {
    const sessionId = await this.sessions.revokeByToken(hashToken(refreshToken), 'sign-out');
    if (sessionId) this.sessionAuthority.markRevoked(sessionId);
  }

  private async result(
    user: UserWithClients,
    sessionId: string,
    refreshToken: string,
  ): Promise<SignInResultDto> {
    const claims: AccessTokenClaims = {
      sub: user.id,
      client: user.defaultClientId,
      clients: user.clientIds,
      sid: sessionId,
    };
    const accessToken = await this.jwt.signAsync(claims, {
      algorithm: 'HS256',
      expiresIn: this.config.auth.accessTtl,
    });
    return {
      success: true,
      name: user.name,
      profile: user.profile,
      photoURL: user.photoUrl,
      client: user.defaultClientId,
      clients: user.clientIds,
      accessToken,
      refreshToken,
      expiresIn: this.config.auth.accessTtl,
    };
  }

  private refreshExpiry(): Date {
    return new Date(Date.now() + this.config.auth.refreshTtlDays * 86_400_000);
  }
}

function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
