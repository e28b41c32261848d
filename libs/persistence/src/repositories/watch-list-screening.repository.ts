import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ListChecked, ListMatch, WatchListSource } from '@app/domain';
import { SqlExecutor } from './executor';
import { GroupCommit } from './group-commit';
import { INSERT_SCREENINGS } from './hot-statements';

/** An ad-hoc screening as kept: what was answered, never who was screened. */
export interface StoredScreening {
  id: string;
  clientId: string;
  userId: string;
  sources: readonly WatchListSource[];
  listsChecked: readonly ListChecked[];
  matches: readonly ListMatch[];
}

/**
 * Group commit of screenings without an Idempotency-Key: those arriving while earlier statements
 * run go together in the next one. No timer: an idle api writes a screening at once.
 * - SCREENINGS_PER_STATEMENT: 100 screenings (with their matches as JSON) still write in a few
 *   milliseconds; larger groups only make their callers wait longer.
 * - STATEMENTS_IN_FLIGHT: two keep PostgreSQL busy while the next group gathers.
 */
const SCREENINGS_PER_STATEMENT = 100;
const STATEMENTS_IN_FLIGHT = 2;

/** `POST /watch-lists/screenings` (CONTRACT 10.4). */
@Injectable()
export class WatchListScreeningRepository {
  /** One that fails in a group is written again alone, so its error is its own. */
  private readonly screenings = new GroupCommit<StoredScreening, void>(
    async (screenings) => {
      await this.insertScreenings(this.dataSource, screenings);
      return screenings.map(() => undefined);
    },
    { maxBatch: SCREENINGS_PER_STATEMENT, maxInFlight: STATEMENTS_IN_FLIGHT, retryAlone: true },
  );

  constructor(private readonly dataSource: DataSource) {}

  /** Stores a screening and its one charge, atomically, on its own. */
  writeScreening(screening: StoredScreening): Promise<void> {
    return this.screenings.submit(screening);
  }

  /** Stores screenings and their one charge each in one statement (in the caller's transaction). */
  async insertScreenings(executor: SqlExecutor, screenings: readonly StoredScreening[]): Promise<void> {
    await INSERT_SCREENINGS.query(executor, { screenings });
  }
}
