/**
 * Moving a candidate request through retention's clock by SQL (docs/privacy.md, "Retention:
 * blocking, then suppression"): the processor's sweep then blocks or suppresses it on its next
 * pass, and a test polls for that to a deadline.
 */
import { withDb } from './helpers';

const DAY_SQL = `interval '1 day'`;

/** Moves the requests' registration and process dates `days` into the past. */
export async function ageRequests(requestIds: string[], days: number): Promise<void> {
  await withDb(async (db) => {
    await db.query(
      `UPDATE candidate_request SET created_at = created_at - $2 * ${DAY_SQL} WHERE id = ANY($1)`,
      [requestIds, days],
    );
    await db.query(
      `UPDATE request_process SET start_date = start_date - $2 * ${DAY_SQL}, end_date = end_date - $2 * ${DAY_SQL}
        WHERE request_id = ANY($1)`,
      [requestIds, days],
    );
  });
}

/** Moves the requests' blocking `days` into the past. */
export async function ageBlocking(requestIds: string[], days: number): Promise<void> {
  await withDb((db) =>
    db.query(`UPDATE candidate_request SET blocked_at = blocked_at - $2 * ${DAY_SQL} WHERE id = ANY($1)`, [
      requestIds,
      days,
    ]),
  );
}
