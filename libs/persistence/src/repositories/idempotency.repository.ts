import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { SqlExecutor } from './executor';
import { CLAIM_KEYS } from './hot-statements';

export interface StoredResponse {
  requestHash: string;
  statusCode: number;
  body: unknown;
  headers: Record<string, string>;
}

/**
 * A key claimed together with the answer it keeps: for work whose answer is known before it is
 * written (a registration), so the claim and the work go in one transaction without a second write.
 */
export interface IdempotencyClaim {
  userId: string;
  operation: string;
  key: string;
  requestHash: string;
  answer: { statusCode: number; body: unknown; headers?: Record<string, string> };
}

/** Claims of one user and operation are told apart by their key. */
export const claimKey = (claim: Pick<IdempotencyClaim, 'userId' | 'operation' | 'key'>): string =>
  `${claim.userId}\n${claim.operation}\n${claim.key}`;

/**
 * Idempotency-Key records (docs/behaviour.md). A key is claimed by an INSERT inside the transaction that
 * does the work: a concurrent request with the same key blocks on that row until the first
 * commits (and then replays its answer) or rolls back (and then does the work itself). A crash
 * mid-request rolls the claim back with everything else, so no key is ever stuck.
 */
@Injectable()
export class IdempotencyRepository {
  static readonly TTL_HOURS = 24;

  constructor(private readonly dataSource: DataSource) {}

  /** True when this transaction now owns the key; otherwise the stored answer of the first request. */
  async claim(
    tx: SqlExecutor,
    userId: string,
    operation: string,
    key: string,
    requestHash: string,
  ): Promise<true | StoredResponse> {
    const claimed: unknown[] = await tx.query(
      `INSERT INTO idempotency_record (user_id, operation, key, request_hash) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id, operation, key) DO UPDATE
         SET request_hash = EXCLUDED.request_hash, status_code = NULL, response_body = NULL,
             response_headers = '{}', created_at = now()
         WHERE idempotency_record.created_at < now() - ($5::int * interval '1 hour')
       RETURNING 1`,
      [userId, operation, key, requestHash, IdempotencyRepository.TTL_HOURS],
    );
    if (claimed.length > 0) return true;
    return this.storedRows(tx, userId, operation, key);
  }

  /**
   * Claims these keys with their answers inside the caller's transaction (at most one claim per
   * key); answers the `claimKey`s claimed. A key not claimed is held by an earlier request: read its
   * answer with `stored`.
   */
  async claimAnswered(tx: SqlExecutor, claims: readonly IdempotencyClaim[]): Promise<Set<string>> {
    if (claims.length === 0) return new Set();
    const rows = await CLAIM_KEYS.query(tx, { claims, ttlHours: IdempotencyRepository.TTL_HOURS });
    return new Set(
      rows.map((row) => claimKey({ userId: row.user_id, operation: row.operation, key: row.key })),
    );
  }

  /** The answer an earlier request keeps under this key. */
  async stored(
    tx: SqlExecutor,
    claim: Pick<IdempotencyClaim, 'userId' | 'operation' | 'key'>,
  ): Promise<StoredResponse> {
    return this.storedRows(tx, claim.userId, claim.operation, claim.key);
  }

  async complete(
    tx: SqlExecutor,
    userId: string,
    operation: string,
    key: string,
    response: { statusCode: number; body: unknown; headers?: Record<string, string> },
  ): Promise<void> {
    await tx.query(
      `UPDATE idempotency_record SET status_code = $4, response_body = $5, response_headers = $6
        WHERE user_id = $1 AND operation = $2 AND key = $3`,
      [
        userId,
        operation,
        key,
        response.statusCode,
        JSON.stringify(response.body),
        JSON.stringify(response.headers ?? {}),
      ],
    );
  }

  private async storedRows(
    tx: SqlExecutor,
    userId: string,
    operation: string,
    key: string,
  ): Promise<StoredResponse> {
    const rows: Array<{
      request_hash: string;
      status_code: number;
      response_body: unknown;
      response_headers: Record<string, string>;
    }> = await tx.query(
      `SELECT request_hash, status_code, response_body, response_headers FROM idempotency_record
          WHERE user_id = $1 AND operation = $2 AND key = $3`,
      [userId, operation, key],
    );
    const row = rows[0];
    return {
      requestHash: row.request_hash,
      statusCode: row.status_code,
      body: row.response_body,
      headers: row.response_headers,
    };
  }

  async purgeExpired(): Promise<void> {
    await this.dataSource.query(
      `DELETE FROM idempotency_record WHERE created_at < now() - ($1::int * interval '1 hour')`,
      [IdempotencyRepository.TTL_HOURS],
    );
  }
}
