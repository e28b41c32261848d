import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { UserEntity } from '../entities';

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

@Injectable()
export class UserRepository {
  constructor(private readonly dataSource: DataSource) {}

  async findByEmailWithClients(email: string): Promise<UserWithClients | null> {
    return this.findOneWithClients('u.email = $1', email.trim().toLowerCase());
  }

  async findByIdWithClients(id: string): Promise<UserWithClients | null> {
    return this.findOneWithClients('u.id = $1', id);
  }

  private async findOneWithClients(where: string, value: string): Promise<UserWithClients | null> {
    const rows: Array<Omit<UserEntity, 'defaultClientId'> & { client_ids: string[] }> =
      await this.dataSource.query(
        `SELECT u.id, u.email, u.password_hash AS "passwordHash", u.name, u.profile, u.photo_url AS "photoUrl",
              array(SELECT uc.client_id FROM user_client uc WHERE uc.user_id = u.id AND uc.status = 'active'
                    ORDER BY uc.client_id <> u.default_client_id, uc.client_id) AS client_ids
         FROM app_user u WHERE ${where}`,
        [value],
      );
    const row = rows[0];
    if (!row) return null;
    return {
      id: row.id,
      email: row.email,
      passwordHash: row.passwordHash,
      name: row.name,
      profile: row.profile,
      photoUrl: row.photoUrl,
      defaultClientId: row.client_ids[0] ?? '',
      clientIds: row.client_ids,
    };
  }

  /** When the person last signed in (the users list shows it). */
  async recordSignIn(userId: string): Promise<void> {
    await this.dataSource.query(`UPDATE app_user SET last_sign_in_at = now() WHERE id = $1`, [userId]);
  }
}
