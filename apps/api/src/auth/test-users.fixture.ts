import { AuthUser } from './auth-user';

/** A user of client acme, as the JWT strategy hands it to the use cases (unit specs). */
export const ACME: AuthUser = { userId: 'u-1', client: 'acme', clients: ['acme'], sessionId: 's-1' };
/** A user of another client, globex: what acme's user must never see, and the other way round. */
export const GLOBEX: AuthUser = { userId: 'u-2', client: 'globex', clients: ['globex'], sessionId: 's-2' };
