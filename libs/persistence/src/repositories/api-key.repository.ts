import { Injectable } from '@nestjs/common';
import type { ClientRole } from '@app/domain';
import { DataSource } from 'typeorm';
import { hotStatement, scalar } from './hot-sql';
import { col, readStatement, type RowOf } from './read-sql';

/** A time as epoch milliseconds, with their fraction (as the keys' reads always gave it). */
const ms = (column: string) => col('float8', `(extract(epoch FROM ${column}) * 1000)::float8`);

/** A key as lists show it: never the key, never its hash. */
const API_KEY_VIEW_FIELDS = {
  id: col('uuid', 'id'),
  clientId: col('text', 'client_id'),
  name: col('text', 'name'),
  role: col('text', 'role').as<ClientRole>(),
  prefix: col('text', 'prefix'),
  createdAt: ms('created_at'),
  expiresAt: ms('expires_at').orNull(),
  lastUsedAt: ms('last_used_at').orNull(),
};
export type ApiKeyView = RowOf<typeof API_KEY_VIEW_FIELDS>;

/** A new key, answered as lists show it. */
export const INSERT_API_KEY = readStatement(
  'api-key-insert',
  {
    clientId: scalar('text'),
    name: scalar('text'),
    role: scalar('text'),
    prefix: scalar('text'),
    hash: scalar('text'),
    createdBy: scalar('uuid'),
    expiresAt: scalar('float8'),
  },
  API_KEY_VIEW_FIELDS,
  (q, select) => `INSERT INTO api_key (client_id, name, role, prefix, key_hash, created_by, expires_at)
VALUES (${q.clientId}, ${q.name}, ${q.role}, ${q.prefix}, ${q.hash}, ${q.createdBy}, to_timestamp(${q.expiresAt} / 1000))
RETURNING ${select}`,
);

/** The keys of these clients not revoked, oldest first. */
export const READ_API_KEYS_OF_CLIENTS = readStatement(
  'api-key-of-clients',
  { clientIds: scalar('text[]') },
  API_KEY_VIEW_FIELDS,
  (q, select) =>
    `SELECT ${select} FROM api_key WHERE client_id = ANY(${q.clientIds}) AND revoked_at IS NULL ORDER BY created_at, id`,
);

/** Revokes a key of these clients that is not revoked yet. */
export const REVOKE_API_KEY = readStatement(
  'api-key-revoke',
  { id: scalar('uuid'), clientIds: scalar('text[]') },
  { id: col('uuid', 'id') },
  (q, select) => `UPDATE api_key SET revoked_at = now()
 WHERE id = ${q.id} AND client_id = ANY(${q.clientIds}) AND revoked_at IS NULL RETURNING ${select}`,
);

/** What authenticating with a key needs to know of it, by its hash (revoked or not). */
export const READ_API_KEY_GRANT = readStatement(
  'api-key-by-hash',
  { hash: scalar('text') },
  {
    id: col('uuid', 'id'),
    clientId: col('text', 'client_id'),
    role: col('text', 'role').as<ClientRole>(),
    /** The admin who created it: the person answerable for what the key registers. */
    createdBy: col('uuid', 'created_by'),
    expiresAt: ms('expires_at').orNull(),
    revokedAt: ms('revoked_at').orNull(),
  },
  (q, select) => `SELECT ${select} FROM api_key WHERE key_hash = ${q.hash}`,
);
export type ApiKeyGrant = RowOf<typeof READ_API_KEY_GRANT.fields>;

/** The latest use of each of these keys (a use older than the one stored changes nothing). */
export const MARK_API_KEYS_USED = hotStatement<never>()(
  'api-key-mark-used',
  { ids: scalar('uuid[]'), at: scalar('float8') },
  (q) =>
    `UPDATE api_key SET last_used_at = greatest(last_used_at, to_timestamp(${q.at} / 1000)) WHERE id = ANY(${q.ids})`,
);

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
    const [row] = await INSERT_API_KEY.query(this.dataSource, key);
    return row;
  }

  /** The keys of these clients not revoked, oldest first. */
  listForClients(clientIds: string[]): Promise<ApiKeyView[]> {
    return READ_API_KEYS_OF_CLIENTS.query(this.dataSource, { clientIds });
  }

  /** Revokes a key of these clients; false when there is none (unknown, another client's, revoked). */
  async revoke(id: string, clientIds: string[]): Promise<boolean> {
    const rows = await REVOKE_API_KEY.query(this.dataSource, { id, clientIds });
    return rows.length > 0;
  }

  async findByHash(hash: string): Promise<ApiKeyGrant | null> {
    const [row] = await READ_API_KEY_GRANT.query(this.dataSource, { hash });
    return row ?? null;
  }

  /** Records that these keys were used at `at` (one statement for all the uses of a few seconds). */
  async markUsed(ids: string[], at: number): Promise<void> {
    if (ids.length === 0) return;
    await MARK_API_KEYS_USED.query(this.dataSource, { ids, at });
  }
}
