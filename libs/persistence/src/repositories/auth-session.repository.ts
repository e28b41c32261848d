import { Injectable } from '@nestjs/common';
import type { ClientRole } from '@app/domain';
import { DataSource } from 'typeorm';
import { hotStatement, scalar } from './hot-sql';
import { col, readStatement } from './read-sql';

export type RotationOutcome =
  | { kind: 'rotated'; sessionId: string; userId: string }
  /** The token had already been exchanged: its whole family is now revoked. */
  | { kind: 'reused'; sessionId: string }
  | { kind: 'invalid' };

/** The user and clients an active session speaks for: the authority over a token's claims. */
export interface SessionGrant {
  userId: string;
  /** Default client. */
  client: string;
  /** Every client of the user, default first. */
  clients: string[];
  /** The user's role in each of its clients. */
  roles: Record<string, ClientRole>;
  /** The user's e-mail (the audit log names the staff member who acted). */
  email: string;
}

/** A new session (a refresh-token family) of a user. */
export const INSERT_SESSION = hotStatement<never>()(
  'auth-session-insert',
  { sessionId: scalar('uuid'), userId: scalar('uuid') },
  (q) => `INSERT INTO auth_session (id, user_id) VALUES (${q.sessionId}, ${q.userId})`,
);

/** A refresh token of a session, by its hash. */
export const INSERT_REFRESH_TOKEN = hotStatement<never>()(
  'auth-session-insert-refresh-token',
  { tokenHash: scalar('text'), sessionId: scalar('uuid'), expiresAt: scalar('timestamptz') },
  (q) =>
    `INSERT INTO refresh_token (token_hash, session_id, expires_at) VALUES (${q.tokenHash}, ${q.sessionId}, ${q.expiresAt})`,
);

/** A refresh token as an exchange finds it, with its session. */
export const READ_REFRESH_TOKEN = readStatement(
  'auth-session-refresh-token',
  { tokenHash: scalar('text') },
  {
    sessionId: col('uuid', 't.session_id'),
    userId: col('uuid', 's.user_id'),
    retired: col('bool', 't.retired_at IS NOT NULL'),
    revoked: col('bool', 's.revoked_at IS NOT NULL'),
    expired: col('bool', 't.expires_at <= now()'),
  },
  (q, select) => `SELECT ${select}
  FROM refresh_token t JOIN auth_session s ON s.id = t.session_id
 WHERE t.token_hash = ${q.tokenHash}`,
);

/** Retires a refresh token not retired yet (of two exchanges of one token, one retires it). */
export const RETIRE_REFRESH_TOKEN = readStatement(
  'auth-session-retire-refresh-token',
  { tokenHash: scalar('text') },
  { tokenHash: col('text', 'token_hash') },
  (q, select) =>
    `UPDATE refresh_token SET retired_at = now() WHERE token_hash = ${q.tokenHash} AND retired_at IS NULL RETURNING ${select}`,
);

/** The session a refresh token belongs to. */
export const READ_SESSION_OF_TOKEN = readStatement(
  'auth-session-of-token',
  { tokenHash: scalar('text') },
  { sessionId: col('uuid', 'session_id') },
  (q, select) => `SELECT ${select} FROM refresh_token WHERE token_hash = ${q.tokenHash}`,
);

/** Revokes a session not revoked yet, saying why. */
export const REVOKE_SESSION = hotStatement<never>()(
  'auth-session-revoke',
  { sessionId: scalar('uuid'), reason: scalar('text') },
  (q) =>
    `UPDATE auth_session SET revoked_at = now(), revoked_reason = ${q.reason} WHERE id = ${q.sessionId} AND revoked_at IS NULL`,
);

/**
 * An active session's user and that user's active clients and roles, default first (both null when
 * the user is active nowhere: `array_agg` of no rows).
 */
export const READ_SESSION_GRANT = readStatement(
  'auth-session-grant',
  { sessionId: scalar('uuid') },
  {
    userId: col('uuid', 's.user_id'),
    email: col('text', 'u.email'),
    clientIds: col('text[]', 'c.client_ids').orNull(),
    roles: col('text[]', 'c.roles').orNull().as<ClientRole[] | null>(),
  },
  (q, select) => `SELECT ${select}
  FROM auth_session s JOIN app_user u ON u.id = s.user_id
  CROSS JOIN LATERAL (
    SELECT array_agg(uc.client_id ORDER BY uc.client_id <> u.default_client_id, uc.client_id) AS client_ids,
           array_agg(uc.role ORDER BY uc.client_id <> u.default_client_id, uc.client_id) AS roles
      FROM user_client uc WHERE uc.user_id = u.id AND uc.status = 'active') c
 WHERE s.id = ${q.sessionId} AND s.revoked_at IS NULL`,
);

/** Sessions (refresh-token families) and their hashed refresh tokens. */
@Injectable()
export class AuthSessionRepository {
  constructor(private readonly dataSource: DataSource) {}

  async startSession(sessionId: string, userId: string, tokenHash: string, expiresAt: Date): Promise<void> {
    await this.dataSource.transaction(async (tx) => {
      await INSERT_SESSION.query(tx, { sessionId, userId });
      await INSERT_REFRESH_TOKEN.query(tx, { tokenHash, sessionId, expiresAt });
    });
  }

  /**
   * Exchanges a refresh token for a new one in the same family. The retiring UPDATE is
   * conditional, so of two concurrent exchanges of one token exactly one wins; the loser is
   * treated as a reuse, which is what it is from the server's point of view.
   */
  async rotate(oldHash: string, newHash: string, expiresAt: Date): Promise<RotationOutcome> {
    return this.dataSource.transaction(async (tx) => {
      const [token] = await READ_REFRESH_TOKEN.query(tx, { tokenHash: oldHash });
      if (!token || token.revoked || token.expired) return { kind: 'invalid' };
      if (token.retired) return { kind: 'reused', sessionId: token.sessionId };
      const retired = await RETIRE_REFRESH_TOKEN.query(tx, { tokenHash: oldHash });
      if (retired.length === 0) return { kind: 'reused', sessionId: token.sessionId };
      await INSERT_REFRESH_TOKEN.query(tx, { tokenHash: newHash, sessionId: token.sessionId, expiresAt });
      return { kind: 'rotated', sessionId: token.sessionId, userId: token.userId };
    });
  }

  /** Revokes the session a refresh token belongs to; returns its id, or null for an unknown token. */
  async revokeByToken(tokenHash: string, reason: string): Promise<string | null> {
    const [row] = await READ_SESSION_OF_TOKEN.query(this.dataSource, { tokenHash });
    if (!row) return null;
    await this.revokeSession(row.sessionId, reason);
    return row.sessionId;
  }

  async revokeSession(sessionId: string, reason: string): Promise<void> {
    await REVOKE_SESSION.query(this.dataSource, { sessionId, reason });
  }

  /**
   * What an active session entitles its access tokens to: its user and that user's clients as they
   * are now (active memberships, default first). Null for a revoked or unknown session, or one whose
   * user is active nowhere.
   */
  async findActiveSessionGrant(sessionId: string): Promise<SessionGrant | null> {
    const [row] = await READ_SESSION_GRANT.query(this.dataSource, { sessionId });
    if (!row) return null;
    const clients = row.clientIds ?? [];
    // A session of a person with no active membership left speaks for no one.
    if (clients.length === 0) return null;
    // Aggregated over the same rows in the same order as the clients: never null beside them.
    const roles = row.roles ?? [];
    return {
      userId: row.userId,
      email: row.email,
      client: clients[0],
      clients,
      roles: Object.fromEntries(clients.map((client, i) => [client, roles[i]])),
    };
  }
}
