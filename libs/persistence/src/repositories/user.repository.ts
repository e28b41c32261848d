import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { UserEntity } from '../entities';

/** A user together with the ids of every client assigned to them (default first). */
export interface UserWithClients {
  id: string;
  email: string;
  passwordHash: string;
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
    const rows: Array<UserEntity & { client_ids: string[] }> = await this.dataSource.query(
      `SELECT u.id, u.email, u.password_hash AS "passwordHash", u.name, u.profile, u.photo_url AS "photoUrl",
              u.default_client_id AS "defaultClientId",
              array(SELECT uc.client_id FROM user_client uc WHERE uc.user_id = u.id
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
      defaultClientId: row.defaultClientId,
      clientIds: row.client_ids,
    };
  }
}
