import { Injectable } from '@nestjs/common';
import type { ListChecked, ListMatch, WatchListSource } from '@app/domain';
import { SqlExecutor } from './executor';

/** An ad-hoc screening as kept: what was answered, never who was screened. */
export interface StoredScreening {
  id: string;
  clientId: string;
  userId: string;
  sources: readonly WatchListSource[];
  listsChecked: readonly ListChecked[];
  matches: readonly ListMatch[];
}

/** `POST /watch-lists/screenings` (CONTRACT 10.4). */
@Injectable()
export class WatchListScreeningRepository {
  /** Stores the screening and its one charge in one statement (in the Idempotency-Key's transaction). */
  async insertScreening(executor: SqlExecutor, screening: StoredScreening): Promise<void> {
    await executor.query(
      `WITH s AS (
         INSERT INTO watch_list_screening (id, client_id, user_id, sources, lists_checked, matches)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id, client_id)
       INSERT INTO billing_charge (client_id, kind, screening_id)
       SELECT client_id, 'WATCH_LIST_SCREENING', id FROM s`,
      [
        screening.id,
        screening.clientId,
        screening.userId,
        screening.sources,
        JSON.stringify(screening.listsChecked),
        JSON.stringify(screening.matches),
      ],
    );
  }
}
