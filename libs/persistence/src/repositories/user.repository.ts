import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { hotStatement, scalar } from './hot-sql';
import { col, readStatement } from './read-sql';

/**
 * A user together with the ids of the clients where their membership is active (default first):
 * the clients a sign-in grants. `defaultClientId` is the first of them.
 */
export interface UserWithClients {
  id: string;
  email: string;
  /** Null for a person invited who has not chosen a password yet. */
  passwordHash: string | null;
  name: string;
  profile: string;
  photoUrl: string;
  defaultClientId: string;
  clientIds: string[];
}

/** A user and their active clients (default first), by `where` on its one parameter. */
const userWithClients = <P extends 'text' | 'uuid'>(name: string, type: P, where: (ref: string) => string) =>
  readStatement(
    name,
    { value: scalar(type) },
    {
      id: col('uuid', 'u.id'),
      email: col('text', 'u.email'),
      passwordHash: col('text', 'u.password_hash').orNull(),
      name: col('text', 'u.name'),
      profile: col('text', 'u.profile'),
      photoUrl: col('text', 'u.photo_url'),
      clientIds: col(
        'text[]',
        `array(SELECT uc.client_id FROM user_client uc WHERE uc.user_id = u.id AND uc.status = 'active'
               ORDER BY uc.client_id <> u.default_client_id, uc.client_id)`,
      ),
    },
    (q, select) => `SELECT ${select} FROM app_user u WHERE ${where(q.value)}`,
  );
export const READ_USER_BY_EMAIL = userWithClients('user-by-email', 'text', (email) => `u.email = ${email}`);
export const READ_USER_BY_ID = userWithClients('user-by-id', 'uuid', (id) => `u.id = ${id}`);

/** When the person last signed in (the users list shows it). */
export const RECORD_SIGN_IN = hotStatement<never>()(
  'user-record-sign-in',
  { userId: scalar('uuid') },
  (q) => `UPDATE app_user SET last_sign_in_at = now() WHERE id = ${q.userId}`,
);

@Injectable()
export class UserRepository {
  constructor(private readonly dataSource: DataSource) {}

  async findByEmailWithClients(email: string): Promise<UserWithClients | null> {
    const [row] = await READ_USER_BY_EMAIL.query(this.dataSource, { value: email.trim().toLowerCase() });
    return row ? { ...row, defaultClientId: row.clientIds[0] ?? '' } : null;
  }

  async findByIdWithClients(id: string): Promise<UserWithClients | null> {
    const [row] = await READ_USER_BY_ID.query(this.dataSource, { value: id });
    return row ? { ...row, defaultClientId: row.clientIds[0] ?? '' } : null;
  }

  /** When the person last signed in (the users list shows it). */
  async recordSignIn(userId: string): Promise<void> {
    await RECORD_SIGN_IN.query(this.dataSource, { userId });
  }
}
