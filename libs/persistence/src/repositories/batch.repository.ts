import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { SqlExecutor } from './executor';
import { hotStatement, scalar } from './hot-sql';
import { col, jsonArray, readStatement, type RowOf } from './read-sql';

export interface NewBatch {
  id: string;
  clientId: string;
  createdBy: string;
  accepted: number;
  rejected: number;
}

/** A new batch's row (its requests are written by the registrations' statement). */
export const INSERT_BATCH = hotStatement<never>()(
  'batch-insert',
  {
    id: scalar('uuid'),
    clientId: scalar('text'),
    createdBy: scalar('uuid'),
    accepted: scalar('int'),
    rejected: scalar('int'),
  },
  (q) => `INSERT INTO candidate_request_batch (id, client_id, created_by, accepted, rejected)
VALUES (${q.id}, ${q.clientId}, ${q.createdBy}, ${q.accepted}, ${q.rejected})`,
);

/** A batch of the caller's clients with its items in batch order (blocked requests leave it: docs/privacy.md). */
export const READ_BATCH = readStatement(
  'batch-find',
  { batchId: scalar('uuid'), clientIds: scalar('text[]') },
  {
    id: col('uuid', 'b.id'),
    createdAt: col('timestamptz', 'b.created_at'),
    items: jsonArray(
      {
        index: col('int', 'r.batch_index'),
        uuid: col('uuid', 'r.id'),
        status: col('text', 'r.status'),
      },
      'candidate_request r WHERE r.batch_id = b.id AND r.blocked_at IS NULL',
      'r.batch_index',
    ),
  },
  (q, select) => `SELECT ${select}
  FROM candidate_request_batch b
 WHERE b.id = ${q.batchId} AND b.client_id = ANY(${q.clientIds})`,
);
export type StoredBatch = RowOf<typeof READ_BATCH.fields>;

/** Batches of registrations; their requests carry the batch id and their item index. */
@Injectable()
export class BatchRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Inside the transaction that registers the batch's requests (written after it, same statement order). */
  async insert(tx: SqlExecutor, batch: NewBatch): Promise<void> {
    await INSERT_BATCH.query(tx, batch);
  }

  /**
   * A batch of one of the clients with its registered requests (item order) and their overall
   * status; blocked requests leave it (docs/privacy.md).
   */
  async find(batchId: string, clientIds: string[]): Promise<StoredBatch | null> {
    const [row] = await READ_BATCH.query(this.dataSource, { batchId, clientIds });
    return row ?? null;
  }
}
