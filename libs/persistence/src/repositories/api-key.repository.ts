import { Injectable } from '@nestjs/common';
import type { ClientRole } from '@app/domain';
import { DataSource } from 'typeorm';
import { queryRows } from './executor';

/** A key as lists show it: never the key, never its hash. */
export interface ApiKeyView {
  id: string;
  clientId: string;
  name: string;
  role: ClientRole;
  prefix: string;
  createdAt: number;
  expiresAt: number | null;
  lastUsedAt: number | null;
}

/** What authenticating with a key needs to know of it. */
export interface ApiKeyGrant {
  id: string;
  clientId: string;
  role: ClientRole;
  /** The admin who created it: the person answerable for what the key registers. */
  createdBy: string;
  expiresAt: number | null;
  revokedAt: number | null;
}

const VIEW = `id, client_id AS "clientId", name, role, prefix,
  (extract(epoch FROM created_at) * 1000)::float8 AS "createdAt",
  (extract(epoch FROM expires_at) * 1000)::float8 AS "expiresAt",
  (extract(epoch FROM last_used_at) * 1000)::float8 AS "lastUsedAt"`;

/** API keys: created, listed and revoked by a client's admins, looked up by hash on each use. */
@Injectable()
export class ApiKeyRepository {
  constructor(private readonly dataSource: DataSource) {}

  async create(key: {
    clientId: string;
    name: string;
    role: ClientRole;
    prefix: string;
    hash: string;
    createdBy: string;
    expiresAt: number | null;
  }): Promise<ApiKeyView> {
    const [row] = await queryRows<ApiKeyView>(
      this.dataSource,
      `INSERT INTO api_key (client_id, name, role, prefix, key_hash, created_by, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, to_timestamp($7::float8 / 1000)) RETURNING ${VIEW}`,
      [key.clientId, key.name, key.role, key.prefix, key.hash, key.createdBy, key.expiresAt],
    );
    return row;
  }

  /** The keys of these clients not revoked, oldest first. */
  listForClients(clientIds: string[]): Promise<ApiKeyView[]> {
    return queryRows<ApiKeyView>(
      this.dataSource,
      `SELECT ${VIEW} FROM api_key WHERE client_id = ANY($1) AND revoked_at IS NULL ORDER BY created_at, id`,
      [clientIds],
    );
  }

  /** Revokes a key of these clients; false when there is none (unknown, another client's, revoked). */
  async revoke(id: string, clientIds: string[]): Promise<boolean> {
    const rows = await queryRows<{ id: string }>(
      this.dataSource,
      `UPDATE api_key SET revoked_at = now() WHERE id = $1 AND client_id = ANY($2) AND revoked_at IS NULL RETURNING id`,
      [id, clientIds],
    );
    return rows.length > 0;
  }

  async findByHash(hash: string): Promise<ApiKeyGrant | null> {
    const [row] = await queryRows<ApiKeyGrant>(
      this.dataSource,
      `SELECT id, client_id AS "clientId", role, created_by AS "createdBy",
              (extract(epoch FROM expires_at) * 1000)::float8 AS "expiresAt",
              (extract(epoch FROM revoked_at) * 1000)::float8 AS "revokedAt"
         FROM api_key WHERE key_hash = $1`,
      [hash],
    );
    return row ?? null;
  }

  /** Records that these keys were used at `at` (one statement for all the uses of a few seconds). */
  async markUsed(ids: string[], at: number): Promise<void> {
    if (ids.length === 0) return;
    await this.dataSource.query(
      `UPDATE api_key SET last_used_at = greatest(last_used_at, to_timestamp($2::float8 / 1000)) WHERE id = ANY($1::uuid[])`,
      [ids, at],
    );
  }
}
