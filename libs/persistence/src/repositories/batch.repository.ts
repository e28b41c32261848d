import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { SqlExecutor } from './executor';

export interface NewBatch {
  id: string;
  clientId: string;
  createdBy: string;
  accepted: number;
  rejected: number;
}

export interface StoredBatch {
  id: string;
  createdAt: Date;
  items: Array<{ index: number; uuid: string; status: string }>;
}

/** Batches of registrations; their requests carry the batch id and their item index. */
@Injectable()
export class BatchRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Inside the transaction that registers the batch's requests (written after it, same statement order). */
  async insert(tx: SqlExecutor, batch: NewBatch): Promise<void> {
    await tx.query(
      `INSERT INTO candidate_request_batch (id, client_id, created_by, accepted, rejected) VALUES ($1, $2, $3, $4, $5)`,
      [batch.id, batch.clientId, batch.createdBy, batch.accepted, batch.rejected],
    );
  }

  /**
   * A batch of one of the clients with its registered requests (item order) and their overall
   * status; blocked requests leave it (docs/privacy.md).
   */
  async find(batchId: string, clientIds: string[]): Promise<StoredBatch | null> {
    const rows: Array<{ id: string; createdAt: Date; items: StoredBatch['items'] | null }> =
      await this.dataSource.query(
        `SELECT b.id, b.created_at AS "createdAt",
                (SELECT json_agg(json_build_object('index', r.batch_index, 'uuid', r.id, 'status', r.status)
                                 ORDER BY r.batch_index)
                   FROM candidate_request r WHERE r.batch_id = b.id AND r.blocked_at IS NULL) AS items
           FROM candidate_request_batch b
          WHERE b.id = $1 AND b.client_id = ANY($2)`,
        [batchId, clientIds],
      );
    const row = rows[0];
    return row ? { id: row.id, createdAt: row.createdAt, items: row.items ?? [] } : null;
  }
}
