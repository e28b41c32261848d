import { applyDecorators, createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';

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
/** Swagger extension that the document builder turns into `security: []`. */
export const PUBLIC_EXTENSION = 'x-public';

/** Marks a route that needs no bearer token (sign-in, docs, health). */
export const Public = () =>
  applyDecorators(SetMetadata(IS_PUBLIC, true), ApiExtension(PUBLIC_EXTENSION, true));

export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): AuthUser => {
  return ctx.switchToHttp().getRequest<{ user: AuthUser }>().user;
});
