import { applyDecorators, createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';
import type { ClientRole } from '@app/domain';

/** The caller, as established by the bearer token. */
export interface AuthUser {
  userId: string;
  /** Default client. */
  client: string;
  /**
   * Every client the caller may act for in this request (default first): its clients where its role
   * reaches the operation's minimum role (RolesGuard narrows them before any handler runs).
   */
  clients: string[];
  /** The caller's role in each of its clients. */
  roles: Record<string, ClientRole>;
  sessionId: string;
  /**
   * Who is calling: a person (`user`, id = userId) or an API key (`api_key`, the key's id; userId is
   * then the admin who created the key, answerable for what it registers). Idempotency-Keys and the
   * audit log are per caller.
   */
  actor: { type: 'user' | 'api_key'; id: string; email?: string };
}

/** Claims of our access token (HS256). */
export interface AccessTokenClaims {
  sub: string;
  client: string;
  clients: string[];
  sid: string;
}

export const IS_PUBLIC = 'isPublic';
/** Swagger extension that the document builder turns into `security: []`. */
export const PUBLIC_EXTENSION = 'x-public';

/** Marks a route that needs no bearer token (sign-in, docs, health). */
export const Public = () =>
  applyDecorators(SetMetadata(IS_PUBLIC, true), ApiExtension(PUBLIC_EXTENSION, true));

export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): AuthUser => {
  return ctx.switchToHttp().getRequest<{ user: AuthUser }>().user;
});
