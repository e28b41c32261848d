import { ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { looksLikeApiKey } from '@app/domain';
import { isDependencyOutage } from '@app/platform/runtime/dependency-outage';
import { RouteMetadata } from '../common/route-metadata';
import { ApiKeyAuthority } from './api-key-authority';
import { AccessTokens, bearerToken } from './access-tokens';
import { AuthUser, IS_PUBLIC } from './auth-user';

type AuthRequest = { headers: Record<string, string | string[] | undefined>; user?: AuthUser };

/**
 * Global: every route needs a bearer token unless marked @Public(). A token passport-jwt has
 * already verified in this process skips passport (its claims are remembered until they expire);
 * any other goes through passport-jwt. Missing, malformed, expired or revoked: one answer
 * (docs/behaviour.md, "Errors"). A bearer token shaped as an API key (`sk_...`) is looked up as one (ApiKeyAuthority)
 * instead. A session that could not be looked up because PostgreSQL is away is not a bad token:
 * that error goes on to the error filter (503 with Retry-After), so the caller keeps its token.
 */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  /** Whether a route is @Public(), read once per route. */
  private readonly isPublic: RouteMetadata<boolean>;

  constructor(
    reflector: Reflector,
    private readonly tokens: AccessTokens,
    private readonly apiKeys: ApiKeyAuthority,
  ) {
    super();
    this.isPublic = new RouteMetadata(
      (handler, controller) =>
        reflector.getAllAndOverride<boolean>(IS_PUBLIC, [handler, controller]) ?? false,
    );
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    if (this.isPublic.of(context)) return true;
    const request = context.switchToHttp().getRequest<AuthRequest>();
    const token = bearerToken(request.headers.authorization);
    if (token !== null && looksLikeApiKey(token)) {
      request.user = (await this.apiKeys.userFor(token).catch(unlessOutage)) ?? unauthorized();
      return true;
    }
    const known = token === null ? null : this.tokens.knownClaims(token);
    if (!known) return (await super.canActivate(context)) as boolean;
    request.user = (await this.tokens.userFor(known).catch(unlessOutage)) ?? unauthorized();
    return true;
  }

  override handleRequest<T>(err: unknown, user: T): T {
    if (isDependencyOutage(err)) throw err;
    if (err || !user) throw new UnauthorizedException();
    return user;
  }
}

/** A lookup that failed is a bad credential, unless PostgreSQL was away (then the caller hears 503). */
function unlessOutage(error: unknown): null {
  if (isDependencyOutage(error)) throw error;
  return null;
}

function unauthorized(): never {
  throw new UnauthorizedException();
}
