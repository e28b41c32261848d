import { Injectable } from '@nestjs/common';
import type { ClientRole } from '@app/domain';
import { DataSource } from 'typeorm';
import { queryRows } from './executor';

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

/** Sessions (refresh-token families) and their hashed refresh tokens. */
@Injectable()
export class AuthSessionRepository {
  constructor(private readonly dataSource: DataSource) {}

  async startSession(sessionId: string, userId: string, tokenHash: string, expiresAt: Date): Promise<void> {
    await this.dataSource.transaction(async (tx) => {
      await tx.query(`INSERT INTO auth_session (id, user_id) VALUES ($1, $2)`, [sessionId, userId]);
      await tx.query(`INSERT INTO refresh_token (token_hash, session_id, expires_at) VALUES ($1, $2, $3)`, [
        tokenHash,
        sessionId,
        expiresAt,
      ]);
    });
  }

  /**
   * Exchanges a refresh token for a new one in the same family. The retiring UPDATE is
   * conditional, so of two concurrent exchanges of one token exactly one wins; the loser is
   * treated as a reuse, which is what it is from the server's point of view.
   */
  async rotate(oldHash: string, newHash: string, expiresAt: Date): Promise<RotationOutcome> {
    return this.dataSource.transaction(async (tx) => {
      const found: Array<{
        session_id: string;
        user_id: string;
        retired: boolean;
        revoked: boolean;
        expired: boolean;
      }> = await tx.query(
        `SELECT t.session_id, s.user_id, t.retired_at IS NOT NULL AS retired, s.revoked_at IS NOT NULL AS revoked,
                  t.expires_at <= now() AS expired
             FROM refresh_token t JOIN auth_session s ON s.id = t.session_id
            WHERE t.token_hash = $1`,
        [oldHash],
      );
      const token = found[0];
      if (!token || token.revoked || token.expired) return { kind: 'invalid' };
      if (token.retired) return { kind: 'reused', sessionId: token.session_id };
      const retired = await queryRows(
        tx,
        `UPDATE refresh_token SET retired_at = now() WHERE token_hash = $1 AND retired_at IS NULL RETURNING token_hash`,
        [oldHash],
      );
      if (retired.length === 0) return { kind: 'reused', sessionId: token.session_id };
      await tx.query(`INSERT INTO refresh_token (token_hash, session_id, expires_at) VALUES ($1, $2, $3)`, [
        newHash,
        token.session_id,
        expiresAt,
      ]);
      return { kind: 'rotated', sessionId: token.session_id, userId: token.user_id };
    });
  }

  /** Revokes the session a refresh token belongs to; returns its id, or null for an unknown token. */
  async revokeByToken(tokenHash: string, reason: string): Promise<string | null> {
    const rows: Array<{ session_id: string }> = await this.dataSource.query(
      `SELECT session_id FROM refresh_token WHERE token_hash = $1`,
      [tokenHash],
    );
    if (!rows[0]) return null;
    await this.revokeSession(rows[0].session_id, reason);
    return rows[0].session_id;
  }

  async revokeSession(sessionId: string, reason: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE auth_session SET revoked_at = now(), revoked_reason = $2 WHERE id = $1 AND revoked_at IS NULL`,
      [sessionId, reason],
    );
  }

  /**
   * What an active session entitles its access tokens to: its user and that user's clients as they
   * are now (active memberships, default first). Null for a revoked or unknown session, or one whose
   * user is active nowhere.
   */
  async findActiveSessionGrant(sessionId: string): Promise<SessionGrant | null> {
    const rows: Array<{
      user_id: string;
      email: string;
      client_ids: string[] | null;
      roles: ClientRole[];
    }> = await this.dataSource.query(
      `SELECT s.user_id, u.email, c.client_ids, c.roles
           FROM auth_session s JOIN app_user u ON u.id = s.user_id
           CROSS JOIN LATERAL (
             SELECT array_agg(uc.client_id ORDER BY uc.client_id <> u.default_client_id, uc.client_id) AS client_ids,
                    array_agg(uc.role ORDER BY uc.client_id <> u.default_client_id, uc.client_id) AS roles
               FROM user_client uc WHERE uc.user_id = u.id AND uc.status = 'active') c
          WHERE s.id = $1 AND s.revoked_at IS NULL`,
      [sessionId],
    );
    const row = rows[0];
    if (!row) return null;
    const clients = row.client_ids ?? [];
    // A session of a person with no active membership left speaks for no one.
    if (clients.length === 0) return null;
    return {
      userId: row.user_id,
      email: row.email,
      client: clients[0],
      clients,
      roles: Object.fromEntries(clients.map((client, i) => [client, row.roles[i]])),
    };
  }
}
