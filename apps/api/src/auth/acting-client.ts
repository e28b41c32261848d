import { ForbiddenError } from '@app/domain';
import type { AuthUser } from './auth-user';

/**
 * The client an administrative operation acts for: the one it names (`clientId`), which must be one
 * of the caller's clients for this operation (the role guard has narrowed them to those its role
 * reaches), or else the caller's default.
 */
export function actingClient(user: AuthUser, clientId?: string): string {
  if (clientId === undefined) return user.client;
  if (!user.clients.includes(clientId))
    throw new ForbiddenError(`clientId "${clientId}" is not one of the clients you administer.`);
  return clientId;
}
