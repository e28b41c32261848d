import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { queryRows } from './executor';
import { endSessions } from './membership.repository';

/** A stored reset as its link finds it. */
export interface PasswordResetByToken {
  userId: string;
  email: string;
  /** The person's default client where they are active (the audit event's client); null: none. */
  clientId: string | null;
  usedAt: number | null;
  expiresAt: number;
}

const MS = (column: string) => `(extract(epoch FROM ${column}) * 1000)::float8`;

/**
 * Password resets (docs/behaviour.md, "Users"): one open link per person (a new request retires
 * the one before), good once; using it sets the password and ends every session of the person.
 */
@Injectable()
export class PasswordResetRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Opens a reset for the person with this e-mail, if they may sign in somewhere (an active
   * membership): their e-mail, or null when there is no such person (then nothing is written).
   */
  async open(email: string, tokenHash: string, expiresAt: number): Promise<{ userId: string } | null> {
    return this.dataSource.transaction(async (tx) => {
      const [user] = await queryRows<{ id: string }>(
        tx,
        `SELECT u.id FROM app_user u
          WHERE u.email = $1 AND EXISTS (SELECT 1 FROM user_client uc WHERE uc.user_id = u.id AND uc.status = 'active')
          FOR UPDATE`,
        [email],
      );
      if (!user) return null;
      await tx.query(`UPDATE password_reset SET used_at = now() WHERE user_id = $1 AND used_at IS NULL`, [
        user.id,
      ]);
      await tx.query(
        `INSERT INTO password_reset (token_hash, user_id, expires_at) VALUES ($1, $2, to_timestamp($3::float8 / 1000))`,
        [tokenHash, user.id, expiresAt],
      );
      return { userId: user.id };
    });
  }

  async byToken(tokenHash: string): Promise<PasswordResetByToken | null> {
    const [row] = await queryRows<PasswordResetByToken>(
      this.dataSource,
      `SELECT r.user_id AS "userId", u.email,
              (SELECT uc.client_id FROM user_client uc WHERE uc.user_id = u.id AND uc.status = 'active'
                ORDER BY uc.client_id <> u.default_client_id, uc.client_id LIMIT 1) AS "clientId",
              ${MS('r.used_at')} AS "usedAt", ${MS('r.expires_at')} AS "expiresAt"
         FROM password_reset r JOIN app_user u ON u.id = r.user_id WHERE r.token_hash = $1`,
      [tokenHash],
    );
    return row ?? null;
  }

  /**
   * Uses a reset link: conditional on it being unused and unexpired, so it works once. Sets the
   * password and ends every session of the person; the ids of those sessions come back. Null when
   * the link no longer works.
   */
  async complete(
    tokenHash: string,
    passwordHash: string,
  ): Promise<{ userId: string; endedSessions: string[] } | null> {
    return this.dataSource.transaction(async (tx) => {
      const [used] = await queryRows<{ user_id: string }>(
        tx,
        `UPDATE password_reset SET used_at = now()
          WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING user_id`,
        [tokenHash],
      );
      if (!used) return null;
      await tx.query(`UPDATE app_user SET password_hash = $2 WHERE id = $1`, [used.user_id, passwordHash]);
      const endedSessions = await endSessions(tx, used.user_id, 'password reset');
      return { userId: used.user_id, endedSessions };
    });
  }
}
