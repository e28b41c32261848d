import type { ClientRole } from '@app/domain';
import { AuthUser } from './auth-user';

/**
 * A caller as the guards hand it to the use cases (unit specs): `role` in each of its clients
 * (admin unless told otherwise). The one place specs build callers, so a new field of AuthUser is
 * added once.
 */
export function testUser(
  user: Omit<AuthUser, 'roles' | 'actor'> & Partial<Pick<AuthUser, 'roles' | 'actor'>>,
  role: ClientRole = 'admin',
): AuthUser {
  return {
    ...user,
    roles: user.roles ?? Object.fromEntries(user.clients.map((client) => [client, role])),
    actor: user.actor ?? { type: 'user', id: user.userId },
  };
}

/** A user of client acme. */
export const ACME: AuthUser = testUser({
  userId: 'u-1',
  client: 'acme',
  clients: ['acme'],
  sessionId: 's-1',
});
/** A user of another client, globex: what acme's user must never see, and the other way round. */
export const GLOBEX: AuthUser = testUser({
  userId: 'u-2',
  client: 'globex',
  clients: ['globex'],
  sessionId: 's-2',
});
