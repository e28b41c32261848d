import { applyDecorators, CanActivate, ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiExtension } from '@nestjs/swagger';
import { clientsAllowing, ClientRole, roleRefusal } from '@app/domain';
import { RouteMetadata } from '../common/route-metadata';
import { AuthUser, IS_PUBLIC } from './auth-user';

const MINIMUM_ROLE = 'minimumRole';
/** Swagger extension the document builder turns into "Rol mínimo: ..." in the operation's text. */
export const MINIMUM_ROLE_EXTENSION = 'x-minimum-role';

/**
 * The least role an operation needs (docs/behaviour.md, "Roles"): every operation that is not
 * @Public() declares one, next to its route. An operation without one needs admin.
 */
export const MinimumRole = (role: ClientRole) =>
  applyDecorators(SetMetadata(MINIMUM_ROLE, role), ApiExtension(MINIMUM_ROLE_EXTENSION, role));

type GuardedRequest = {
  user?: AuthUser;
  query?: Record<string, unknown>;
  body?: unknown;
};

/**
 * Roles are enforced here and nowhere else. After authentication, the caller's clients are
 * narrowed to those where its role reaches the operation's minimum: no handler or use case sees a
 * client it may not act for in this operation, so tenancy (every read and write is scoped to the
 * caller's clients) carries the role too. Nothing left, or a `clientId` named that the role does not
 * reach: 403 naming the role needed.
 */
@Injectable()
export class RolesGuard implements CanActivate {
  /** The role a route needs, null for a @Public() one: read once per route. */
  private readonly needed: RouteMetadata<ClientRole | null>;

  constructor(reflector: Reflector) {
    this.needed = new RouteMetadata((handler, controller) =>
      reflector.getAllAndOverride<boolean>(IS_PUBLIC, [handler, controller])
        ? null
        : (reflector.getAllAndOverride<ClientRole>(MINIMUM_ROLE, [handler, controller]) ?? 'admin'),
    );
  }

  canActivate(context: ExecutionContext): boolean {
    const needed = this.needed.of(context);
    if (needed === null) return true;
    const request = context.switchToHttp().getRequest<GuardedRequest>();
    const user = request.user;
    if (!user) return false; // authentication runs first and sets it; fail closed all the same
    const allowed = clientsAllowing(user.clients, user.roles, needed);
    const named = namedClient(request);
    if (named !== undefined && user.clients.includes(named) && !allowed.includes(named))
      throw roleRefusal(needed, user.roles[named]);
    if (allowed.length === 0) throw roleRefusal(needed, user.roles[user.client]);
    request.user = {
      ...user,
      clients: allowed,
      client: allowed.includes(user.client) ? user.client : allowed[0],
    };
    return true;
  }
}

/** The client a request names itself (`clientId` in the query or the JSON body), if any. */
function namedClient(request: GuardedRequest): string | undefined {
  const fromQuery = request.query?.clientId;
  if (typeof fromQuery === 'string') return fromQuery;
  const body = request.body;
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const fromBody = (body as Record<string, unknown>).clientId;
    if (typeof fromBody === 'string') return fromBody;
  }
  return undefined;
}
