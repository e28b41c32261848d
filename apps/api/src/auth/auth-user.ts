import { createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';

/** The caller, as established by the bearer token. */
export interface AuthUser {
  userId: string;
  /** Default client. */
  client: string;
  /** Every client the user may act for (default first). */
  clients: string[];
  sessionId: string;
}

/** Claims of our access token (HS256). */
export interface AccessTokenClaims {
  sub: string;
  client: string;
  clients: string[];
  sid: string;
}

export const IS_PUBLIC = 'isPublic';
/** Marks a route that needs no bearer token (sign-in, docs, health). */
export const Public = () => SetMetadata(IS_PUBLIC, true);

export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): AuthUser => {
  return ctx.switchToHttp().getRequest<{ user: AuthUser }>().user;
});
