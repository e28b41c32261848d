import { Injectable } from '@nestjs/common';
import { offsetOf } from '@app/domain';
import { DataSource } from 'typeorm';
import { queryRows, SqlExecutor } from './executor';

/** An endpoint as the API shows it (no secret). Dates in epoch milliseconds. */
export interface StoredEndpoint {
  id: string;
  clientId: string;
  url: string;
  /** Null: every type, present and future. */
  events: string[] | null;
  description: string | null;
  enabled: boolean;
  createdAt: number;
}

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

const ENDPOINT = `w.id, w.client_id AS "clientId", w.url, w.events, w.description, w.enabled,
  (extract(epoch FROM w.created_at) * 1000)::bigint AS "createdAt"`;

/** Cancels what a disabled endpoint still had scheduled: its jobs become stale (generation bump). */
export const CANCEL_PENDING_DELIVERIES = `UPDATE webhook_delivery
   SET status = 'failed', next_attempt_at = NULL, generation = generation + 1
 WHERE endpoint_id = $1 AND status = 'pending'`;

function endpointOf(row: StoredEndpoint): StoredEndpoint {
  return { ...row, createdAt: Number(row.createdAt) };
}

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
    await tx.query(`SELECT 1 FROM client WHERE id = $1 FOR NO KEY UPDATE`, [clientId]);
    const rows = await queryRows<{ n: number }>(
      tx,
      `SELECT count(*)::int AS n FROM webhook_endpoint WHERE client_id = $1`,
      [clientId],
    );
    return rows[0].n;
  }

  /** Inside the caller's transaction (the Idempotency-Key's, with the quota's lock). */
  async create(tx: SqlExecutor, endpoint: NewEndpoint): Promise<StoredEndpoint> {
    const rows = await queryRows<StoredEndpoint>(
      tx,
      `INSERT INTO webhook_endpoint AS w (id, client_id, url, events, description, secret)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${ENDPOINT}`,
      [endpoint.id, endpoint.clientId, endpoint.url, endpoint.events, endpoint.description, endpoint.secret],
    );
    return endpointOf(rows[0]);
  }

  /** Newest first. */
  async list(
    clientId: string,
    page: number,
    limit: number,
  ): Promise<{ rows: StoredEndpoint[]; total: number }> {
    const rows = await queryRows<StoredEndpoint & { total: string }>(
      this.dataSource,
      `SELECT ${ENDPOINT}, count(*) OVER () AS total FROM webhook_endpoint w
        WHERE w.client_id = $1 ORDER BY w.created_at DESC, w.id LIMIT $2 OFFSET $3`,
      [clientId, limit, offsetOf(page, limit)],
    );
    const total = rows.length > 0 ? Number(rows[0].total) : await this.count(clientId);
    return { rows: rows.map(({ total: _total, ...row }) => endpointOf(row)), total };
  }

  async find(id: string, clientIds: string[]): Promise<StoredEndpoint | null> {
    const rows = await queryRows<StoredEndpoint>(
      this.dataSource,
      `SELECT ${ENDPOINT} FROM webhook_endpoint w WHERE w.id = $1 AND w.client_id = ANY($2)`,
      [id, clientIds],
    );
    return rows[0] ? endpointOf(rows[0]) : null;
  }

  /**
   * Applies a PATCH. Disabling cancels the endpoint's pending deliveries; enabling forgets its
   * failure streak (it starts counting again). Null when the endpoint is not one of these clients'.
   */
  async update(id: string, clientIds: string[], changes: EndpointChanges): Promise<StoredEndpoint | null> {
    return this.dataSource.transaction(async (tx) => {
      const rows = await queryRows<StoredEndpoint>(
        tx,
        `UPDATE webhook_endpoint w SET
           url = CASE WHEN $3 THEN $4 ELSE w.url END,
           events = CASE WHEN $5 THEN $6::text[] ELSE w.events END,
           description = CASE WHEN $7 THEN $8 ELSE w.description END,
           enabled = COALESCE($9, w.enabled),
           failing_since = CASE WHEN $9 THEN NULL ELSE w.failing_since END
         WHERE w.id = $1 AND w.client_id = ANY($2) RETURNING ${ENDPOINT}`,
        [
          id,
          clientIds,
          changes.url !== undefined,
          changes.url ?? null,
          changes.events !== undefined,
          changes.events ?? null,
          changes.description !== undefined,
          changes.description ?? null,
          changes.enabled ?? null,
        ],
      );
      if (rows[0] && changes.enabled === false) await tx.query(CANCEL_PENDING_DELIVERIES, [id]);
      return rows[0] ? endpointOf(rows[0]) : null;
    });
  }

  /** With its deliveries. False when the endpoint is not one of these clients'. */
  async delete(id: string, clientIds: string[]): Promise<boolean> {
    const rows = await queryRows<{ id: string }>(
      this.dataSource,
      `DELETE FROM webhook_endpoint WHERE id = $1 AND client_id = ANY($2) RETURNING id`,
      [id, clientIds],
    );
    return rows.length > 0;
  }

  /** The current secret signs on as the previous one until `previousUntil`. */
  async rotateSecret(id: string, clientIds: string[], secret: Buffer, previousUntil: Date): Promise<boolean> {
    const rows = await queryRows<{ id: string }>(
      this.dataSource,
      `UPDATE webhook_endpoint SET previous_secret = secret, previous_secret_until = $4, secret = $3
        WHERE id = $1 AND client_id = ANY($2) RETURNING id`,
      [id, clientIds, secret, previousUntil],
    );
    return rows.length > 0;
  }

  private async count(clientId: string): Promise<number> {
    const rows = await queryRows<{ n: number }>(
      this.dataSource,
      `SELECT count(*)::int AS n FROM webhook_endpoint WHERE client_id = $1`,
      [clientId],
    );
    return rows[0].n;
  }
}
