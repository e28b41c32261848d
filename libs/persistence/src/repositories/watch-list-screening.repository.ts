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
  /**
   * Stores screenings and their one charge each in one statement: several callers' screenings
   * together (group commit), or one in an Idempotency-Key's transaction.
   */
  async insertScreenings(executor: SqlExecutor, screenings: readonly StoredScreening[]): Promise<void> {
    await executor.query(
      `WITH s AS (
         INSERT INTO watch_list_screening (id, client_id, user_id, sources, lists_checked, matches)
         SELECT id, client_id, user_id, ARRAY(SELECT jsonb_array_elements_text(sources)), lists_checked, matches
           FROM unnest($1::uuid[], $2::text[], $3::uuid[], $4::jsonb[], $5::jsonb[], $6::jsonb[])
                AS x(id, client_id, user_id, sources, lists_checked, matches)
         RETURNING id, client_id)
       INSERT INTO billing_charge (client_id, kind, screening_id)
       SELECT client_id, 'WATCH_LIST_SCREENING', id FROM s`,
      [
        screenings.map((s) => s.id),
        screenings.map((s) => s.clientId),
        screenings.map((s) => s.userId),
        screenings.map((s) => JSON.stringify(s.sources)),
        screenings.map((s) => JSON.stringify(s.listsChecked)),
        screenings.map((s) => JSON.stringify(s.matches)),
      ],
    );
  }
}
