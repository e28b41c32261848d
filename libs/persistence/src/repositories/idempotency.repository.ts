import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { SqlExecutor } from './executor';
import { hotStatement, scalar } from './hot-sql';
import { CLAIM_KEYS } from './hot-statements';
import { col, json, readStatement } from './read-sql';

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
/** A key claimed for a request (taken, or taken again once expired); no row when another holds it. */
export const CLAIM_KEY = readStatement(
  'idempotency-claim',
  {
    userId: scalar('uuid'),
    operation: scalar('text'),
    key: scalar('text'),
    requestHash: scalar('text'),
    ttlHours: scalar('int'),
  },
  { claimed: col('int', '1') },
  (q, select) => `INSERT INTO idempotency_record (user_id, operation, key, request_hash)
VALUES (${q.userId}, ${q.operation}, ${q.key}, ${q.requestHash})
ON CONFLICT (user_id, operation, key) DO UPDATE
  SET request_hash = EXCLUDED.request_hash, status_code = NULL, response_body = NULL,
      response_headers = '{}', created_at = now()
  WHERE idempotency_record.created_at < now() - (${q.ttlHours} * interval '1 hour')
RETURNING ${select}`,
);

/** The answer a key keeps (the body verbatim: a json column). */
export const COMPLETE_KEY = hotStatement<never>()(
  'idempotency-complete',
  {
    userId: scalar('uuid'),
    operation: scalar('text'),
    key: scalar('text'),
    statusCode: scalar('smallint'),
    body: scalar('json'),
    headers: scalar('jsonb'),
  },
  (
    q,
  ) => `UPDATE idempotency_record SET status_code = ${q.statusCode}, response_body = ${q.body}, response_headers = ${q.headers}
 WHERE user_id = ${q.userId} AND operation = ${q.operation} AND key = ${q.key}`,
);

/** What a key keeps: the request's hash and the answer. */
export const READ_STORED = readStatement(
  'idempotency-stored',
  { userId: scalar('uuid'), operation: scalar('text'), key: scalar('text') },
  {
    requestHash: col('text', 'request_hash'),
    statusCode: col('smallint', 'status_code'),
    body: json<unknown>('response_body'),
    headers: json<Record<string, string>>('response_headers'),
  },
  (q, select) => `SELECT ${select} FROM idempotency_record
 WHERE user_id = ${q.userId} AND operation = ${q.operation} AND key = ${q.key}`,
);

/** Keys past their lifetime go. */
export const PURGE_KEYS = hotStatement<never>()(
  'idempotency-purge',
  { ttlHours: scalar('int') },
  (q) => `DELETE FROM idempotency_record WHERE created_at < now() - (${q.ttlHours} * interval '1 hour')`,
);

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
    const claimed = await CLAIM_KEY.query(tx, {
      userId,
      operation,
      key,
      requestHash,
      ttlHours: IdempotencyRepository.TTL_HOURS,
    });
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
    await COMPLETE_KEY.query(tx, {
      userId,
      operation,
      key,
      statusCode: response.statusCode,
      body: response.body,
      headers: response.headers ?? {},
    });
  }

  private async storedRows(
    tx: SqlExecutor,
    userId: string,
    operation: string,
    key: string,
  ): Promise<StoredResponse> {
    const [row] = await READ_STORED.query(tx, { userId, operation, key });
    return row;
  }

  async purgeExpired(): Promise<void> {
    await PURGE_KEYS.query(this.dataSource, { ttlHours: IdempotencyRepository.TTL_HOURS });
  }
}
