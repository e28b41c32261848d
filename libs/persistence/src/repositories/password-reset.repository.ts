import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { hotStatement, scalar } from './hot-sql';
import { col, readStatement, type RowOf } from './read-sql';
import { endSessions } from './membership.repository';

/** A time as epoch milliseconds, with their fraction (as the reset's reads always gave it). */
const ms = (column: string) => col('float8', `(extract(epoch FROM ${column}) * 1000)::float8`);

/** The person with this e-mail who may sign in somewhere (an active membership), locked. */
export const LOCK_RESETTABLE_USER = readStatement(
  'password-reset-lock-user',
  { email: scalar('text') },
  { id: col('uuid', 'u.id') },
  (q, select) => `SELECT ${select} FROM app_user u
 WHERE u.email = ${q.email} AND EXISTS (SELECT 1 FROM user_client uc WHERE uc.user_id = u.id AND uc.status = 'active')
 FOR UPDATE`,
);

/** The person's open resets end (a new link replaces them). */
export const END_OPEN_RESETS = hotStatement<never>()(
  'password-reset-end-open',
  { userId: scalar('uuid') },
  (q) => `UPDATE password_reset SET used_at = now() WHERE user_id = ${q.userId} AND used_at IS NULL`,
);

/** A new reset, by its token's hash. */
export const INSERT_RESET = hotStatement<never>()(
  'password-reset-insert',
  { tokenHash: scalar('text'), userId: scalar('uuid'), expiresAt: scalar('float8') },
  (q) => `INSERT INTO password_reset (token_hash, user_id, expires_at)
VALUES (${q.tokenHash}, ${q.userId}, to_timestamp(${q.expiresAt} / 1000))`,
);

/** A stored reset as its link finds it (by its token's hash), with its person's e-mail. */
export const READ_RESET_BY_TOKEN = readStatement(
  'password-reset-by-token',
  { tokenHash: scalar('text') },
  {
    userId: col('uuid', 'r.user_id'),
    email: col('text', 'u.email'),
    /** The person's default client where they are active (the audit event's client); null: none. */
    clientId: col(
      'text',
      `(SELECT uc.client_id FROM user_client uc WHERE uc.user_id = u.id AND uc.status = 'active'
         ORDER BY uc.client_id <> u.default_client_id, uc.client_id LIMIT 1)`,
    ).orNull(),
    usedAt: ms('r.used_at').orNull(),
    expiresAt: ms('r.expires_at'),
  },
  (q, select) => `SELECT ${select}
  FROM password_reset r JOIN app_user u ON u.id = r.user_id WHERE r.token_hash = ${q.tokenHash}`,
);
export type PasswordResetByToken = RowOf<typeof READ_RESET_BY_TOKEN.fields>;

/** A reset used, if it is open and not expired. */
export const USE_RESET = readStatement(
  'password-reset-use',
  { tokenHash: scalar('text') },
  { user_id: col('uuid', 'user_id') },
  (q, select) => `UPDATE password_reset SET used_at = now()
 WHERE token_hash = ${q.tokenHash} AND used_at IS NULL AND expires_at > now() RETURNING ${select}`,
);

/** A person's new password. */
export const SET_PASSWORD = hotStatement<never>()(
  'password-reset-set-password',
  { userId: scalar('uuid'), passwordHash: scalar('text') },
  (q) => `UPDATE app_user SET password_hash = ${q.passwordHash} WHERE id = ${q.userId}`,
);

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
      const [user] = await LOCK_RESETTABLE_USER.query(tx, { email });
      if (!user) return null;
      await END_OPEN_RESETS.query(tx, { userId: user.id });
      await INSERT_RESET.query(tx, { tokenHash, userId: user.id, expiresAt });
      return { userId: user.id };
    });
  }

  async byToken(tokenHash: string): Promise<PasswordResetByToken | null> {
    const [row] = await READ_RESET_BY_TOKEN.query(this.dataSource, { tokenHash });
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
      const [used] = await USE_RESET.query(tx, { tokenHash });
      if (!used) return null;
      await SET_PASSWORD.query(tx, { userId: used.user_id, passwordHash });
      const endedSessions = await endSessions(tx, used.user_id, 'password reset');
      return { userId: used.user_id, endedSessions };
    });
  }
}
