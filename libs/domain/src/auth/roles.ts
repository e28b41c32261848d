import { ForbiddenError } from '../errors';

/**
 * What a person or an API key may do for a client (docs/behaviour.md, "Roles"). Each role may do
 * everything the one before it may: a viewer reads what costs nothing; an analyst also registers,
 * searches, screens, unlocks, monitors and reviews; an admin also manages users, API keys, webhook
 * endpoints, privacy notices, retention and privacy requests.
 */
export const CLIENT_ROLES = ['viewer', 'analyst', 'admin'] as const;
export type ClientRole = (typeof CLIENT_ROLES)[number];

/** The roles an API key may hold: a key never administers. */
export const API_KEY_ROLES = ['viewer', 'analyst'] as const satisfies readonly ClientRole[];

export function isClientRole(value: unknown): value is ClientRole {
  return typeof value === 'string' && (CLIENT_ROLES as readonly string[]).includes(value);
}

/** Whether holding `held` is enough for an operation that needs `needed`. */
export function roleAllows(held: ClientRole | undefined, needed: ClientRole): boolean {
  return held !== undefined && CLIENT_ROLES.indexOf(held) >= CLIENT_ROLES.indexOf(needed);
}

/** The clients (in the given order) where the roles held are enough for `needed`. */
export function clientsAllowing(
  clients: readonly string[],
  roles: Readonly<Record<string, ClientRole>>,
  needed: ClientRole,
): string[] {
  return clients.filter((client) => roleAllows(roles[client], needed));
}

/** The 403 of an operation the caller's role does not reach; it names the role needed. */
export function roleRefusal(needed: ClientRole, held?: ClientRole): ForbiddenError {
  const yours = held ? ` (your role is ${held})` : '';
  return new ForbiddenError(
    needed === 'admin'
      ? `This operation needs the admin role${yours}.`
      : `This operation needs the ${needed} role or admin${yours}.`,
  );
}
