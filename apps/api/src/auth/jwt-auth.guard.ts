import { CanActivate, ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AccessTokens } from './access-tokens';
import { AuthUser, IS_PUBLIC } from './auth-user';

/**
 * Global: every route needs a bearer token unless marked @Public(). Missing, malformed, expired or
 * revoked: one answer (CONTRACT 1), also when the session could not be looked up.
 */
@Injectable()
export class JwtAuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: AccessTokens,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (isPublic) return true;
    const request = context
      .switchToHttp()
      .getRequest<{ headers: Record<string, string | string[] | undefined>; user?: AuthUser }>();
    const user = await this.tokens.authenticate(request.headers.authorization).catch(() => null);
    if (!user) throw new UnauthorizedException();
    request.user = user;
    return true;
  }
}
