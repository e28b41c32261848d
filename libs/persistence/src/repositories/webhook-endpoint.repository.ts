import { Injectable } from '@nestjs/common';
import { offsetOf } from '@app/domain';
import { DataSource } from 'typeorm';
import { retryingDeadlocks, SqlExecutor } from './executor';
import { hotStatement, scalar } from './hot-sql';
import { col, epochMs, readStatement, type RowOf } from './read-sql';

export interface NewEndpoint {
  id: string;
  clientId: string;
  url: string;
  events: string[] | null;
  description: string | null;
  /** Encrypted (see SecretCipher). */
  secret: Buffer;
}

/** PATCH: only the given fields change; `events: null` subscribes to all, `description: null` clears it. */
export interface EndpointChanges {
  url?: string;
  events?: string[] | null;
  description?: string | null;
  enabled?: boolean;
}

/** An endpoint as the API shows it (no secret). Dates in epoch milliseconds. */
const ENDPOINT_FIELDS = {
  id: col('uuid', 'w.id'),
  clientId: col('text', 'w.client_id'),
  url: col('text', 'w.url'),
  /** Null: every type, present and future. */
  events: col('text[]', 'w.events').orNull(),
  description: col('text', 'w.description').orNull(),
  enabled: col('bool', 'w.enabled'),
  createdAt: epochMs('w.created_at'),
};
export type StoredEndpoint = RowOf<typeof ENDPOINT_FIELDS>;

/** Cancels what a disabled endpoint still had scheduled: its jobs become stale (generation bump). */
export const CANCEL_PENDING_DELIVERIES = `UPDATE webhook_delivery
   SET status = 'failed', next_attempt_at = NULL, generation = generation + 1
 WHERE endpoint_id = $1 AND status = 'pending'`;

/** CANCEL_PENDING_DELIVERIES on its own: `$1` is the endpoint. */
export const CANCEL_ENDPOINT_DELIVERIES = hotStatement<never>()(
  'webhook-endpoint-cancel-deliveries',
  { endpointId: scalar('uuid') },
  () => CANCEL_PENDING_DELIVERIES,
);

/** Locks the client's row until the transaction ends (NO KEY UPDATE: see `countLockingClient`). */
export const LOCK_CLIENT = hotStatement<never>()(
  'webhook-endpoint-lock-client',
  { clientId: scalar('text') },
  (q) => `SELECT 1 FROM client WHERE id = ${q.clientId} FOR NO KEY UPDATE`,
);

/** How many endpoints a client has. */
export const COUNT_ENDPOINTS = readStatement(
  'webhook-endpoint-count',
  { clientId: scalar('text') },
  { n: col('int', 'count(*)::int') },
  (q, select) => `SELECT ${select} FROM webhook_endpoint WHERE client_id = ${q.clientId}`,
);

/** A new endpoint, answered as the API shows it. */
export const INSERT_ENDPOINT = readStatement(
  'webhook-endpoint-insert',
  {
    id: scalar('uuid'),
    clientId: scalar('text'),
    url: scalar('text'),
    events: scalar('text[]'),
    description: scalar('text'),
    secret: scalar('bytea'),
  },
  ENDPOINT_FIELDS,
  (q, select) => `INSERT INTO webhook_endpoint AS w (id, client_id, url, events, description, secret)
VALUES (${q.id}, ${q.clientId}, ${q.url}, ${q.events}, ${q.description}, ${q.secret}) RETURNING ${select}`,
);

/** A client's endpoints, newest first, with how many it has. */
export const READ_ENDPOINT_PAGE = readStatement(
  'webhook-endpoint-page',
  { clientId: scalar('text'), limit: scalar('int8'), offset: scalar('int8') },
  { ...ENDPOINT_FIELDS, total: col('bigint', 'count(*) OVER ()') },
  (q, select) => `SELECT ${select} FROM webhook_endpoint w
 WHERE w.client_id = ${q.clientId} ORDER BY w.created_at DESC, w.id LIMIT ${q.limit} OFFSET ${q.offset}`,
);

/** One of the caller's endpoints. */
export const READ_ENDPOINT = readStatement(
  'webhook-endpoint-find',
  { id: scalar('uuid'), clientIds: scalar('text[]') },
  ENDPOINT_FIELDS,
  (q, select) =>
    `SELECT ${select} FROM webhook_endpoint w WHERE w.id = ${q.id} AND w.client_id = ANY(${q.clientIds})`,
);

/** A PATCH: each field changes only when its `set*` flag is true; enabling forgets the failure streak. */
export const UPDATE_ENDPOINT = readStatement(
  'webhook-endpoint-update',
  {
    id: scalar('uuid'),
    clientIds: scalar('text[]'),
    setUrl: scalar('bool'),
    url: scalar('text'),
    setEvents: scalar('bool'),
    events: scalar('text[]'),
    setDescription: scalar('bool'),
    description: scalar('text'),
    enabled: scalar('bool'),
  },
  ENDPOINT_FIELDS,
  (q, select) => `UPDATE webhook_endpoint w SET
   url = CASE WHEN ${q.setUrl} THEN ${q.url} ELSE w.url END,
   events = CASE WHEN ${q.setEvents} THEN ${q.events} ELSE w.events END,
   description = CASE WHEN ${q.setDescription} THEN ${q.description} ELSE w.description END,
   enabled = COALESCE(${q.enabled}, w.enabled),
   failing_since = CASE WHEN ${q.enabled} THEN NULL ELSE w.failing_since END
 WHERE w.id = ${q.id} AND w.client_id = ANY(${q.clientIds}) RETURNING ${select}`,
);

/** Deletes one of the caller's endpoints (its deliveries go with it). */
export const DELETE_ENDPOINT = readStatement(
  'webhook-endpoint-delete',
  { id: scalar('uuid'), clientIds: scalar('text[]') },
  { id: col('uuid', 'id') },
  (q, select) =>
    `DELETE FROM webhook_endpoint WHERE id = ${q.id} AND client_id = ANY(${q.clientIds}) RETURNING ${select}`,
);

/** A new secret; the current one signs on as the previous one until a time. */
export const ROTATE_SECRET = readStatement(
  'webhook-endpoint-rotate-secret',
  {
    id: scalar('uuid'),
    clientIds: scalar('text[]'),
    secret: scalar('bytea'),
    previousUntil: scalar('timestamptz'),
  },
  { id: col('uuid', 'id') },
  (
    q,
    select,
  ) => `UPDATE webhook_endpoint SET previous_secret = secret, previous_secret_until = ${q.previousUntil}, secret = ${q.secret}
 WHERE id = ${q.id} AND client_id = ANY(${q.clientIds}) RETURNING ${select}`,
);

/** Webhook endpoints (docs/integrators.md), always scoped to the caller's clients. */
@Injectable()
export class WebhookEndpointRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * How many endpoints the client has, counted after locking the client's row until the caller's
   * transaction ends: two creations racing for the last place are serialised, so the quota holds.
   * (NO KEY UPDATE: rows that merely reference the client, a registration say, do not wait.)
   */
  async countLockingClient(tx: SqlExecutor, clientId: string): Promise<number> {
    await LOCK_CLIENT.query(tx, { clientId });
    const rows = await COUNT_ENDPOINTS.query(tx, { clientId });
    return rows[0].n;
  }

  /** Inside the caller's transaction (the Idempotency-Key's, with the quota's lock). */
  async create(tx: SqlExecutor, endpoint: NewEndpoint): Promise<StoredEndpoint> {
    const rows = await INSERT_ENDPOINT.query(tx, endpoint);
    return rows[0];
  }

  /** Newest first. */
  async list(
    clientId: string,
    page: number,
    limit: number,
  ): Promise<{ rows: StoredEndpoint[]; total: number }> {
    const rows = await READ_ENDPOINT_PAGE.query(this.dataSource, {
      clientId,
      limit,
      offset: offsetOf(page, limit),
    });
    const total = rows.length > 0 ? Number(rows[0].total) : await this.count(clientId);
    return { rows: rows.map(({ total: _total, ...row }) => row), total };
  }

  async find(id: string, clientIds: string[]): Promise<StoredEndpoint | null> {
    const rows = await READ_ENDPOINT.query(this.dataSource, { id, clientIds });
    return rows[0] ?? null;
  }

  /**
   * Applies a PATCH. Disabling cancels the endpoint's pending deliveries; enabling forgets its
   * failure streak (it starts counting again). Null when the endpoint is not one of these clients'.
   */
  async update(id: string, clientIds: string[], changes: EndpointChanges): Promise<StoredEndpoint | null> {
    return retryingDeadlocks(() =>
      this.dataSource.transaction(async (tx) => {
        const rows = await UPDATE_ENDPOINT.query(tx, {
          id,
          clientIds,
          setUrl: changes.url !== undefined,
          url: changes.url ?? null,
          setEvents: changes.events !== undefined,
          events: changes.events ?? null,
          setDescription: changes.description !== undefined,
          description: changes.description ?? null,
          enabled: changes.enabled ?? null,
        });
        if (rows[0] && changes.enabled === false)
          await CANCEL_ENDPOINT_DELIVERIES.query(tx, { endpointId: id });
        return rows[0] ?? null;
      }),
    );
  }

  /** With its deliveries. False when the endpoint is not one of these clients'. */
  async delete(id: string, clientIds: string[]): Promise<boolean> {
    const rows = await retryingDeadlocks(() => DELETE_ENDPOINT.query(this.dataSource, { id, clientIds }));
    return rows.length > 0;
  }

  /** The current secret signs on as the previous one until `previousUntil`. */
  async rotateSecret(id: string, clientIds: string[], secret: Buffer, previousUntil: Date): Promise<boolean> {
    const rows = await ROTATE_SECRET.query(this.dataSource, { id, clientIds, secret, previousUntil });
    return rows.length > 0;
  }

  private async count(clientId: string): Promise<number> {
    const rows = await COUNT_ENDPOINTS.query(this.dataSource, { clientId });
    return rows[0].n;
  }
}
